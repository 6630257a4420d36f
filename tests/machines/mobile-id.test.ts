import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { mobileIdMachine } from '../../machines/mobile-id/mobile-id.machine.ts'
import type { ConfirmCodeInput, MobileCodeSent } from '../../machines/mobile-id/mobile-id.types.ts'

/** The machine against a fake server: +41 numbers get the code 123456; one SMS per number at a time. */
function started() {
  const sent: string[] = []
  const machine = mobileIdMachine.provide({
    actors: {
      sendCode: fromPromise<MobileCodeSent, { mobile: string }>(async ({ input }) => {
        if (!input.mobile.startsWith('+41')) throw { code: 'mobile_id.number_invalid', field: 'mobile' }
        if (sent.includes(input.mobile)) throw { code: 'mobile_id.too_soon' }
        sent.push(input.mobile)
        return { id: `reg-${sent.length}`, maskedMobile: '+41•••45', nextAt: 60 }
      }),
      confirmCode: fromPromise<{ mobile: string }, ConfirmCodeInput>(async ({ input }) => {
        if (input.secret !== '123456') throw { code: 'mobile_id.code_invalid', field: 'secret' }
        return { mobile: `number of ${input.id}` }
      }),
    },
  })
  const actor = createActor(machine).start()
  const settled = () => waitFor(actor, (s) => !s.hasTag('busy'))
  return { actor, settled, sent }
}

describe('mobile number registration (SPEC §2 mobile-id)', () => {
  it('sends a code, refuses a wrong one, and registers the number with the right one', async () => {
    const { actor, settled } = started()
    actor.send({ type: 'number.submit', mobile: '+41791234545' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    expect((await settled()).value).toBe('awaitingCode')
    expect(actor.getSnapshot().context.sent).toEqual({ id: 'reg-1', maskedMobile: '+41•••45', nextAt: 60 })
    actor.send({ type: 'code.submit', secret: '000000' })
    const wrong = await settled()
    expect(wrong.value).toBe('awaitingCode')
    expect(wrong.context).toMatchObject({ errorCode: 'mobile_id.code_invalid', errorField: 'secret' })
    actor.send({ type: 'code.submit', secret: '123456' })
    const done = await settled()
    expect(done.value).toBe('registered')
    expect(done.context.registered).toBe('number of reg-1')
    expect(done.context.errorCode).toBeUndefined()
  })

  it('keeps the number to fix when it is refused, and the last code when a new SMS comes too soon', async () => {
    const { actor, settled } = started()
    actor.send({ type: 'number.submit', mobile: '0791234545' })
    const refused = await settled()
    expect(refused.value).toBe('editing')
    expect(refused.context).toMatchObject({ errorCode: 'mobile_id.number_invalid', errorField: 'mobile' })
    actor.send({ type: 'number.submit', mobile: '+41791234545' })
    await settled()
    actor.send({ type: 'code.resend' })
    const tooSoon = await settled()
    expect(tooSoon.value).toBe('awaitingCode')
    expect(tooSoon.context).toMatchObject({ errorCode: 'mobile_id.too_soon', sent: { id: 'reg-1' } })
    actor.send({ type: 'number.change' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.errorCode).toBeUndefined()
  })
})
