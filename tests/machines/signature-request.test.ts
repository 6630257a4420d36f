import { describe, expect, it } from 'vitest'
import { signatureRequestStatuses } from '../../contract/signature-request-status.ts'
import { applyRequestEvent } from '../../machines/signature-request/apply-request-event.ts'
import { signatureRequestMachine } from '../../machines/signature-request/signature-request.machine.ts'
import { selectTurn } from '../../machines/signature-request/signature-request.selectors.ts'
import type {
  SignatureRequestEvent,
  SignatureRequestState,
} from '../../machines/signature-request/signature-request.types.ts'
import { walk } from './walk.ts'

const owner = 'owner'
const alice = 'alice'
const bob = 'bob'
const carol = 'carol'
const stranger = 'stranger'

const events: SignatureRequestEvent[] = [
  { type: 'request.initiate', actorId: owner },
  { type: 'request.initiate', actorId: stranger },
  { type: 'signer.add', actorId: owner, signerId: alice },
  { type: 'signer.add', actorId: owner, signerId: bob },
  // Bob signs only after Alice (and Carol, added after them, last).
  { type: 'signers.order', actorId: owner, sequence: { alice: 1, bob: 2 } },
  { type: 'signers.order', actorId: owner, sequence: { stranger: 1 } },
  { type: 'signer.add', actorId: owner, signerId: carol, sequence: 3 },
  { type: 'signer.add', actorId: stranger, signerId: stranger },
  { type: 'signer.remove', actorId: owner, signerId: alice },
  { type: 'signer.place', actorId: owner, signerId: alice },
  { type: 'signer.place', actorId: alice, signerId: alice },
  { type: 'standard.change', actorId: owner },
  { type: 'standard.change', actorId: alice },
  { type: 'signer.leave', actorId: bob },
  { type: 'signer.leave', actorId: stranger },
  { type: 'request.sign', actorId: alice },
  { type: 'request.sign', actorId: bob },
  { type: 'request.sign', actorId: stranger },
  { type: 'request.decline', actorId: bob },
  { type: 'request.withdraw', actorId: owner },
  { type: 'request.withdraw', actorId: alice },
  { type: 'request.expire' },
  { type: 'participant.remove', participantIds: [owner] },
  { type: 'participant.remove', participantIds: [alice, bob] },
  { type: 'participant.remove', participantIds: [stranger] },
]

describe('signature request lifecycle (SPEC §4)', () => {
  // About 9 s of one busy core here; beside the rest of the suite it took more than the default 20 s.
  it('walks every state and transition', async () => {
    const coverage = await walk('signature-request', {
      machine: signatureRequestMachine,
      input: { ownerId: owner },
      // A finished request takes no events; sending them would only log warnings.
      events: (snapshot) => (snapshot.status === 'done' ? [] : events),
      check: (snapshot) => {
        expect(snapshot.context.ownerId).toBe(owner)
        expect(Object.keys(snapshot.context.signers)).not.toContain(stranger)
        expect(snapshot.context.removed).not.toContain(stranger)
      },
      states: {
        draft: (s) => expect(Object.values(s.context.signers).every((x) => x === 'OPEN')).toBe(true),
        open: (s) => {
          const statuses = Object.values(s.context.signers)
          expect(statuses.length).toBeGreaterThan(0)
          expect(statuses).toContain('OPEN')
          expect(statuses.every((x) => x === 'OPEN' || x === 'SIGNED')).toBe(true)
          // Nobody signed ahead of their turn: every signature given comes at or before the current turn.
          const turn = selectTurn(s)
          expect(turn.length).toBeGreaterThan(0)
          const position = (id: string) => s.context.sequence[id] ?? 1
          const current = position(turn[0] ?? '')
          for (const [id, status] of Object.entries(s.context.signers)) {
            if (status === 'SIGNED') expect(position(id)).toBeLessThanOrEqual(current)
            else expect(position(id)).toBeGreaterThanOrEqual(current)
          }
        },
        signed: (s) => expect(Object.values(s.context.signers).every((x) => x === 'SIGNED')).toBe(true),
        declined: (s) =>
          expect(Object.values(s.context.signers).filter((x) => x === 'DECLINED')).toHaveLength(1),
        withdrawn: (s) => expect(Object.values(s.context.signers)).not.toContain('OPEN'),
        expired: (s) => expect(Object.values(s.context.signers)).toContain('OPEN'),
        deleted: (s) =>
          expect([...s.context.removed].sort()).toEqual([owner, ...Object.keys(s.context.signers)].sort()),
      },
    })
    expect(coverage.missingStates).toEqual([])
    expect(coverage.missingTransitions).toEqual([])
  }, 120_000)
})

