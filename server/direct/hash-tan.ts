import { createHash } from 'node:crypto'

/**
 * The SHA-256 (hex) under which a TAN is stored: bound to its signature, so one signer's TAN never matches
 * another's stored hash.
 */
export function hashTan(signatureId: string, tan: string): string {
  return createHash('sha256').update(`${signatureId}:${tan}`, 'utf8').digest('hex')
}
