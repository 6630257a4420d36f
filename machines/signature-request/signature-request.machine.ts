import { assign, setup } from 'xstate'
import type { SignerStatus } from '../../contract/signature-request-status.ts'
import type {
  LeaveEvent,
  OrderEvent,
  RemoveFromListEvent,
  SignatureRequestContext,
  SignatureRequestEvent,
  SignatureRequestInput,
  SignerChangeEvent,
  SignerSequence,
  StandardEvent,
} from './signature-request.types.ts'
import {
  addSignerRefusal,
  initiateRefusal,
  leaveRefusal,
  orderRefusal,
  placeFieldsRefusal,
  removeFromListRefusal,
  removeSignerRefusal,
  signerActionRefusal,
  standardRefusal,
  withdrawRefusal,
} from './signature-request-refusals.ts'

// Guards and actions of the lifecycle, named so the configuration below refers to them by name.
const lifecycle = setup({
  types: {
    context: {} as SignatureRequestContext,
    events: {} as SignatureRequestEvent,
    input: {} as SignatureRequestInput,
  },
  guards: {
    mayInitiate: ({ context }, params: { actorId: string }) =>
      initiateRefusal(context, params.actorId) === undefined,
    maySignOrDecline: ({ context }, params: { actorId: string }) =>
      signerActionRefusal(context, params.actorId) === undefined,
    mayWithdraw: ({ context }, params: { actorId: string }) =>
      withdrawRefusal(context, params.actorId) === undefined,
    mayAddSigner: ({ context }, params: { actorId: string; signerId: string }) =>
      addSignerRefusal(context, params.actorId, params.signerId) === undefined,
    mayRemoveSigner: ({ context }, params: { actorId: string; signerId: string; keepOne: boolean }) =>
      removeSignerRefusal(context, params.actorId, params.signerId, params.keepOne) === undefined,
    mayPlaceFields: ({ context }, params: { actorId: string; signerId: string }) =>
      placeFieldsRefusal(context, params.actorId, params.signerId) === undefined,
    mayOrder: ({ context }, params: { actorId: string; sequence: SignerSequence }) =>
      orderRefusal(context, params.actorId, params.sequence) === undefined,
    mayChangeStandard: ({ context }, params: { actorId: string }) =>
      standardRefusal(context, params.actorId) === undefined,
    mayLeave: ({ context }, params: { actorId: string; keepOne: boolean }) =>
      leaveRefusal(context, params.actorId, params.keepOne) === undefined,
    everySignerSigned: ({ context }) => Object.values(context.signers).every((s) => s === 'SIGNED'),
    mayRemoveFromList: ({ context }, params: { participantIds: string[] }) =>
      removeFromListRefusal(context, params.participantIds) === undefined,
    everyoneRemoved: ({ context }) =>
      [context.ownerId, ...Object.keys(context.signers)].every((id) => context.removed.includes(id)),
  },
  actions: {
    // The fields are stored with the request, not in the lifecycle: the server writes them when the
    // machine takes `signer.place`. Named so the chart shows what the transition does.
    placeFields: () => {},
    // Likewise the standard (quality, legislation): the server writes it when the machine takes `standard.change`.
    changeStandard: () => {},
    addSigner: assign({
      signers: ({ context }, params: { signerId: string; sequence: number | undefined }) => ({
        ...context.signers,
        [params.signerId]: 'OPEN',
      }),
      sequence: ({ context }, params: { signerId: string; sequence: number | undefined }) =>
        params.sequence === undefined
          ? context.sequence
          : { ...context.sequence, [params.signerId]: params.sequence },
    }),
    removeSigner: assign({
      signers: ({ context }, params: { signerId: string }) =>
        Object.fromEntries(Object.entries(context.signers).filter(([id]) => id !== params.signerId)),
      sequence: ({ context }, params: { signerId: string }) =>
        Object.fromEntries(Object.entries(context.sequence).filter(([id]) => id !== params.signerId)),
    }),
    setOrder: assign({
      sequence: (_, params: { sequence: SignerSequence }) => params.sequence,
    }),
    setSignerStatus: assign({
      signers: ({ context }, params: { signerId: string; status: SignerStatus }) => ({
        ...context.signers,
        [params.signerId]: params.status,
      }),
    }),
    markRemoved: assign({
      removed: ({ context }, params: { participantIds: string[] }) => [
        ...context.removed,
        ...params.participantIds,
      ],
    }),
    // Invitations still open when the sender withdraws are withdrawn with the request.
    withdrawOpenSigners: assign({
      signers: ({ context }) =>
        Object.fromEntries(
          Object.entries(context.signers).map(([id, s]) => [id, s === 'OPEN' ? ('WITHDRAWN' as const) : s]),
        ),
    }),
  },
})

/**
 * Changes to the signer list, by the sender or a signer leaving, and to the signature standard, the same in a
 * draft and an open request (so only until someone signed) except that an open request keeps at least one
 * signer (`keepOne`).
 */
