import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  accountSecurityPaths,
  accountSessionsSchema,
  passkeyOptionsSchema,
  passkeyRegistrationSchema,
  passkeySchema,
  passkeysSchema,
  recoveryCodesSchema,
  secondFactorChangeSchema,
  secondFactorSchema,
  totpSetupSchema,
} from '../../../contract/account-security.ts'
import { webAuthnOptionsSchema } from '../../../contract/user.ts'
import type { ApiClient } from '../../api/client.ts'

/** Query keys of /profile/security. */
export const securityKeys = {
  secondFactor: ['user', 'second-factor'] as const,
  sessions: ['user', 'sessions'] as const,
  passkeys: ['user', 'passkeys'] as const,
}

/** GET /v1/user/passkeys. */
export function getPasskeysQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: securityKeys.passkeys,
    queryFn: async () => v.parse(passkeysSchema, await api.request(accountSecurityPaths.passkeys())).passkeys,
  })
}

/** POST /v1/user/passkeys/options: the WebAuthn options for the browser, as JSON text. */
export async function passkeyOptions(api: ApiClient, input: v.InferInput<typeof passkeyOptionsSchema>) {
  const body = v.parse(passkeyOptionsSchema, input)
  const answer = await api.request(accountSecurityPaths.passkeyOptions(), {
    method: 'POST',
    body,
    retries: 0,
  })
  return v.parse(webAuthnOptionsSchema, answer).options
}

/** POST /v1/user/passkeys: keeps the passkey the browser made. */
export async function registerPasskey(api: ApiClient, input: v.InferInput<typeof passkeyRegistrationSchema>) {
  const body = v.parse(passkeyRegistrationSchema, input)
  const answer = await api.request(accountSecurityPaths.passkeys(), { method: 'POST', body, retries: 0 })
  return v.parse(passkeySchema, answer)
}

/** DELETE /v1/user/passkeys/{id}. */
export async function removePasskey(api: ApiClient, id: string) {
  await api.request(accountSecurityPaths.passkey(id), { method: 'DELETE' })
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
