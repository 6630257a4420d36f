import { useLingui } from '@lingui/react/macro'
import { useActorRef } from '@xstate/react'
import { useMemo, useState } from 'react'
import { type ActorRefFrom, fromPromise } from 'xstate'
import { signupMachine } from '../../../machines/signup/signup.machine.ts'
import type { RegisterAnswer, RegisterInput } from '../../../machines/signup/signup.types.ts'
import { inspect } from '../../lib/inspect.ts'
import { referralCodeKey } from './referral-code.ts'
import { useAuthCalls } from './use-auth-calls.ts'

/** The running signup machine of /signup/steps. */
export type SignupActor = ActorRefFrom<typeof signupMachine>

/**
 * Runs the signup steps machine for this confirmation token, registering through POST /v1/register. One actor
 * for the component's life: a screen for another token mounts anew.
 */
export function useSignup(token: string, email: string): SignupActor {
  const calls = useAuthCalls()
  const { i18n } = useLingui()
  // The language only seeds the machine; changing it later is the visitor's choice in the steps.
  const [lang] = useState(i18n.locale)
  const machine = useMemo(
    () =>
      signupMachine.provide({
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
      }),
    [calls],
  )
  return useActorRef(machine, { input: { token, email, lang }, inspect })
}
