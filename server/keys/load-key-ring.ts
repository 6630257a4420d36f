import { createSecretKey, type KeyObject, randomBytes } from 'node:crypto'
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { AppConfig } from '../config.ts'
import { type KeyRing, keyRing } from './key-ring.ts'

/** Where a server outside production without KEY_ENCRYPTION_KEY keeps its key: for testing only. */
export function keyFile(dataDir: string): string {
  return join(dataDir, 'key-encryption-key')
}

/**
 * The key ring of this configuration: KEY_ENCRYPTION_KEY seals (with KEY_ENCRYPTION_KEY_PREVIOUS beside it
 * during a rotation). Without it, outside production only, the key of `DATA_DIR/key-encryption-key`, made
 * on the first start; a backup leaves that file out.
 */
export async function loadKeyRing(
  config: Pick<AppConfig, 'dataDir' | 'appMode' | 'keyEncryptionKey' | 'previousKeyEncryptionKey'>,
): Promise<KeyRing> {
  const current = config.keyEncryptionKey ?? (await fileKey(config))
  return keyRing(current, config.previousKeyEncryptionKey)
}

async function fileKey({ dataDir, appMode }: Pick<AppConfig, 'dataDir' | 'appMode'>): Promise<KeyObject> {
  // loadConfig refuses this already; a configuration built another way must not end up with a key on disk.
  if (appMode === 'production') throw new Error('KEY_ENCRYPTION_KEY must be set in production')
  const file = keyFile(dataDir)
  await mkdir(dataDir, { recursive: true })
  // Written aside and linked into place: of two processes starting at once, one key wins and both read it whole.
  const written = `${file}.${process.pid}.partial`
  await writeFile(written, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 })
  await link(written, file)
    .catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error
    })
    .finally(() => rm(written, { force: true }))
  const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')
  if (key.length !== 32) throw new Error(`${file} must hold 32 bytes in base64`)
  return createSecretKey(key)
}
