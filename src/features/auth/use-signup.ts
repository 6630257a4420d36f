import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { type Actor, createActor, fromPromise } from 'xstate'
import { signupMachine } from '../../../machines/signup/signup.machine.ts'
import type { RegisterAnswer, RegisterInput } from '../../../machines/signup/signup.types.ts'
import { inspect } from '../../lib/inspect.ts'
import { referralCodeKey } from './referral-code.ts'
import { useAuthCalls } from './use-auth-calls.ts'

/** The running signup machine of /signup/steps. */
export type SignupActor = Actor<typeof signupMachine>

/**
 * Runs the signup steps machine for this confirmation token, registering through POST /v1/register.
 * Undefined until it has started.
 */
export function useSignup(token: string, email: string): SignupActor | undefined {
  const calls = useAuthCalls()
  const { i18n } = useLingui()
  const [actor, setActor] = useState<SignupActor>()
  // The language only seeds the machine; changing it later is the visitor's choice in the steps.
  const [lang] = useState(i18n.locale)
  useEffect(() => {
    const machine = signupMachine.provide({
      actors: {
        register: fromPromise<RegisterAnswer, RegisterInput>(async ({ input }) => {
          const { firstName, lastName, password, lang: chosen } = input.values
          const answer = await calls.register({
            firstName,
            lastName,
            password,
            gtc: true,
            lang: chosen,
            token: input.token,
            celloUcc: localStorage.getItem(referralCodeKey) ?? undefined,
          })
          return { token: answer.token }
        }),
      },
    })
    const started = createActor(machine, { input: { token, email, lang }, inspect }).start()
    setActor(started)
    return () => {
      started.stop()
    }
  }, [calls, token, email, lang])
  return actor
}
