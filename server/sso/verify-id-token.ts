import { createPublicKey, type JsonWebKey, verify } from 'node:crypto'
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

const headerSchema = v.object({ alg: v.string(), kid: v.optional(v.string()) })
const claimsSchema = v.looseObject({
  iss: v.string(),
  sub: v.pipe(v.string(), v.minLength(1)),
  aud: v.union([v.string(), v.array(v.string())]),
  azp: v.optional(v.string()),
  exp: v.number(),
  iat: v.number(),
  nonce: v.optional(v.string()),
})

const invalid = (message: string) => new SsoError('id_token_invalid', message)

function decodePart<T extends v.GenericSchema>(schema: T, part: string): v.InferOutput<T> {
  try {
    return v.parse(schema, JSON.parse(Buffer.from(part, 'base64url').toString('utf8')))
  } catch (error) {
    throw new SsoError('id_token_invalid', 'The id_token is malformed', { cause: error })
  }
}

function signedBy(input: string, signature: Buffer, jwk: JsonWebKey): boolean {
  try {
    return verify('sha256', Buffer.from(input), createPublicKey({ key: jwk, format: 'jwk' }), signature)
  } catch {
    return false
  }
}

/**
 * OpenID Connect Core 3.1.3.7: checks an id_token's RS256 signature against the provider's keys, then
 * its issuer, audience, lifetime and nonce, and answers its claims. Throws `id_token_invalid`.
 */
export async function verifyIdToken(idToken: string, expected: IdTokenExpectations): Promise<IdTokenClaims> {
  const parts = idToken.split('.')
  if (parts.length !== 3) throw invalid('The id_token is not a signed JWT')
  const [headerPart = '', claimsPart = '', signaturePart = ''] = parts
  const header = decodePart(headerSchema, headerPart)
  // Only the algorithm we ask for: never `none`, never an HMAC keyed with a public key.
  if (header.alg !== 'RS256') throw invalid(`The id_token is signed with ${header.alg}, not RS256`)
  const input = `${headerPart}.${claimsPart}`
  const signature = Buffer.from(signaturePart, 'base64url')
  const candidates = (keys: readonly JsonWebKey[]) =>
    keys.filter((key) => key.kty === 'RSA' && (header.kid === undefined || key.kid === header.kid))
  let keys = candidates(await expected.keys(false))
  if (keys.length === 0) keys = candidates(await expected.keys(true))
  if (!keys.some((key) => signedBy(input, signature, key)))
    throw invalid('The id_token signature is not valid')

  const claims = decodePart(claimsSchema, claimsPart)
  if (claims.iss !== expected.issuer) throw invalid('The id_token is from another issuer')
  const audiences = typeof claims.aud === 'string' ? [claims.aud] : claims.aud
  if (!audiences.includes(expected.clientId)) throw invalid('The id_token is for another client')
  if (audiences.length > 1 && claims.azp !== expected.clientId)
    throw invalid('The id_token is for another party')
  const now = expected.now.getTime() / 1000
  if (claims.exp <= now - clockSkewSeconds) throw invalid('The id_token has expired')
  if (claims.iat > now + clockSkewSeconds) throw invalid('The id_token is issued in the future')
  if (claims.nonce !== expected.nonce) throw invalid('The id_token belongs to another sign-in')
  return claims
}
