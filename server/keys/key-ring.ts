import { createCipheriv, createDecipheriv, createHmac, type KeyObject, randomBytes } from 'node:crypto'

/**
 * The key-encryption keys private keys are sealed with at rest: the current one seals, and a blob opens with
 * whichever key of the ring sealed it (the previous one while a rotation is under way).
 */
export type KeyRing = {
  current: RingKey
  previous?: RingKey
}

/** A 32-byte AES-256-GCM key and the id that names it in every blob it sealed. */
type RingKey = { id: string; key: KeyObject }

/** A sealed key did not open: unknown key id, or it was altered; the message names which key sealed it. */
export class KeySealingError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'KeySealingError'
  }
}

const prefix = 'signet-sealed-key:v1'
const ivBytes = 12
const tagBytes = 16

/** The ring of `current` (which seals) and `previous` (which still opens what it sealed). */
export function keyRing(current: KeyObject, previous?: KeyObject): KeyRing {
  return { current: ringKey(current), ...(previous === undefined ? {} : { previous: ringKey(previous) }) }
}

// An id that changes exactly when the key does and tells nothing about it (HMAC of a constant).
function ringKey(key: KeyObject): RingKey {
  if (key.type !== 'secret' || key.symmetricKeySize !== 32)
    throw new KeySealingError('A key-encryption key must be 32 bytes')
  return { id: createHmac('sha256', key).update('signet key id').digest('hex').slice(0, 16), key }
}

/**
 * Seals a private key's bytes (PKCS #8 DER) with the ring's current key: AES-256-GCM with a random 12-byte
 * IV, the header (format and key id) authenticated with it. Answers one line of text:
 * `signet-sealed-key:v1:<key id>:<base64url of IV, ciphertext and tag>`.
 */
export function sealPrivateKey(ring: KeyRing, pkcs8: Uint8Array): string {
  const header = `${prefix}:${ring.current.id}`
  const iv = randomBytes(ivBytes)
  const cipher = createCipheriv('aes-256-gcm', ring.current.key, iv, { authTagLength: tagBytes })
  cipher.setAAD(Buffer.from(header))
  const sealed = Buffer.concat([iv, cipher.update(pkcs8), cipher.final(), cipher.getAuthTag()])
  return `${header}:${sealed.toString('base64url')}`
}

/** Opens a key sealed by {@link sealPrivateKey} with any key of the ring; throws {@link KeySealingError}. */
export function openPrivateKey(ring: KeyRing, stored: string): Uint8Array<ArrayBuffer> {
  const sealed = stored.trim()
  const id = sealedKeyId(sealed)
  const key = [ring.current, ring.previous].find((candidate) => candidate?.id === id)
  if (key === undefined)
    throw new KeySealingError(
      `A private key is sealed with key-encryption key ${id}, which is not the key in use (${ring.current.id})${ring.previous ? ` nor the previous one (${ring.previous.id})` : ''}`,
    )
  const bytes = Buffer.from(sealed.slice(`${prefix}:${id}:`.length), 'base64url')
  if (bytes.length < ivBytes + tagBytes) throw new KeySealingError(`A sealed private key is cut short`)
  const decipher = createDecipheriv('aes-256-gcm', key.key, bytes.subarray(0, ivBytes), {
    authTagLength: tagBytes,
  })
  decipher.setAAD(Buffer.from(`${prefix}:${id}`))
  decipher.setAuthTag(bytes.subarray(bytes.length - tagBytes))
  try {
    const opened = Buffer.concat([
      decipher.update(bytes.subarray(ivBytes, bytes.length - tagBytes)),
      decipher.final(),
    ])
    return new Uint8Array(opened)
  } catch {
    throw new KeySealingError(`A private key sealed with key-encryption key ${id} was altered`)
  }
}

/** Whether `stored` is a key sealed with the ring's current key (else: by an older key). */
export function sealedWithCurrentKey(ring: KeyRing, stored: string): boolean {
  return sealedKeyId(stored.trim()) === ring.current.id
}

function sealedKeyId(sealed: string): string {
  const match = /^signet-sealed-key:v1:([0-9a-f]{16}):[A-Za-z0-9_-]+$/.exec(sealed)
  if (match?.[1] === undefined) throw new KeySealingError('A stored private key is not a sealed key')
  return match[1]
}
