// The embedded database's thread (node:worker_threads): PGlite runs here, so that its WebAssembly works on a
// core of its own while the server's thread answers calls. The server speaks PostgreSQL's wire protocol to it
// through node-postgres (embedded-database.ts); this thread cuts the bytes into whole messages and hands each
// to PGlite, which answers as a PostgreSQL server would.

import { parentPort, type Transferable, workerData } from 'node:worker_threads'
import type { EmbeddedReply, EmbeddedRequest, EmbeddedWorkerData } from './embedded-database.ts'
import { openPglite } from './pglite-template.ts'

const port = parentPort
if (port === null) throw new Error('embedded-database-worker.ts runs only as a worker thread')
const { dir } = workerData as EmbeddedWorkerData
const post = (reply: EmbeddedReply, transfer: Transferable[] = []) => port.postMessage(reply, transfer)

const db = await openPglite(dir)
/** The connection the server's thread speaks on: a new one starts afresh. */
let current = 0
/** Bytes of the open connection not yet a whole message. */
let pending = Buffer.alloc(0)
/** The first message of a connection is its startup message, which has no type byte. */
let awaitingStartup = true
/** Work is done in the order it came: bytes and dumps. */
let queue: Promise<void> = Promise.resolve()

function nextMessageLength(bytes: Buffer): number | undefined {
  const length = awaitingStartup
    ? bytes.length >= 4
      ? bytes.readInt32BE(0)
      : undefined
    : bytes.length >= 5
      ? 1 + bytes.readInt32BE(1)
      : undefined
  return length !== undefined && bytes.length >= length ? length : undefined
}

async function receive(connection: number, bytes: Uint8Array) {
  if (connection !== current) await startConnection(connection)
  pending = pending.length === 0 ? Buffer.from(bytes) : Buffer.concat([pending, bytes])
  // The client sent these messages together (a query's parse, bind, execute and sync): their answers go back
  // together, in one message between the threads, instead of one per answer.
  const answer: Uint8Array<ArrayBuffer>[] = []
  await db.runExclusive(async () => {
    for (let length = nextMessageLength(pending); length !== undefined; length = nextMessageLength(pending)) {
      const message = new Uint8Array(pending.subarray(0, length))
      pending = pending.subarray(length)
      awaitingStartup = false
      await db.execProtocolRawStream(message, { onRawData: (chunk) => answer.push(new Uint8Array(chunk)) })
    }
  })
  if (answer.length === 0) return
  const whole =
    answer.length === 1 ? (answer[0] as Uint8Array<ArrayBuffer>) : new Uint8Array(Buffer.concat(answer))
  post({ type: 'bytes', connection, bytes: whole }, [whole.buffer])
}

// A connection that ended in a transaction (the server's thread gave it up) leaves none open for the next.
async function startConnection(connection: number) {
  current = connection
  pending = Buffer.alloc(0)
  awaitingStartup = true
  if (db.isInTransaction()) await db.exec('rollback')
}

async function dump(id: number) {
  const file = await db.dumpDataDir('none')
  const bytes = new Uint8Array(await file.arrayBuffer())
  post({ type: 'dump', id, bytes }, [bytes.buffer])
}

port.on('message', (request: EmbeddedRequest) => {
  const step =
    request.type === 'bytes'
      ? () => receive(request.connection, request.bytes)
      : request.type === 'dump'
        ? () => dump(request.id)
        : async () => {
            await db.close()
            port.close()
          }
  queue = queue.then(step).catch((error: Error) => post({ type: 'failed', message: error.message }))
})
post({ type: 'ready' })
