import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { guidanceMachine } from '../../machines/guidance/guidance.machine.ts'
import type { GuidanceFacts, GuidanceIdentity } from '../../machines/guidance/guidance.types.ts'
import { guidanceRole, identifyPayload, isGuidanceEnabled } from '../../machines/guidance/guidance-rules.ts'
import { walk } from './walk.ts'

const signedOut: GuidanceFacts = {
  userId: null,
  email: null,
  signerIdentityEmail: null,
  businessId: null,
  isBusinessAdmin: false,
  planId: 'free_legacy',
  planStart: null,
  locale: 'en-gb',
  userPilotEnabled: false,
}
const freeUser: GuidanceFacts = {
  ...signedOut,
  userId: 'u1',
  email: 'ann@example.test',
  planStart: '2026-01-01T00:00:00Z',
}
const businessAdmin: GuidanceFacts = {
  ...freeUser,
  signerIdentityEmail: 'ann.signer@example.test',
  businessId: 'b1',
  isBusinessAdmin: true,
  planId: 'team_v3',
  userPilotEnabled: true,
}
const disabled: GuidanceFacts = { ...businessAdmin, userPilotEnabled: false }

/** A guidance machine whose tool calls are recorded in `calls`. */
function recorded() {
  const calls: [string, GuidanceIdentity | undefined][] = []
  const machine = guidanceMachine.provide({
    actions: {
      start: () => calls.push(['start', undefined]),
      teardown: () => calls.push(['teardown', undefined]),
      reset: () => calls.push(['reset', undefined]),
      identify: (_, params) => calls.push(['identify', params]),
    },
  })
  return { machine, calls }
}

describe('guidance rules', () => {
  it('SPEC §4: on for free_legacy or when the business enables it', () => {
    expect(isGuidanceEnabled({ planId: 'free_legacy', userPilotEnabled: false })).toBe(true)
    expect(isGuidanceEnabled({ planId: 'team_v3', userPilotEnabled: true })).toBe(true)
    expect(isGuidanceEnabled({ planId: 'team_v3', userPilotEnabled: false })).toBe(false)
    expect(isGuidanceEnabled({ planId: null, userPilotEnabled: false })).toBe(false)
  })
  it('SPEC §6: the guidance tool receives admin for a business admin and user for everyone else', () => {
    expect(guidanceRole(true)).toBe('admin')
    expect(guidanceRole(false)).toBe('user')
  })
  it('SPEC §7: the identify payload prefers the signer identity email', () => {
    expect(identifyPayload(businessAdmin)).toEqual({
      userId: 'u1',
      email: 'ann.signer@example.test',
      businessId: 'b1',
      role: 'admin',
      planId: 'team_v3',
      locale: 'en-gb',
      planStart: '2026-01-01T00:00:00Z',
    })
    expect(identifyPayload(freeUser)).toMatchObject({
      email: 'ann@example.test',
      role: 'user',
      businessId: null,
    })
    expect(identifyPayload(signedOut)).toBeNull()
  })
})

describe('guidance machine', () => {
  it('starts, identifies, re-identifies on change, resets and tears down', () => {
    const { machine, calls } = recorded()
    const actor = createActor(machine).start()
    actor.send({ type: 'guidance.sync', facts: freeUser })
    actor.send({ type: 'guidance.sync', facts: freeUser })
    actor.send({ type: 'guidance.sync', facts: businessAdmin })
    actor.send({ type: 'guidance.sync', facts: { ...businessAdmin, userId: null } })
    actor.send({ type: 'guidance.sync', facts: disabled })
    expect(calls).toEqual([
      ['start', undefined],
      ['identify', identifyPayload(freeUser)],
      ['identify', identifyPayload(businessAdmin)],
      ['reset', undefined],
      ['teardown', undefined],
    ])
    expect(actor.getSnapshot().value).toBe('off')
    actor.stop()
  })

  it('walks every state and transition', async () => {
    const { machine, calls } = recorded()
    const coverage = await walk('guidance', {
      machine,
      events: [signedOut, freeUser, businessAdmin, disabled].map((facts) => ({
        type: 'guidance.sync' as const,
        facts,
      })),
      states: {
        off: (s) => expect(s.context.identity).toBeNull(),
        'on.anonymous': (s) => {
          expect(s.context.identity).toBeNull()
          expect(calls.at(-1)?.[0]).toBe('reset')
        },
        'on.identified': (s) => {
          expect(s.context.identity).not.toBeNull()
          expect(calls.findLast(([name]) => name === 'identify')?.[1]).toEqual(s.context.identity)
        },
      },
    })
    expect(coverage.missingStates).toEqual([])
    expect(coverage.missingTransitions).toEqual([])
  })
})
