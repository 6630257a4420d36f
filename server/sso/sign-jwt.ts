import type { KeyObject } from 'node:crypto'
import { SignJWT } from 'jose'

/** A private RSA key and the id its public half has in the JWKS. */
export type SigningKey = { privateKey: KeyObject; kid: string }

/** A compact RS256 JSON Web Token of `claims`, signed by `jose`. */
export function signJwt(claims: Record<string, unknown>, key: SigningKey): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: key.kid })
    .sign(key.privateKey)
}
