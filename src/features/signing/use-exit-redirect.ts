import { useActorRef } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { redirectMachine } from '../../../machines/redirect/redirect.machine.ts'
import { inspect } from '../../lib/inspect.ts'
import { leaveTo } from './leave-to.ts'

/** The running post-signing redirect of one direct link. */
export type RedirectActor = ActorRefFrom<typeof redirectMachine>

const leavingRedirectMachine = redirectMachine.provide({
  actions: { leave: (_, params) => leaveTo(params.url) },
})

/**
 * Runs the post-signing redirect (SPEC §4) for the request on screen, while the link names an exit
 * URL: idle until `redirect.start` for that request, then a countdown once per second that leaves
 * to the exit URL at zero. Null without an exit URL. The machine takes the link's settings when the
 * screen mounts; the route keys the screen by its link, so another link starts a new one.
 */
export function useExitRedirect(
  exitUrl: string | undefined,
  timeout: number,
  requestId: string,
): RedirectActor | null {
  const actor = useActorRef(leavingRedirectMachine, {
    inspect,
    input: { lastViewedRequestId: requestId, url: exitUrl ?? '', timeout },
  })
  return exitUrl ? actor : null
}
