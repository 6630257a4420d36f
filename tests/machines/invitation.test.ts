import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { InvitationPreview } from '../../contract/businesses.ts'
import { invitationMachine } from '../../machines/invitation/invitation.machine.ts'

const preview: InvitationPreview = {
  inviter: 'Grace Hopper',
  business: 'Acme AG',
  email: 'nova@acme.example',
}
const refusal = (code: string) => Object.assign(new Error(code), { code })

/** The machine with answers in turn for its calls; records the addresses signup links were asked for. */
function start(loads: (() => Promise<InvitationPreview>)[], requests: (() => Promise<void>)[] = []) {
  const asked: string[] = []
  const machine = invitationMachine.provide({
    actors: {
      loadInvitation: fromPromise(() => (loads.shift() ?? (() => Promise.reject(refusal('none'))))()),
      requestSignupLink: fromPromise(async ({ input }) => {
        asked.push(input.email)
        await (requests.shift() ?? (() => Promise.resolve()))()
      }),
    },
  })
  return { actor: createActor(machine, { input: { id: 'abc' } }).start(), asked }
}

describe('invitation link machine (SPEC §2 /invite/{id})', () => {
  it('shows an open invitation and mails the signup link to the invited address', async () => {
    const { actor, asked } = start([() => Promise.resolve(preview)])
    await waitFor(actor, (s) => s.matches({ open: 'idle' }))
    expect(actor.getSnapshot().context.preview).toEqual(preview)
    actor.send({ type: 'invitation.createAccount' })
    await waitFor(actor, (s) => s.matches('linkSent'))
    expect(asked).toEqual(['nova@acme.example'])
  })

  it('says an invitation no longer open is gone, with nothing to try again', async () => {
    const { actor } = start([() => Promise.reject(refusal('business.invitation_not_found'))])
    await waitFor(actor, (s) => s.matches('gone'))
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('lets any other failure be tried again, and a refused signup link be asked again', async () => {
    const { actor, asked } = start(
      [() => Promise.reject(refusal('global.error.network')), () => Promise.resolve(preview)],
      [() => Promise.reject(refusal('global.error.too_many_requests'))],
    )
    await waitFor(actor, (s) => s.matches('failed'))
    expect(actor.getSnapshot().context.error).toBe('global.error.network')
    actor.send({ type: 'invitation.retry' })
    await waitFor(actor, (s) => s.matches({ open: 'idle' }))
    expect(actor.getSnapshot().context.error).toBeNull()
    actor.send({ type: 'invitation.createAccount' })
    await waitFor(actor, (s) => s.matches({ open: 'idle' }) && s.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe('global.error.too_many_requests')
    actor.send({ type: 'invitation.createAccount' })
    await waitFor(actor, (s) => s.matches('linkSent'))
    expect(asked).toEqual(['nova@acme.example', 'nova@acme.example'])
  })
})