function signerChanges(keepOne: boolean) {
  return {
    'signer.add': {
      guard: {
        type: 'mayAddSigner',
        params: ({ event }: { event: SignerChangeEvent }) => ({
          actorId: event.actorId,
          signerId: event.signerId,
        }),
      },
      actions: {
        type: 'addSigner',
        params: ({ event }: { event: SignerChangeEvent }) => ({
          signerId: event.signerId,
          sequence: event.type === 'signer.add' ? event.sequence : undefined,
        }),
      },
    },
    'signer.remove': {
      guard: {
        type: 'mayRemoveSigner',
        params: ({ event }: { event: SignerChangeEvent }) => ({
          actorId: event.actorId,
          signerId: event.signerId,
          keepOne,
        }),
      },
      actions: {
        type: 'removeSigner',
        params: ({ event }: { event: SignerChangeEvent }) => ({ signerId: event.signerId }),
      },
    },
    'signer.place': {
      guard: {
        type: 'mayPlaceFields',
        params: ({ event }: { event: SignerChangeEvent }) => ({
          actorId: event.actorId,
          signerId: event.signerId,
        }),
      },
      actions: 'placeFields',
    },
    'standard.change': {
      guard: {
        type: 'mayChangeStandard',
        params: ({ event }: { event: StandardEvent }) => ({ actorId: event.actorId }),
      },
      actions: 'changeStandard',
    },
    'signer.leave': {
      guard: {
        type: 'mayLeave',
        params: ({ event }: { event: LeaveEvent }) => ({ actorId: event.actorId, keepOne }),
      },
      actions: {
        type: 'removeSigner',
        params: ({ event }: { event: LeaveEvent }) => ({ signerId: event.actorId }),
      },
    },
  } as const
}

/**
 * An ended request stays as it is; each participant may take it off their own list, and when the last one
 * has, it is deleted.
 */
function ended() {
  return {
    always: { guard: 'everyoneRemoved', target: 'deleted' },
    on: {
      'participant.remove': {
        guard: {
          type: 'mayRemoveFromList',
          params: ({ event }: { event: RemoveFromListEvent }) => ({ participantIds: event.participantIds }),
        },
        actions: {
          type: 'markRemoved',
          params: ({ event }: { event: RemoveFromListEvent }) => ({ participantIds: event.participantIds }),
        },
      },
    },
  } as const
}

/**
 * Lifecycle of one signature request (SPEC §4): a draft is initiated and becomes open; an open
 * request is signed when every signer has signed, declined when any signer declines, withdrawn
 * by its sender, expired when its expiry passes on the server's clock first (its open signatures stay open, never
 * signed). The sender may set a signing order in the draft: then only the signers whose turn it is
 * (signersInTurn) sign or decline, and the next turn comes when the last of the current one has signed. Once
 * ended, it is deleted when every participant took it off their list. The server
 * replays events on it (see applyRequestEvent), so client and server
 * accept and refuse the same things.
 */
export const signatureRequestMachine = lifecycle.createMachine({
  id: 'signatureRequest',
  context: ({ input }) => ({
    ownerId: input.ownerId,
    signers: input.signers ?? {},
    sequence: input.sequence ?? {},
    removed: [],
  }),
  initial: 'draft',
  states: {
    draft: {
      on: {
        'request.initiate': {
          guard: { type: 'mayInitiate', params: ({ event }) => ({ actorId: event.actorId }) },
          target: 'open',
        },
        'signers.order': {
          guard: {
            type: 'mayOrder',
            params: ({ event }: { event: OrderEvent }) => ({
              actorId: event.actorId,
              sequence: event.sequence,
            }),
          },
          actions: {
            type: 'setOrder',
            params: ({ event }: { event: OrderEvent }) => ({ sequence: event.sequence }),
          },
        },
        ...signerChanges(false),
      },
    },
    open: {
      always: { guard: 'everySignerSigned', target: 'signed' },
      on: {
        'request.sign': {
          guard: { type: 'maySignOrDecline', params: ({ event }) => ({ actorId: event.actorId }) },
          actions: {
            type: 'setSignerStatus',
            params: ({ event }) => ({ signerId: event.actorId, status: 'SIGNED' }),
          },
        },
        'request.decline': {
          guard: { type: 'maySignOrDecline', params: ({ event }) => ({ actorId: event.actorId }) },
          target: 'declined',
          actions: {
            type: 'setSignerStatus',
            params: ({ event }) => ({ signerId: event.actorId, status: 'DECLINED' }),
          },
        },
        'request.withdraw': {
          guard: { type: 'mayWithdraw', params: ({ event }) => ({ actorId: event.actorId }) },
          target: 'withdrawn',
          actions: 'withdrawOpenSigners',
        },
        'request.expire': { target: 'expired' },
        ...signerChanges(true),
      },
    },
    signed: ended(),
    declined: ended(),
    withdrawn: ended(),
    expired: ended(),
    deleted: { type: 'final' },
  },
})
