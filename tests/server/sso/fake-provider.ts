import { createHash, generateKeyPairSync } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { SigningKey } from '../../../server/sso/sign-jwt.ts'

/** What the relying party sent to the token endpoint. */
export type TokenRequest = { form: URLSearchParams; authorization: string | undefined }

/** A real OpenID provider as seen over HTTP, whose id_tokens each test writes itself. */
export type FakeProvider = {
  issuer: string
  key: SigningKey
  /** Another key, which the provider's JWKS does not list. */
  strangerKey: SigningKey
  /** Answers the next token request with this id_token (null: answers 400 invalid_grant). */
  answerWith(idToken: (request: TokenRequest) => string | null): void
  requests: TokenRequest[]
  close(): Promise<void>
}

function rsaKey(kid: string) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  return {
    key: { privateKey, kid },
    jwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' },
  }
}

/** Starts a provider on a free port of 127.0.0.1 with discovery, JWKS and a token endpoint. */
export async function startFakeProvider(): Promise<FakeProvider> {
  const own = rsaKey('fake-1')
  const stranger = rsaKey('fake-1')
  let answer: (request: TokenRequest) => string | null = () => null
  const requests: TokenRequest[] = []
  let issuer = ''
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (req.url === '/.well-known/openid-configuration') {
      return send(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      })
    }
    if (req.url === '/jwks') return send(200, { keys: [own.jwk] })
    if (req.url === '/token' && req.method === 'POST') {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        const request = {
          form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
          authorization: req.headers.authorization,
        }
        requests.push(request)
        const idToken = answer(request)
        if (idToken === null) return send(400, { error: 'invalid_grant', error_description: 'Refused' })
        send(200, { access_token: 'at', token_type: 'Bearer', expires_in: 60, id_token: idToken })
      })
      return
    }
    send(404, { error: 'not_found' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    issuer,
    key: own.key,
    strangerKey: stranger.key,
    answerWith: (next) => {
      answer = next
    },
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** RFC 7636 S256 of a verifier, computed independently of the server's code. */
export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

/** RFC 6749 2.3.1: the client id and secret of an HTTP Basic authorization, each form-decoded. */
export function basicCredentials(authorization: string | undefined): [string, string] {
  const decoded = Buffer.from(authorization?.replace(/^Basic /, '') ?? '', 'base64').toString()
  const colon = decoded.indexOf(':')
  const formDecode = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '))
  return [formDecode(decoded.slice(0, colon)), formDecode(decoded.slice(colon + 1))]
}