const open: SignatureRequestState = {
  status: 'OPEN',
  ownerId: owner,
  signers: { alice: 'OPEN', bob: 'OPEN' },
}
const draft: SignatureRequestState = { ...open, status: 'DRAFT' }
const halfSigned: SignatureRequestState = { ...open, signers: { alice: 'SIGNED', bob: 'OPEN' } }

describe('applyRequestEvent: the server replays events on the same machine', () => {
  it('SPEC §4: a draft is initiated and becomes OPEN', () => {
    expect(applyRequestEvent(draft, { type: 'request.initiate', actorId: owner })).toEqual({
      ok: true,
      sequence: {},
      removed: [],
      deleted: false,
      status: 'OPEN',
      signers: draft.signers,
    })
  })

  it('issue 43: the sender changes the standard of a draft or of an open request nobody has signed', () => {
    const change = { type: 'standard.change', actorId: owner } as const
    expect(applyRequestEvent(draft, change)).toMatchObject({ ok: true, status: 'DRAFT' })
    expect(applyRequestEvent(open, change)).toMatchObject({ ok: true, status: 'OPEN', signers: open.signers })
    expect(applyRequestEvent(halfSigned, change)).toEqual({
      ok: false,
      code: 'signature_request.standard_locked',
    })
    expect(applyRequestEvent(open, { type: 'standard.change', actorId: alice })).toEqual({
      ok: false,
      code: 'signature_request.not_owner',
    })
    expect(applyRequestEvent({ ...open, status: 'WITHDRAWN' }, change)).toEqual({
      ok: false,
      code: 'signature_request.ended',
    })
  })

  it('SPEC §4: the request is SIGNED when every signer has signed', () => {
    expect(applyRequestEvent(open, { type: 'request.sign', actorId: alice })).toEqual({
      ok: true,
      sequence: {},
      removed: [],
      deleted: false,
      status: 'OPEN',
      signers: { alice: 'SIGNED', bob: 'OPEN' },
    })
    expect(applyRequestEvent(halfSigned, { type: 'request.sign', actorId: bob })).toEqual({
      ok: true,
      sequence: {},
      removed: [],
      deleted: false,
      status: 'SIGNED',
      signers: { alice: 'SIGNED', bob: 'SIGNED' },
    })
  })

  it('issue 40: an open request whose expiry passes is EXPIRED, its open signatures never signed', () => {
    expect(applyRequestEvent(halfSigned, { type: 'request.expire' })).toEqual({
      ok: true,
      sequence: {},
      removed: [],
      deleted: false,
      status: 'EXPIRED',
      signers: { alice: 'SIGNED', bob: 'OPEN' },
    })
  })

  it('SPEC §4: a decline by any signer declines the request', () => {
    expect(applyRequestEvent(halfSigned, { type: 'request.decline', actorId: bob })).toEqual({
      ok: true,
      sequence: {},
      removed: [],
      deleted: false,
      status: 'DECLINED',
      signers: { alice: 'SIGNED', bob: 'DECLINED' },
    })
  })

  it('SPEC §4: the sender withdraws an OPEN request and the open signatures with it', () => {
    expect(applyRequestEvent(halfSigned, { type: 'request.withdraw', actorId: owner })).toEqual({
      ok: true,
      sequence: {},
      removed: [],
      deleted: false,
      status: 'WITHDRAWN',
      signers: { alice: 'SIGNED', bob: 'WITHDRAWN' },
    })
  })

  it('signers can change while nobody has signed', () => {
    expect(applyRequestEvent(open, { type: 'signer.add', actorId: owner, signerId: 'carol' })).toEqual({
      ok: true,
      sequence: {},
      removed: [],
      deleted: false,
      status: 'OPEN',
      signers: { alice: 'OPEN', bob: 'OPEN', carol: 'OPEN' },
    })
    expect(applyRequestEvent(open, { type: 'signer.remove', actorId: owner, signerId: bob })).toEqual({
      ok: true,
      sequence: {},
      removed: [],
      deleted: false,
      status: 'OPEN',
      signers: { alice: 'OPEN' },
    })
    const single: SignatureRequestState = { ...draft, signers: { alice: 'OPEN' } }
    expect(applyRequestEvent(single, { type: 'signer.remove', actorId: owner, signerId: alice })).toEqual({
      ok: true,
      sequence: {},
      removed: [],
      deleted: false,
      status: 'DRAFT',
      signers: {},
    })
  })

  it('a signer leaves a request while nobody has signed, and only themselves', () => {
    expect(applyRequestEvent(open, { type: 'signer.leave', actorId: bob })).toEqual({
      ok: true,
      sequence: {},
      removed: [],
      deleted: false,
      status: 'OPEN',
      signers: { alice: 'OPEN' },
    })
  })

  it('an ended request goes off one participant’s list at a time, and is deleted with the last', () => {
    const declined: SignatureRequestState = {
      ...open,
      status: 'DECLINED',
      signers: { alice: 'DECLINED', bob: 'OPEN' },
    }
    expect(applyRequestEvent(declined, { type: 'participant.remove', participantIds: [owner] })).toEqual({
      ok: true,
      status: 'DECLINED',
      signers: declined.signers,
      sequence: {},
      removed: [owner],
      deleted: false,
    })
    const last = { ...declined, removed: [owner, alice] }
    expect(applyRequestEvent(last, { type: 'participant.remove', participantIds: [bob] })).toEqual({
      ok: true,
      status: 'DECLINED',
      signers: declined.signers,
      sequence: {},
      removed: [owner, alice, bob],
      deleted: true,
    })
    // An owner who also signs takes both parts off at once.
    const selfSigned: SignatureRequestState = { ...open, status: 'SIGNED', signers: { [owner]: 'SIGNED' } }
    expect(
      applyRequestEvent(selfSigned, { type: 'participant.remove', participantIds: [owner, owner] }),
    ).toEqual({
      ok: true,
      status: 'SIGNED',
      signers: selfSigned.signers,
      sequence: {},
      removed: [owner, owner],
      deleted: true,
    })
  })

  const signed: SignatureRequestState = {
    ...open,
    status: 'SIGNED',
    signers: { alice: 'SIGNED', bob: 'SIGNED' },
  }
  const refusals: [string, SignatureRequestState, SignatureRequestEvent, string][] = [
    ['initiate an open request', open, { type: 'request.initiate', actorId: owner }, 'not_draft'],
    ['initiate by someone else', draft, { type: 'request.initiate', actorId: alice }, 'not_owner'],
    [
      'initiate without signers',
      { ...draft, signers: {} },
      { type: 'request.initiate', actorId: owner },
      'no_signers',
    ],
    ['sign a draft', draft, { type: 'request.sign', actorId: alice }, 'not_open'],
    ['sign by a non-signer', open, { type: 'request.sign', actorId: stranger }, 'not_a_signer'],
    ['sign twice', halfSigned, { type: 'request.sign', actorId: alice }, 'already_signed'],
    ['decline after signing', halfSigned, { type: 'request.decline', actorId: alice }, 'already_signed'],
    [
      'sign after declining',
      { ...open, status: 'DECLINED', signers: { alice: 'DECLINED', bob: 'OPEN' } },
      { type: 'request.sign', actorId: bob },
      'not_open',
    ],
    [
      'sign after withdraw',
      { ...open, status: 'WITHDRAWN', signers: { alice: 'WITHDRAWN', bob: 'WITHDRAWN' } },
      { type: 'request.sign', actorId: alice },
      'not_open',
    ],
    [
      'sign with a withdrawn signature',
      { ...open, signers: { alice: 'WITHDRAWN', bob: 'OPEN' } },
      { type: 'request.sign', actorId: alice },
      'signer_not_open',
    ],
    [
      'sign after expiry',
      { ...open, status: 'EXPIRED' },
      { type: 'request.sign', actorId: alice },
      'expired',
    ],
    [
      'decline after expiry',
      { ...open, status: 'EXPIRED' },
      { type: 'request.decline', actorId: bob },
      'expired',
    ],
    ['expire a draft', draft, { type: 'request.expire' }, 'not_open'],
    ['expire a signed request', { ...open, status: 'SIGNED' }, { type: 'request.expire' }, 'not_open'],
    ['withdraw by a signer', open, { type: 'request.withdraw', actorId: alice }, 'not_owner'],
    ['withdraw a draft', draft, { type: 'request.withdraw', actorId: owner }, 'not_open'],
    [
      'withdraw a signed request',
      { ...open, status: 'SIGNED', signers: { alice: 'SIGNED', bob: 'SIGNED' } },
      { type: 'request.withdraw', actorId: owner },
      'not_open',
    ],
    [
      'add a signer as someone else',
      open,
      { type: 'signer.add', actorId: alice, signerId: 'carol' },
      'not_owner',
    ],
    [
      'add a signer after someone signed',
      halfSigned,
      { type: 'signer.add', actorId: owner, signerId: 'carol' },
      'signers_locked',
    ],
    [
      'remove a signer after someone signed',
      halfSigned,
      { type: 'signer.remove', actorId: owner, signerId: bob },
      'signers_locked',
    ],
    [
      'add a signer twice',
      draft,
      { type: 'signer.add', actorId: owner, signerId: alice },
      'already_a_signer',
    ],
    [
      'remove a non-signer',
      draft,
      { type: 'signer.remove', actorId: owner, signerId: stranger },
      'not_a_signer',
    ],
    [
      'remove the last signer of an open request',
      { ...open, signers: { alice: 'OPEN' } },
      { type: 'signer.remove', actorId: owner, signerId: alice },
      'no_signers',
    ],
    ['leave a request one does not sign', open, { type: 'signer.leave', actorId: stranger }, 'not_a_signer'],
    ['leave after someone signed', halfSigned, { type: 'signer.leave', actorId: bob }, 'signers_locked'],
    [
      'leave as the last signer of an open request',
      { ...open, signers: { alice: 'OPEN' } },
      { type: 'signer.leave', actorId: alice },
      'no_signers',
    ],
    [
      'leave a request that ended',
      { ...open, status: 'WITHDRAWN', signers: { alice: 'WITHDRAWN', bob: 'WITHDRAWN' } },
      { type: 'signer.leave', actorId: alice },
      'ended',
    ],
    [
      'add a signer after the request ended',
      { ...open, status: 'DECLINED', signers: { alice: 'DECLINED', bob: 'OPEN' } },
      { type: 'signer.add', actorId: owner, signerId: 'carol' },
      'ended',
    ],
    [
      'take an open request off one’s list',
      open,
      { type: 'participant.remove', participantIds: [alice] },
      'not_ended',
    ],
    [
      'take a request off the list of someone who takes no part',
      signed,
      { type: 'participant.remove', participantIds: [stranger] },
      'not_a_participant',
    ],
    [
      'take a request off one’s list twice',
      { ...signed, removed: [alice] },
      { type: 'participant.remove', participantIds: [alice] },
      'not_a_participant',
    ],
    [
      'take a request off nobody’s list',
      signed,
      { type: 'participant.remove', participantIds: [] },
      'not_a_participant',
    ],
  ]

  it('asks the signers in their order: a turn at a time, equal positions together', () => {
    const inOrder: SignatureRequestState = {
      ...open,
      signers: { alice: 'OPEN', bob: 'OPEN', carol: 'OPEN' },
      sequence: { alice: 1, bob: 2, carol: 2 },
    }
    expect(applyRequestEvent(inOrder, { type: 'request.sign', actorId: bob })).toEqual({
      ok: false,
      code: 'signature_request.not_your_turn',
    })
    expect(applyRequestEvent(inOrder, { type: 'request.decline', actorId: carol })).toEqual({
      ok: false,
      code: 'signature_request.not_your_turn',
    })
    const first = applyRequestEvent(inOrder, { type: 'request.sign', actorId: alice })
    expect(first).toMatchObject({ ok: true, status: 'OPEN' })
    const afterAlice = { ...inOrder, signers: { alice: 'SIGNED', bob: 'OPEN', carol: 'OPEN' } } as const
    expect(applyRequestEvent(afterAlice, { type: 'request.sign', actorId: carol })).toMatchObject({
      ok: true,
      signers: { alice: 'SIGNED', bob: 'OPEN', carol: 'SIGNED' },
    })
    expect(applyRequestEvent(afterAlice, { type: 'request.decline', actorId: bob })).toMatchObject({
      ok: true,
      status: 'DECLINED',
    })
  })

  it('lets only the sender set the order, of the draft’s own signers, before sending', () => {
    const order = { type: 'signers.order', actorId: owner, sequence: { bob: 1, alice: 2 } } as const
    expect(applyRequestEvent(draft, order)).toMatchObject({ ok: true, sequence: { bob: 1, alice: 2 } })
    expect(applyRequestEvent(draft, { ...order, actorId: alice })).toEqual({
      ok: false,
      code: 'signature_request.not_owner',
    })
    expect(applyRequestEvent(draft, { ...order, sequence: { stranger: 1 } })).toEqual({
      ok: false,
      code: 'signature_request.not_a_signer',
    })
    expect(applyRequestEvent(open, order)).toEqual({ ok: false, code: 'signature_request.not_draft' })
  })

  it.each(refusals)('refuses to %s', (_, state, event, code) => {
    expect(applyRequestEvent(state, event)).toEqual({ ok: false, code: `signature_request.${code}` })
  })

  it('every refusal has a code, for every status and event', () => {
    const samples: SignatureRequestEvent[] = [...events, { type: 'request.decline', actorId: stranger }]
    for (const status of signatureRequestStatuses) {
      for (const event of samples) {
        const result = applyRequestEvent({ ...open, status }, event)
        if (!result.ok) expect(result.code).toMatch(/^signature_request\.[a-z_]+$/)
        // Only a request under way changes; an ended one only goes off its participants' lists.
        else if (event.type === 'participant.remove') expect(['DRAFT', 'OPEN']).not.toContain(status)
        else expect(['DRAFT', 'OPEN']).toContain(status)
      }
    }
  })
})
