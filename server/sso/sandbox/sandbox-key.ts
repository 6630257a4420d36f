import { createHash, generateKeyPairSync, type JsonWebKey } from 'node:crypto'
import type { SigningKey } from '../sign-jwt.ts'

/** The sandbox provider's RSA key pair: its signing key and the public JWK its JWKS lists. */
export type SandboxKey = SigningKey & { jwk: JsonWebKey }

let key: SandboxKey | undefined

/** One key per process, made on first use: the sandbox keeps no state across restarts. */
export function sandboxKey(): SandboxKey {
  if (key === undefined) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const publicJwk = publicKey.export({ format: 'jwk' })
    // RFC 7638 thumbprint: a kid that changes exactly when the key does.
    const kid = createHash('sha256')
      .update(JSON.stringify({ e: publicJwk.e, kty: 'RSA', n: publicJwk.n }))
      .digest('base64url')
    key = { privateKey, kid, jwk: { ...publicJwk, kid, use: 'sig', alg: 'RS256' } }
  }
  return key
}
