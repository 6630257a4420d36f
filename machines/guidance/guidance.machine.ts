import { assign, setup } from 'xstate'
import type { GuidanceContext, GuidanceEvent, GuidanceFacts, GuidanceIdentity } from './guidance.types.ts'
import { identifyPayload, isGuidanceEnabled } from './guidance-rules.ts'

type Facts = { facts: GuidanceFacts }

const facts = ({ event }: { event: GuidanceEvent }): Facts => event
const factsAndKnown = ({ context, event }: { context: GuidanceContext; event: GuidanceEvent }) => ({
  facts: event.facts,
  known: context.identity,
})

/**
 * The in-app guidance tool (SPEC §4, §6-7): on for the free_legacy plan or when the business enables
 * it, off and torn down otherwise; identified with the user's payload, or reset to anonymous
 * without a user id. The app sends `guidance.sync` whenever the facts may have changed; the tool's
 * calls are the actions `start`, `teardown`, `identify` and `reset`, provided by the caller.
 */
export const guidanceMachine = setup({
  types: {
    context: {} as GuidanceContext,
    events: {} as GuidanceEvent,
  },
  actions: {
    // The tool's own calls; the caller provides them.
    start: () => {},
    teardown: () => {},
    identify: (_, _params: GuidanceIdentity) => {},
    reset: () => {},
    remember: assign((_, params: Facts) => ({ identity: identifyPayload(params.facts) })),
    forget: assign({ identity: null }),
  },
  guards: {
    isOff: (_, params: Facts) => !isGuidanceEnabled(params.facts),
    isOnWithUser: (_, params: Facts) =>
      isGuidanceEnabled(params.facts) && identifyPayload(params.facts) !== null,
    isOnWithoutUser: (_, params: Facts) =>
      isGuidanceEnabled(params.facts) && identifyPayload(params.facts) === null,
    identityChanged: (_, params: Facts & { known: GuidanceIdentity | null }) =>
      isGuidanceEnabled(params.facts) &&
      JSON.stringify(identifyPayload(params.facts)) !== JSON.stringify(params.known),
  },
}).createMachine({
  id: 'guidance',
  context: { identity: null },
  initial: 'off',
  states: {
    off: {
      on: {
        'guidance.sync': [
          {
            guard: { type: 'isOnWithUser', params: facts },
            target: 'on.identified',
            actions: { type: 'remember', params: facts },
          },
          { guard: { type: 'isOnWithoutUser', params: facts }, target: 'on.anonymous' },
        ],
      },
    },
    on: {
      entry: 'start',
      exit: ['teardown', 'forget'],
      on: {
        'guidance.sync': { guard: { type: 'isOff', params: facts }, target: 'off' },
      },
      initial: 'anonymous',
      states: {
        anonymous: {
          entry: 'reset',
          on: {
            'guidance.sync': {
              guard: { type: 'isOnWithUser', params: facts },
              target: 'identified',
              actions: { type: 'remember', params: facts },
            },
          },
        },
        identified: {
          // Every way in runs `remember` first, so the identity is set.
          entry: { type: 'identify', params: ({ context }) => context.identity as GuidanceIdentity },
          on: {
            'guidance.sync': [
              { guard: { type: 'isOnWithoutUser', params: facts }, target: 'anonymous', actions: 'forget' },
              {
                guard: { type: 'identityChanged', params: factsAndKnown },
                target: 'identified',
                reenter: true,
                actions: { type: 'remember', params: facts },
              },
            ],
          },
        },
      },
    },
  },
})
