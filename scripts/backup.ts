// `npm run backup -- <file> [--server <url>]`: asks the running server for an archive of everything it keeps
// (database, stored files, PKI) and writes it to <file>. The server makes the archive, as it holds the embedded
// database; outside development the call carries OPERATOR_TOKEN, from the same environment as the server's.
import { createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { parseArgs } from 'node:util'
import { apiPaths, apiUrl } from '../contract/paths.ts'
import { loadConfig } from '../server/config.ts'

const { positionals, values } = parseArgs({ allowPositionals: true, options: { server: { type: 'string' } } })
const [file] = positionals
if (file === undefined || positionals.length > 1) {
  console.error('Usage: npm run backup -- <file> [--server http://localhost:8080]')
  process.exit(2)
}
const config = loadConfig(process.env)
const server = values.server ?? `http://localhost:${config.port}`
const response = await fetch(`${server}${apiUrl(apiPaths.backup())}`, {
  method: 'POST',
  headers: config.operatorToken === undefined ? {} : { 'x-operator-token': config.operatorToken },
}).catch((error: unknown) => {
  console.error(`No server answers at ${server} (${(error as Error).message}); is it running?`)
  process.exit(1)
})
if (response.status !== 200 || response.body === null) {
  console.error(
    response.status === 404
      ? `${server} refused the backup: set OPERATOR_TOKEN to the server's`
      : `${server} could not make the backup (${response.status}): ${await response.text()}`,
  )
  process.exit(1)
}
const partial = `${file}.partial`
try {
  await pipeline(
    Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
    createWriteStream(partial, { flush: true }),
  )
  await rename(partial, file)
} finally {
  await rm(partial, { force: true })
}
console.log(`Backup written to ${file}.`)
