// `npm run pki -- revoke <serial> [--reason <reason>]`: the operator's command to revoke a certificate of the
// platform's PKI, which its OCSP responder and CRLs then answer as revoked. It writes to the configured
// database (DATABASE_URL, or the embedded one in DATA_DIR while the server is stopped).
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { loadConfig } from '../server/config.ts'
import { openDatabase } from '../server/db/open-database.ts'
import { revocationReasons } from '../server/db/schema/pki.ts'
import type { RevocationReason } from '../server/signing/certificate-registry.ts'
import { revokeCertificate } from '../server/signing/revoke-certificate.ts'

const usage = `Usage:
  npm run pki -- revoke <serial in hex> [--reason ${revocationReasons.join('|')}]
The certificate and every copy of it made for one signature are revoked now; the reason defaults to unspecified.`

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { reason: { type: 'string', default: 'unspecified' } },
})
const [command, serial] = positionals
const reason = revocationReasons.find((known) => known === values.reason)
if (command !== 'revoke' || serial === undefined || !/^[0-9a-fA-F:]+$/.test(serial) || reason === undefined) {
  console.error(usage)
  process.exit(2)
}
const { database: where } = loadConfig(process.env)
// Opening the embedded database of a DATA_DIR that has none would create an empty one, and revoke nothing.
if (where.driver === 'pglite' && !existsSync(where.dir)) {
  console.error(`No database in ${where.dir}: set DATA_DIR to the server's, or DATABASE_URL.`)
  process.exit(1)
}
const database = await openDatabase(where)
try {
  await database.migrate()
  const at = new Date()
  const revoked = await revokeCertificate(database.db, serial, reason satisfies RevocationReason, at)
  if (revoked === 0) {
    console.error(`No certificate with serial ${serial} that is not revoked already.`)
    process.exitCode = 1
  } else {
    console.log(
      `Revoked ${revoked} certificate(s) with serial ${serial} (and its copies) at ${at.toISOString()}: ${reason}.`,
    )
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await database.close()
}
