import { randomInt } from 'node:crypto'
import { recoveryCodeCount } from '../../contract/account-security.ts'
import { hashToken } from './hash-token.ts'

// No 0/o, 1/l/i: a code is copied from paper.
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'

/** A recovery code as its owner may type it: case, spaces and dashes do not matter. */
export function hashRecoveryCode(code: string): string {
  return hashToken(code.toLowerCase().replace(/[\s-]/g, ''))
}

/** Ten new recovery codes (`xxxxx-xxxxx`, about 49 bits each) and the hashes that are stored instead. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: recoveryCodeCount }, () => {
    const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('')
    return `${chars.slice(0, 5)}-${chars.slice(5)}`
  })
  return { codes, hashes: codes.map(hashRecoveryCode) }
}
