import { randomBytes, type ScryptOptions, scrypt } from 'node:crypto'

/** scrypt cost parameters; stored with every hash, so raising them later keeps old hashes readable. */
export const scryptParameters = { N: 2 ** 15, r: 8, p: 1 } as const
const keyLength = 64

/** Derives a scrypt key without blocking the event loop. */
export function deriveKey(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  const maxmem = 128 * (options.N ?? 0) * (options.r ?? 0) * 2
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

/** Hashes a password with a fresh salt: `scrypt$N$r$p$<salt base64>$<key base64>`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const { N, r, p } = scryptParameters
  const key = await deriveKey(password, salt, { N, r, p })
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$')
}
