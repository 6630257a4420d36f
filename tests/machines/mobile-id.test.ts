import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { mobileIdMachine } from '../../machines/mobile-id/mobile-id.machine.ts'
import type {
  ConfirmCodeInput,
  MobileCodeSent,
  MobileIdEvent,
  SendCodeInput,
} from '../../machines/mobile-id/mobile-id.types.ts'
import { walk } from './walk.ts'

/** The machine against a fake server: +41 numbers get the code 123456, others no SMS; one SMS per number. */
function started() {
  const sent: string[] = []
  const machine = mobileIdMachine.provide({
    actors: {
      sendCode: fromPromise<MobileCodeSent, SendCodeInput>(async ({ input }) => {
        if (!input.mobile.startsWith('+41')) throw { code: 'mobile_id.number_unreachable', field: 'mobile' }
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
    actor.send({ type: 'number.submit', mobile: '+41 79 123 45 45', country: 'CH' })
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

  it('reads a national number for the country chosen and sends it in E.164', async () => {
    const { actor, settled, sent } = started()
    actor.send({ type: 'number.submit', mobile: '079 123 45 45', country: 'CH' })
    expect((await settled()).value).toBe('awaitingCode')
    expect(sent).toEqual(['+41791234545'])
  })

  it.each([
    ['a Swiss landline', '044 123 45 67', 'CH'],
    ['a Swiss mobile read for Germany', '079 123 45 67', 'DE'],
    ['too few digits', '0791', 'CH'],
    ['letters', 'my phone', 'CH'],
  ] as const)('refuses %s at the field without sending anything', (_, mobile, country) => {
    const { actor, sent } = started()
    actor.send({ type: 'number.submit', mobile, country })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context).toMatchObject({
      errorCode: 'mobile_id.number_invalid',
      errorField: 'mobile',
    })
    expect(sent).toEqual([])
  })

  it('keeps the number to fix when it is refused, and the last code when a new SMS comes too soon', async () => {
    const { actor, settled } = started()
    actor.send({ type: 'number.submit', mobile: '+49 151 23456789', country: 'CH' })
    const refused = await settled()
    expect(refused.value).toBe('editing')
    expect(refused.context).toMatchObject({ errorCode: 'mobile_id.number_unreachable', errorField: 'mobile' })
    actor.send({ type: 'number.submit', mobile: '+41791234545', country: 'CH' })
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

describe('mobile number registration, walked', () => {
  const sent: MobileCodeSent = { id: 'reg-1', maskedMobile: '+41••••••545', nextAt: 60 }
  const done = (id: string, output: unknown) =>
    ({ type: `xstate.done.actor.${id}`, output }) as unknown as MobileIdEvent
  const failed = (id: string, error: unknown) =>
    ({ type: `xstate.error.actor.${id}`, error }) as unknown as MobileIdEvent
  const userEvents: MobileIdEvent[] = [
    { type: 'number.submit', mobile: '079 123 45 45', country: 'CH' },
    { type: 'number.submit', mobile: '044 123 45 67', country: 'CH' },
    { type: 'code.submit', secret: '123456' },
    { type: 'code.resend' },
    { type: 'number.change' },
  ]

  it('walks every state and transition', async () => {
    // The calls answer as the walk says: each pending call is settled by the step that names its answer.
    const pending: Record<string, { resolve: (value: never) => void; reject: (error: unknown) => void }> = {}
    const call = (key: string) => () =>
      new Promise<never>((resolve, reject) => {
        pending[key] = { resolve, reject }
      })
    const machine = mobileIdMachine.provide({
      actors: {
        sendCode: fromPromise<MobileCodeSent, SendCodeInput>(call('sendCode')),
        confirmCode: fromPromise<{ mobile: string }, ConfirmCodeInput>(call('confirmCode')),
      },
    })
    const settleWith =
      (key: string) =>
      ({ event }: { event: unknown }) => {
        const answer = event as { output?: never; error?: unknown }
        if ('error' in answer) pending[key]?.reject(answer.error)
        else pending[key]?.resolve(answer.output as never)
      }
    const coverage = await walk('mobile-id', {
      machine,
      events: (s) =>
        s.matches('sending')
          ? [
              done('sendCode', sent),
              failed('sendCode', { code: 'mobile_id.number_unreachable', field: 'mobile' }),
            ]
          : s.matches('confirming')
            ? [
                done('confirmCode', { mobile: '+41791234545' }),
                failed('confirmCode', { code: 'mobile_id.code_invalid', field: 'secret' }),
              ]
            : userEvents,
      exec: {
        'xstate.done.actor.sendCode': settleWith('sendCode'),
        'xstate.error.actor.sendCode': settleWith('sendCode'),
        'xstate.done.actor.confirmCode': settleWith('confirmCode'),
        'xstate.error.actor.confirmCode': settleWith('confirmCode'),
      },
      serializeState: (s) => JSON.stringify([s.value, s.context.errorCode, s.context.sent !== undefined]),
      check: (s) => {
        // A number is only ever sent in E.164, read for its country.
        if (s.context.mobile !== '') expect(s.context.mobile).toBe('+41791234545')
      },
      states: {
        awaitingCode: (s) => expect(s.context.sent).toEqual(sent),
        registered: (s) => {
          expect(s.context.registered).toBe('+41791234545')
          expect(s.context.errorCode).toBeUndefined()
        },
        editing: (s) => {
          if (s.context.errorCode) expect(s.context.errorField).toBe('mobile')
        },
      },
    })
    expect(coverage.missingStates).toEqual([])
    expect(coverage.missingTransitions).toEqual([])
  })
})
