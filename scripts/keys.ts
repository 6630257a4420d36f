// `npm run keys -- rotate`: seals every private key at rest (DATA_DIR/pki, the seals' rows) with a new key-encryption
// key, KEY_ENCRYPTION_KEY, opening them with the one before, KEY_ENCRYPTION_KEY_PREVIOUS. Run it with every server
// stopped, then start them with the new key alone. Cut short, it changes nothing or leaves keys that open with
// the two keys: run it again.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pkiDir } from '../server/backup/backup-archive.ts'
import { loadConfig } from '../server/config.ts'
import { openDatabase } from '../server/db/open-database.ts'
import { KeySealingError } from '../server/keys/key-ring.ts'
import { loadKeyRing } from '../server/keys/load-key-ring.ts'
import { resealPrivateKeys } from '../server/keys/reseal-private-keys.ts'

const usage = `Usage:
  KEY_ENCRYPTION_KEY=<new key> KEY_ENCRYPTION_KEY_PREVIOUS=<key in use> npm run keys -- rotate
Each key is 32 random bytes in base64 (openssl rand -base64 32). Stop every server first.`

if (process.argv.length !== 3 || process.argv[2] !== 'rotate') {
  console.error(usage)
  process.exit(2)
}
const config = loadConfig(process.env)
if (config.keyEncryptionKey === undefined || config.previousKeyEncryptionKey === undefined) {
  console.error(usage)
  process.exit(2)
}
// Before the database is opened: a wrong DATA_DIR must not get an embedded database made in it.
if (!existsSync(join(pkiDir(config.dataDir), 'root.pem'))) {
  console.error(`No PKI in ${pkiDir(config.dataDir)}: set DATA_DIR to the server's.`)
  process.exit(2)
}
const keys = await loadKeyRing(config)
const database = await openDatabase(config.database)
try {
  await database.migrate()
  const resealed = await resealPrivateKeys(keys, { pkiDir: pkiDir(config.dataDir), db: database.db })
  console.log(
    `Sealed ${resealed.files} key file(s) in ${pkiDir(config.dataDir)} and ${resealed.seals} seal key(s) with key ${keys.current.id}. Start the servers with the new KEY_ENCRYPTION_KEY and without KEY_ENCRYPTION_KEY_PREVIOUS.`,
  )
} catch (error) {
  if (!(error instanceof KeySealingError)) throw error
  console.error(`Nothing changed: ${error.message}`)
  process.exitCode = 1
} finally {
  await database.close()
}
