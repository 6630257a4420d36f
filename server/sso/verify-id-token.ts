import type { JsonWebKey } from 'node:crypto'
import { createLocalJWKSet, errors, type JWK, jwtVerify } from 'jose'
import * as v from 'valibot'
import { SsoError } from './sso-error.ts'

/** What an id_token must match, and where its signing keys come from. */
export type IdTokenExpectations = {
  issuer: string
  clientId: string
  nonce: string
  now: Date
  /** The provider's public keys; `refresh` asks again, for a key the provider rotated in. */
  keys(refresh: boolean): Promise<readonly JsonWebKey[]>
}

/** The claims of a verified id_token: the registered ones checked here, and any other by its name. */
export type IdTokenClaims = v.InferOutput<typeof claimsSchema>

// Clocks of the provider and this server differ by a little; more than this is a stale or forged token.
const clockSkewSeconds = 60

const claimsSchema = v.looseObject({
  iss: v.string(),
  sub: v.pipe(v.string(), v.minLength(1)),
  aud: v.union([v.string(), v.array(v.string())]),
  azp: v.optional(v.string()),
  exp: v.number(),
  iat: v.number(),
  nonce: v.optional(v.string()),
})

const invalid = (message: string, cause?: unknown) => new SsoError('id_token_invalid', message, { cause })

// jose's reasons, in the words the log shows; anything else is a token that is not one.
const refusals: Record<string, string> = {
  ERR_JWS_SIGNATURE_VERIFICATION_FAILED: 'The id_token signature is not valid',
  ERR_JWKS_NO_MATCHING_KEY: 'The id_token signature is not valid',
  ERR_JOSE_ALG_NOT_ALLOWED: 'The id_token is not signed with RS256',
  ERR_JWT_EXPIRED: 'The id_token has expired',
}
const claimRefusals: Record<string, string> = {
  iss: 'The id_token is from another issuer',
  aud: 'The id_token is for another client',
}

/**
 * OpenID Connect Core 3.1.3.7: checks an id_token's RS256 signature against the provider's keys, its issuer,
 * audience and lifetime by the server's clock (all through `jose`), then its authorized party and nonce, and
 * answers its claims. Throws `id_token_invalid`.
 */
export async function verifyIdToken(idToken: string, expected: IdTokenExpectations): Promise<IdTokenClaims> {
  // The provider's keys as a JWKS; a key id we do not know asks the provider again, once.
  const keySet = async (refresh: boolean) =>
    createLocalJWKSet({ keys: (await expected.keys(refresh)) as JWK[] })
  const known = await keySet(false)
  const verified = await jwtVerify(
    idToken,
    async (header, token) => {
      try {
        return await known(header, token)
      } catch (error) {
        if (!(error instanceof errors.JWKSNoMatchingKey)) throw error
        return (await keySet(true))(header, token)
      }
    },
    {
      // Only the algorithm we ask for: never `none`, never an HMAC keyed with a public key.
      algorithms: ['RS256'],
      issuer: expected.issuer,
      audience: expected.clientId,
      currentDate: expected.now,
      clockTolerance: clockSkewSeconds,
      requiredClaims: ['sub', 'exp', 'iat'],
    },
  ).catch((error: unknown) => {
    if (error instanceof errors.JWTClaimValidationFailed)
      throw invalid(claimRefusals[error.claim] ?? `The id_token's ${error.claim} is not valid`, error)
    const code = error instanceof errors.JOSEError ? error.code : undefined
    throw invalid((code && refusals[code]) ?? 'The id_token is not a valid signed JWT', error)
  })
  const parsed = v.safeParse(claimsSchema, verified.payload)
  if (!parsed.success) throw invalid('The id_token lacks a claim OpenID Connect requires')
  const claims = parsed.output
  const audiences = typeof claims.aud === 'string' ? [claims.aud] : claims.aud
  if (audiences.length > 1 && claims.azp !== expected.clientId)
    throw invalid('The id_token is for another party')
  if (claims.iat > expected.now.getTime() / 1000 + clockSkewSeconds)
    throw invalid('The id_token is issued in the future')
  if (claims.nonce !== expected.nonce) throw invalid('The id_token belongs to another sign-in')
  return claims
}
