import { useEffect, useState } from 'react'
import { type ActorRefFrom, createActor } from 'xstate'
import { redirectMachine } from '../../../machines/redirect/redirect.machine.ts'
import { inspect } from '../../lib/inspect.ts'
import { leaveTo } from './leave-to.ts'

/** The running post-signing redirect of one direct link. */
export type RedirectActor = ActorRefFrom<typeof redirectMachine>

/**
 * Runs the post-signing redirect (SPEC §4) for the request on screen, while the link names an exit
 * URL: idle until `redirect.start` for that request, then a countdown once per second that leaves
 * to the exit URL at zero. Null without an exit URL.
 */
export function useExitRedirect(exitUrl: string | undefined, timeout: number, requestId: string) {
  const [actor, setActor] = useState<RedirectActor | null>(null)
  useEffect(() => {
    if (!exitUrl) return
    const machine = redirectMachine.provide({ actions: { leave: (_, params) => leaveTo(params.url) } })
    const started = createActor(machine, {
      inspect,
      input: { lastViewedRequestId: requestId, url: exitUrl, timeout },
    }).start()
    setActor(started)
    return () => {
      started.stop()
      setActor(null)
    }
  }, [exitUrl, timeout, requestId])
  return actor
}
