import { type KeyObject, sign } from 'node:crypto'

/** A private RSA key and the id its public half has in the JWKS. */
export type SigningKey = { privateKey: KeyObject; kid: string }

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** A compact RS256 JSON Web Token of `claims`. */
export function signJwt(claims: Record<string, unknown>, key: SigningKey): string {
  const input = `${part({ alg: 'RS256', typ: 'JWT', kid: key.kid })}.${part(claims)}`
  return `${input}.${sign('sha256', Buffer.from(input), key.privateKey).toString('base64url')}`
}
