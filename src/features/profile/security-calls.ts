import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  accountSecurityPaths,
  accountSessionsSchema,
  recoveryCodesSchema,
  secondFactorChangeSchema,
  secondFactorSchema,
  totpSetupSchema,
} from '../../../contract/account-security.ts'
import type { ApiClient } from '../../api/client.ts'

/** Query keys of /profile/security. */
export const securityKeys = {
  secondFactor: ['user', 'second-factor'] as const,
  sessions: ['user', 'sessions'] as const,
}

/** GET /v1/user/second-factor. */
export function getSecondFactorQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: securityKeys.secondFactor,
    queryFn: async () => v.parse(secondFactorSchema, await api.request(accountSecurityPaths.secondFactor())),
  })
}

/** GET /v1/user/sessions. */
export function getSessionsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: securityKeys.sessions,
    queryFn: async () => v.parse(accountSessionsSchema, await api.request(accountSecurityPaths.sessions())),
  })
}

/** POST /v1/user/second-factor/setup: a new secret to add to an authenticator app. */
export async function startTotpSetup(api: ApiClient) {
  const answer = await api.request(accountSecurityPaths.secondFactorSetup(), { method: 'POST', retries: 0 })
  return v.parse(totpSetupSchema, answer)
}

type Change = v.InferInput<typeof secondFactorChangeSchema>

/** POST /v1/user/second-factor/enable: answers the recovery codes, shown once. */
export async function enableTotp(api: ApiClient, input: Change) {
  const body = v.parse(secondFactorChangeSchema, input)
  const answer = await api.request(accountSecurityPaths.secondFactorEnable(), {
    method: 'POST',
    body,
    retries: 0,
  })
  return v.parse(recoveryCodesSchema, answer).recoveryCodes
}

/** POST /v1/user/second-factor/disable. */
export async function disableTotp(api: ApiClient, input: Change) {
  const body = v.parse(secondFactorChangeSchema, input)
  await api.request(accountSecurityPaths.secondFactorDisable(), { method: 'POST', body, retries: 0 })
}

/** DELETE /v1/user/sessions/{id}, or every other session without an id. */
export async function endSessions(api: ApiClient, id?: string) {
  const path = id === undefined ? accountSecurityPaths.sessions() : accountSecurityPaths.session(id)
  await api.request(path, { method: 'DELETE' })
}
