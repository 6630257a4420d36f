import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()
const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url')

/** Flags of the authenticator data: user present, user verified, attested credential data. */
const userPresent = 0x01
const userVerified = 0x04
const attestedData = 0x40

/**
 * A passkey made in the test: a P-256 key whose answers to WebAuthn options are built by hand as an
 * authenticator would (attestation `none`), for the server to verify with its library.
 */
export function softwareAuthenticator(origin: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const credentialId = randomBytes(16)
  const id = b64url(credentialId)
  let counter = 0
  let userHandle = ''

  const counterBytes = (value: number) => {
    const bytes = Buffer.alloc(4)
    bytes.writeUInt32BE(value)
    return bytes
  }
  const clientData = (type: string, challenge: string, from: string) =>
    JSON.stringify({ type, challenge, origin: from, crossOrigin: false })

  return {
    id,
    /** The counter the next answer carries; a test may set it back. */
    setCounter(value: number) {
      counter = value
    },
    /** The JSON text of the answer to registration options (`options` as the server gave them). */
    register(optionsJson: string, { from = origin }: { from?: string } = {}): string {
      const options = JSON.parse(optionsJson) as {
        challenge: string
        rp: { id: string }
        user: { id: string }
      }
      userHandle = options.user.id
      const coseKey = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ])
      const idLength = Buffer.alloc(2)
      idLength.writeUInt16BE(credentialId.length)
      const authData = Buffer.concat([
        sha256(options.rp.id),
        Buffer.from([userPresent | userVerified | attestedData]),
        counterBytes(counter),
        Buffer.alloc(16),
        idLength,
        credentialId,
        Buffer.from(isoCBOR.encode(coseKey)),
      ])
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', authData],
        ]),
      )
      return JSON.stringify({
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, from)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      })
    },
    /** The JSON text of the answer to sign-in options, the counter one higher. */
    authenticate(
      optionsJson: string,
      { from = origin, verified = true }: { from?: string; verified?: boolean } = {},
    ): string {
      const options = JSON.parse(optionsJson) as { challenge: string; rpId: string }
      counter += 1
      const authData = Buffer.concat([
        sha256(options.rpId),
        Buffer.from([userPresent | (verified ? userVerified : 0)]),
        counterBytes(counter),
      ])
      const clientDataJSON = clientData('webauthn.get', options.challenge, from)
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), privateKey)
      return JSON.stringify({
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          ...(userHandle === '' ? {} : { userHandle }),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      })
    },
  }
}
