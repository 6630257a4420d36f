import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { EmbeddedSession } from '../../contract/embedding.ts'
import { embeddedSigningMachine } from '../../machines/embedded-signing/embedded-signing.machine.ts'
import { selectErrorCode, selectSession } from '../../machines/embedded-signing/embedded-signing.selectors.ts'
import type { HostMessageType } from '../../machines/embedded-signing/embedded-signing.types.ts'

const session: EmbeddedSession = {
  signatureRequestId: 'r1',
  signatureId: 's1',
  token: 'direct-token',
  origin: 'https://erp.example.com',
}

/** The page's flow with `open` as its session call, recording what it tells the host. */
function page(open: () => Promise<EmbeddedSession>) {
  const told: HostMessageType[] = []
  const actor = createActor(
    embeddedSigningMachine.provide({
      actors: { openSession: fromPromise(open) },
      actions: { notifyHost: (_, params) => void told.push(params.type) },
    }),
  ).start()
  return { actor, told }
}

describe('embedded signing machine (issue 41 §3)', () => {
  it('tells the host loaded once the session is open, then signed', async () => {
    const { actor, told } = page(() => Promise.resolve(session))
    await waitFor(actor, (s) => s.matches('signing'))
    expect(selectSession(actor.getSnapshot())).toEqual(session)
    actor.send({ type: 'request.signed' })
    // A page that ended tells nothing more.
    actor.send({ type: 'request.declined' })
    expect(told).toEqual(['loaded', 'signed'])
  })

  it('tells the host declined when the signer declines', async () => {
    const { actor, told } = page(() => Promise.resolve(session))
    await waitFor(actor, (s) => s.matches('signing'))
    actor.send({ type: 'request.declined' })
    expect(told).toEqual(['loaded', 'declined'])
  })

  it('tells the host error with the code of a URL that cannot be opened', async () => {
    const expired = Object.assign(new Error('expired'), { code: 'embed.link_expired' })
    const { actor, told } = page(() => Promise.reject(expired))
    await waitFor(actor, (s) => s.matches('failed'))
    expect(selectErrorCode(actor.getSnapshot())).toBe('embed.link_expired')
    actor.send({ type: 'request.signed' })
    expect(told).toEqual(['error'])
  })
})
