import * as v from 'valibot'
import type { IdTokenClaims } from './openid-client.ts'
import { SsoError } from './sso-error.ts'

/** The person a single sign-on's id_token names. */
export type IdTokenIdentity = {
  subject: string
  email: string
  emailVerified: boolean | undefined
  givenName: string | undefined
  familyName: string | undefined
}

const identitySchema = v.object({
  email: v.optional(v.string()),
  email_verified: v.optional(v.union([v.boolean(), v.picklist(['true', 'false'])])),
  given_name: v.optional(v.string()),
  family_name: v.optional(v.string()),
})

/** Whom a verified id_token signs in: its address (required) and names. Throws `id_token_invalid`. */
export function ssoIdentity(claims: IdTokenClaims): IdTokenIdentity {
  const identity = v.safeParse(identitySchema, claims)
  if (!identity.success) throw new SsoError('id_token_invalid', 'The id_token is malformed')
  const { email, email_verified: verified, given_name, family_name } = identity.output
  if (email === undefined) throw new SsoError('id_token_invalid', 'The id_token names no e-mail address')
  return {
    subject: claims.sub,
    email,
    emailVerified: verified === undefined ? undefined : verified === true || verified === 'true',
    givenName: given_name?.trim() || undefined,
    familyName: family_name?.trim() || undefined,
  }
}
