import { createSecretKey, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  KeySealingError,
  keyRing,
  openPrivateKey,
  sealedWithCurrentKey,
  sealPrivateKey,
} from '../../../server/keys/key-ring.ts'

const newKey = () => createSecretKey(randomBytes(32))
const pkcs8 = new Uint8Array(randomBytes(138))

describe('sealing a private key', () => {
  it('opens what it sealed, and seals the same key differently each time', () => {
    const ring = keyRing(newKey())
    const sealed = sealPrivateKey(ring, pkcs8)
    expect(sealed).toMatch(/^signet-sealed-key:v1:[0-9a-f]{16}:[A-Za-z0-9_-]+$/)
    expect(Buffer.from(openPrivateKey(ring, `${sealed}\n`))).toEqual(Buffer.from(pkcs8))
    expect(sealPrivateKey(ring, pkcs8)).not.toBe(sealed)
    expect(sealed).not.toContain(Buffer.from(pkcs8).toString('base64url').slice(0, 16))
  })

  it('refuses a sealed key that was altered, or sealed by a key not in the ring', () => {
    const ring = keyRing(newKey())
    const sealed = sealPrivateKey(ring, pkcs8)
    // One character changed in the IV, in the middle of the ciphertext, and in the tag.
    const body = sealed.lastIndexOf(':') + 1
    for (const at of [body, Math.floor((body + sealed.length) / 2), sealed.length - 3]) {
      const altered = `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`
      expect(() => openPrivateKey(ring, altered)).toThrow(
        new KeySealingError(`A private key sealed with key-encryption key ${ring.current.id} was altered`),
      )
    }
    const other = keyRing(newKey())
    expect(() => openPrivateKey(other, sealed)).toThrow(
      new KeySealingError(
        `A private key is sealed with key-encryption key ${ring.current.id}, which is not the key in use (${other.current.id})`,
      ),
    )
    expect(() => openPrivateKey(ring, '-----BEGIN PRIVATE KEY-----')).toThrow(KeySealingError)
  })

  it('opens with the previous key what it sealed, and seals with the current one', () => {
    const old = newKey()
    const sealed = sealPrivateKey(keyRing(old), pkcs8)
    const ring = keyRing(newKey(), old)
    expect(sealedWithCurrentKey(ring, sealed)).toBe(false)
    expect(Buffer.from(openPrivateKey(ring, sealed))).toEqual(Buffer.from(pkcs8))
    expect(sealedWithCurrentKey(ring, sealPrivateKey(ring, pkcs8))).toBe(true)
  })

  it('takes only 32-byte keys', () => {
    expect(() => keyRing(createSecretKey(randomBytes(16)))).toThrow(KeySealingError)
  })
})
