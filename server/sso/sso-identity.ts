import type { Profile } from '@node-saml/node-saml'
import * as v from 'valibot'
import type { IdTokenClaims } from './openid-client.ts'
import { SsoError } from './sso-error.ts'

/** The person a single sign-on's id_token or SAML assertion names. */
export type SsoIdentity = {
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
export function ssoIdentity(claims: IdTokenClaims): SsoIdentity {
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

/** Attribute names of the address and names: the LDAP/X.500 OIDs, their short names, and the claims of AD FS/Entra ID. */
const samlAttributes = {
  email: [
    'email',
    'mail',
    'urn:oid:0.9.2342.19200300.100.1.3',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  ],
  givenName: [
    'givenName',
    'urn:oid:2.5.4.42',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
  ],
  familyName: [
    'sn',
    'surname',
    'urn:oid:2.5.4.4',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
  ],
}

/**
 * Whom a verified SAML assertion signs in: the address of its attributes or its e-mail NameID (required),
 * and its names. A SAML provider vouches for the address it asserts. Throws `assertion_invalid`.
 */
export function samlIdentity(profile: Profile): SsoIdentity {
  const first = (names: string[]) => {
    for (const name of names) {
      const value = profile[name]
      const text = Array.isArray(value) ? value[0] : value
      if (typeof text === 'string' && text.trim() !== '') return text.trim()
    }
    return undefined
  }
  const byNameId = profile.nameIDFormat?.endsWith(':emailAddress') ? profile.nameID : undefined
  const email = first(samlAttributes.email) ?? byNameId
  if (email === undefined) throw new SsoError('assertion_invalid', 'The assertion names no e-mail address')
  return {
    subject: profile.nameID,
    email,
    emailVerified: true,
    givenName: first(samlAttributes.givenName),
    familyName: first(samlAttributes.familyName),
  }
}
