import { assign, fromPromise, setup } from 'xstate'
import type { InvitationPreview } from '../../contract/businesses.ts'
import type {
  InvitationContext,
  InvitationEvent,
  InvitationInput,
  LoadInvitationInput,
  RequestSignupLinkInput,
} from './invitation.types.ts'

/** The refusal of an id that is no open invitation (withdrawn, declined, used, never sent). */
const notOpen = 'business.invitation_not_found'

/** The error code an actor failed with (an API error carries one), else a generic one. */
const codeOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : 'global.error.generic'

/**
 * The page an invitation link opens before its visitor signed in (SPEC §2 /invite/{id}): the invitation is
 * loaded (who invites to which business, and the address); one no longer open ends in `gone`, any other
 * failure may be tried again. While it is open the visitor signs in (the page's own form) or asks for the
 * signup link to the invited address, after which the page goes on to "check your inbox" (`linkSent`).
 */
export const invitationMachine = setup({
  types: {
    context: {} as InvitationContext,
    events: {} as InvitationEvent,
    input: {} as InvitationInput,
  },
  actors: {
    loadInvitation: fromPromise<InvitationPreview, LoadInvitationInput>(() =>
      Promise.reject(new Error('invitation.load_not_provided')),
    ),
    requestSignupLink: fromPromise<void, RequestSignupLinkInput>(() =>
      Promise.reject(new Error('invitation.request_not_provided')),
    ),
  },
  actions: {
    fail: assign((_, params: { error: unknown }) => ({ error: codeOf(params.error) })),
    clearError: assign({ error: null }),
  },
  guards: {
    isNotOpen: (_, params: { error: unknown }) => codeOf(params.error) === notOpen,
  },
}).createMachine({
  id: 'invitation',
  context: ({ input }) => ({ id: input.id, preview: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      entry: 'clearError',
      invoke: {
        src: 'loadInvitation',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'open', actions: assign({ preview: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'isNotOpen', params: ({ event }) => ({ error: event.error }) }, target: 'gone' },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: { on: { 'invitation.retry': 'loading' } },
    gone: { type: 'final' },
    open: {
      initial: 'idle',
      states: {
        idle: { on: { 'invitation.createAccount': 'requestingLink' } },
        requestingLink: {
          entry: 'clearError',
          invoke: {
            src: 'requestSignupLink',
            input: ({ context }) => ({ id: context.id, email: context.preview?.email ?? '' }),
            onDone: '#invitation.linkSent',
            onError: {
              target: 'idle',
              actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    linkSent: { type: 'final' },
  },
})
