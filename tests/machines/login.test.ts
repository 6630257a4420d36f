import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { loginMachine } from '../../machines/login/login.machine.ts'
import type { CodeInput, PasswordInput, PasswordOutcome } from '../../machines/login/login.types.ts'

const refusal = (code: string) => Object.assign(new Error(code), { code })

function start(outcome: PasswordOutcome, codes: Record<string, string>) {
  const machine = loginMachine.provide({
    actors: {
      checkPassword: fromPromise<PasswordOutcome, PasswordInput>(async () => outcome),
      checkCode: fromPromise<{ token: string }, CodeInput>(async ({ input }) => {
        const answer = codes[input.code]
        if (answer === undefined || answer.includes('.'))
          throw refusal(answer ?? 'second_factor.invalid_code')
        return { token: answer }
      }),
    },
  })
  return createActor(machine).start()
}

const password = {
  type: 'password.submit',
  email: 'a@example.com',
  password: 'pw',
  rememberMe: true,
} as const

describe('login machine (issue 42 §1)', () => {
  it('signs in with the password alone when the account has no second factor', async () => {
    const actor = start({ kind: 'token', token: 't1' }, {})
    actor.send(password)
    const done = await waitFor(actor, (s) => s.matches('signedIn'))
    expect(done.context).toMatchObject({ token: 't1', rememberMe: true, challenge: null })
  })

  it('asks for the code after the password, keeps asking after a wrong one, and signs in with a right one', async () => {
    const actor = start({ kind: 'secondFactor', challenge: 'c1' }, { '123456': 't2' })
    actor.send(password)
    await waitFor(actor, (s) => s.matches('secondFactor'))
    actor.send({ type: 'code.submit', code: '000000' })
    const refused = await waitFor(actor, (s) => s.matches('secondFactor') && s.context.failure !== null)
    expect(refused.context.failure).toMatchObject({ code: 'second_factor.invalid_code' })
    actor.send({ type: 'code.submit', code: '123456' })
    expect((await waitFor(actor, (s) => s.matches('signedIn'))).context.token).toBe('t2')
  })

  it('goes back to the password when the sign-in expired, or when the user goes back', async () => {
    const actor = start({ kind: 'secondFactor', challenge: 'c1' }, { '111111': 'auth.sign_in_expired' })
    actor.send(password)
    await waitFor(actor, (s) => s.matches('secondFactor'))
    actor.send({ type: 'code.submit', code: '111111' })
    const back = await waitFor(actor, (s) => s.matches('password'))
    expect(back.context).toMatchObject({ challenge: null, failure: { code: 'auth.sign_in_expired' } })
    actor.send(password)
    await waitFor(actor, (s) => s.matches('secondFactor'))
    actor.send({ type: 'code.cancel' })
    expect(actor.getSnapshot().matches('password')).toBe(true)
  })
})
