import * as v from 'valibot'
import { accountPaths } from '../../../contract/account-paths.ts'
import {
  type acceptSchema,
  identityProvidersAnswerSchema,
  type loginPasskeyOptionsSchema,
  type loginPasskeySchema,
  type loginSchema,
  type loginSecondFactorSchema,
  type registerSchema,
  type requestConfirmationSchema,
  type requestResetSchema,
  type resetPasswordSchema,
  secondFactorChallengeSchema,
  tokenAnswerSchema,
  type updateUserSchema,
  validConfirmationAnswerSchema,
  webAuthnOptionsSchema,
} from '../../../contract/user.ts'
import type { ApiClient } from '../../api/client.ts'

type Body<S extends v.GenericSchema> = v.InferInput<S>

/** The account calls of SPEC §7 the public screens make, with their answers checked. */
export function authCalls(api: ApiClient) {
  const post = (path: string, body: unknown, retries?: number) =>
    api.request<unknown>(path, { method: 'POST', body, retries })
  return {
    // No retry: a second try after 429 would only count as another failed attempt.
    // A token, or the challenge of a second factor (checked one by one: /login carries no union schema).
    login: async (body: Body<typeof loginSchema>) => {
      const answer = await post(accountPaths.login(), body, 0)
      return typeof answer === 'object' && answer !== null && 'challenge' in answer
        ? v.parse(secondFactorChallengeSchema, answer)
        : v.parse(tokenAnswerSchema, answer)
    },
    loginSecondFactor: async (body: Body<typeof loginSecondFactorSchema>) =>
      v.parse(tokenAnswerSchema, await post(accountPaths.loginSecondFactor(), body, 0)),
    loginPasskeyOptions: async (body: Body<typeof loginPasskeyOptionsSchema>) =>
      v.parse(webAuthnOptionsSchema, await post(accountPaths.loginPasskeyOptions(), body, 0)).options,
    loginPasskey: async (body: Body<typeof loginPasskeySchema>) =>
      v.parse(tokenAnswerSchema, await post(accountPaths.loginPasskey(), body, 0)),
    logout: () => post(accountPaths.logout(), {}, 0),
    register: async (body: Body<typeof registerSchema>) =>
      v.parse(tokenAnswerSchema, await post(accountPaths.register(), body, 0)),
    requestConfirmation: (body: Body<typeof requestConfirmationSchema>) =>
      post(accountPaths.requestConfirmation(), body),
    validConfirmation: async (token: string, language: string) =>
      v.parse(
        validConfirmationAnswerSchema,
        await post(accountPaths.validConfirmation(), { token, language }),
      ),
    requestReset: (body: Body<typeof requestResetSchema>) => post(accountPaths.requestReset(), body),
    resetPassword: (body: Body<typeof resetPasswordSchema>) => post(accountPaths.resetPassword(), body, 0),
    identityProviders: async (email: string) =>
      v.parse(identityProvidersAnswerSchema, await post(accountPaths.identityProviders(), { email }, 0)),
    updateUser: (body: Body<typeof updateUserSchema>) =>
      api.request<unknown>(accountPaths.user(), { method: 'PUT', body }),
    accept: (body: Body<typeof acceptSchema>) => post(accountPaths.accept(), body),
  }
}

/** The calls of {@link authCalls}. */
export type AuthCalls = ReturnType<typeof authCalls>
