// Starts the real server for the end-to-end tests on a fresh embedded database of its own:
// `node e2e/serve.ts <mode> <port>`. With E2E_DATA_DIR it uses (and keeps) that folder instead,
// so a spec can restart a server on the same data with other settings.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensureMigratedPglite, unpackMigratedPglite } from '../tests/server/migrated-pglite.ts'
import { e2eOperatorToken } from './operator-token.ts'

const [mode = 'staging', port = '4301'] = process.argv.slice(2)
const keep = process.env.E2E_DATA_DIR
const dataDir = keep ?? mkdtempSync(join(tmpdir(), `signet-e2e-${mode}-`))
process.env.APP_MODE = mode
process.env.PORT = port
process.env.DATA_DIR = dataDir
process.env.PUBLIC_URL = `http://localhost:${port}`
process.env.LOG_LEVEL ??= 'warn'
process.env.OPERATOR_TOKEN ??= e2eOperatorToken
// A small document limit, so the journeys can show a file over it being refused without uploading 40 MB.
process.env.MAX_DOCUMENT_MB ??= '4'
// Behind one proxy as production servers are, so a journey can play a stranger at another address
// (X-Forwarded-For); the browser's own calls, without the header, come from its own address.
process.env.TRUSTED_PROXIES ??= '1'
// Production needs a key-encryption key; this one is for the journeys only (a restart on E2E_DATA_DIR finds it again).
if (mode === 'production') process.env.KEY_ENCRYPTION_KEY ??= 'ZTJlIGpvdXJuZXlzIGtleSwgbm90IGEgc2VjcmV0ISE='
if (!keep) process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }))
// A new embedded database starts from the archive of a migrated one, as the server tests' do: migrating anew took
// seconds of every one of the many servers the journeys start.
const embeddedDir = join(dataDir, 'db')
if (process.env.DATABASE_URL === undefined && !existsSync(embeddedDir)) {
  await ensureMigratedPglite()
  await unpackMigratedPglite(embeddedDir)
}
await import('../server/index.ts')
