import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { loginMachine } from '../../machines/login/login.machine.ts'
import type {
  CodeInput,
  PasskeyInput,
  PasswordInput,
  PasswordOutcome,
} from '../../machines/login/login.types.ts'

const refusal = (code: string) => Object.assign(new Error(code), { code })

/** Answers of the passkey step by its challenge (`-` for a passkey alone): a token, or a refusal's code. */
function start(
  outcome: PasswordOutcome,
  codes: Record<string, string>,
  passkeys: Record<string, string> = {},
) {
  const machine = loginMachine.provide({
    actors: {
      checkPassword: fromPromise<PasswordOutcome, PasswordInput>(async () => outcome),
      checkCode: fromPromise<{ token: string }, CodeInput>(async ({ input }) => {
        const answer = codes[input.code]
        if (answer === undefined || answer.includes('.'))
          throw refusal(answer ?? 'second_factor.invalid_code')
        return { token: answer }
      }),
      checkPasskey: fromPromise<{ token: string }, PasskeyInput>(async ({ input }) => {
        const answer = passkeys[input.challenge ?? '-']
        if (answer === undefined || answer.includes('.')) throw refusal(answer ?? 'passkey.refused')
        return { token: `${answer}${input.rememberMe ? '+remember' : ''}` }
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

describe('login machine (issue 42 §1, §2)', () => {
  it('signs in with the password alone when the account has no second factor', async () => {
    const actor = start({ kind: 'token', token: 't1' }, {})
    actor.send(password)
    const done = await waitFor(actor, (s) => s.matches('signedIn'))
    expect(done.context).toMatchObject({ token: 't1', rememberMe: true, challenge: null })
  })

  it('asks for the code after the password, keeps asking after a wrong one, and signs in with a right one', async () => {
    const actor = start(
      { kind: 'secondFactor', challenge: 'c1', secondFactors: ['totp'] },
      { '123456': 't2' },
    )
    actor.send(password)
    await waitFor(actor, (s) => s.matches('secondFactor'))
    actor.send({ type: 'code.submit', code: '000000' })
    const refused = await waitFor(actor, (s) => s.matches('secondFactor') && s.context.failure !== null)
    expect(refused.context.failure).toMatchObject({ code: 'second_factor.invalid_code' })
    actor.send({ type: 'code.submit', code: '123456' })
    expect((await waitFor(actor, (s) => s.matches('signedIn'))).context.token).toBe('t2')
  })

  it('goes back to the password when the sign-in expired, or when the user goes back', async () => {
    const actor = start(
      { kind: 'secondFactor', challenge: 'c1', secondFactors: ['totp'] },
      { '111111': 'auth.sign_in_expired' },
    )
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

  it('signs in with a passkey alone, and stays on the password step when the passkey is refused', async () => {
    const refusing = start({ kind: 'token', token: 't1' }, {})
    refusing.send({ type: 'passkey.start', rememberMe: false })
    const refused = await waitFor(refusing, (s) => s.matches('password') && s.context.failure !== null)
    expect(refused.context.failure).toMatchObject({ code: 'passkey.refused' })

    const actor = start({ kind: 'token', token: 't1' }, {}, { '-': 'p1' })
    actor.send({ type: 'passkey.start', rememberMe: true })
    const done = await waitFor(actor, (s) => s.matches('signedIn'))
    expect(done.context).toMatchObject({ token: 'p1+remember', rememberMe: true })
  })

  it('takes a passkey as the second factor, with the challenge of the password', async () => {
    const outcome: PasswordOutcome = {
      kind: 'secondFactor',
      challenge: 'c1',
      secondFactors: ['totp', 'passkey'],
    }
    const actor = start(outcome, {}, { c1: 'p2' })
    actor.send(password)
    const asking = await waitFor(actor, (s) => s.matches('secondFactor'))
    expect(asking.context.secondFactors).toEqual(['totp', 'passkey'])
    actor.send({ type: 'passkey.start', rememberMe: false })
    expect((await waitFor(actor, (s) => s.matches('signedIn'))).context.token).toBe('p2+remember')

    const expiring = start(outcome, {}, { c1: 'auth.sign_in_expired' })
    expiring.send(password)
    await waitFor(expiring, (s) => s.matches('secondFactor'))
    expiring.send({ type: 'passkey.start', rememberMe: false })
    const back = await waitFor(expiring, (s) => s.matches('password'))
    expect(back.context).toMatchObject({ challenge: null, secondFactors: [] })

    // A passkey refused for another reason asks for the second factor again, as a wrong code does.
    const refusing = start(outcome, {}, { c1: 'passkey.refused' })
    refusing.send(password)
    await waitFor(refusing, (s) => s.matches('secondFactor'))
    refusing.send({ type: 'passkey.start', rememberMe: false })
    const again = await waitFor(refusing, (s) => s.matches('secondFactor') && s.context.failure !== null)
    expect(again.context).toMatchObject({ challenge: 'c1', failure: { code: 'passkey.refused' } })
  })
})
