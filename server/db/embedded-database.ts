import { once } from 'node:events'
import { Duplex } from 'node:stream'
import { Worker } from 'node:worker_threads'
import pg from 'pg'

/** What the embedded database's thread starts with. */
export type EmbeddedWorkerData = { dir: string }
/** What the server's thread asks the embedded database's thread. */
export type EmbeddedRequest =
  | { type: 'bytes'; connection: number; bytes: Uint8Array }
  | { type: 'dump'; id: number }
  | { type: 'close' }
/** What the embedded database's thread answers. */
export type EmbeddedReply =
  | { type: 'ready' }
  | { type: 'bytes'; connection: number; bytes: Uint8Array }
  | { type: 'dump'; id: number; bytes: Uint8Array<ArrayBuffer> }
  | { type: 'failed'; message: string }

/** The embedded database, served from a thread of its own. */
export type EmbeddedDatabase = {
  /** One connection, as PGlite has one: a transaction holds it, and other queries wait for the pool. */
  pool: pg.Pool
  /** The data directory as an uncompressed tar, between two queries (hold the pool's connection meanwhile). */
  dump(): Promise<Uint8Array<ArrayBuffer>>
  close(): Promise<void>
}

/**
 * The connection's socket for node-postgres: what it writes goes to the database's thread, and what that
 * thread answers comes back as if read from a socket. Answers name their connection: one that node-postgres
 * has given up (after an error, before the database's last answer came) must not read the next one's.
 */
class WorkerSocket extends Duplex {
  private readonly send: (request: EmbeddedRequest) => void
  readonly connection: number
  constructor(send: (request: EmbeddedRequest) => void, connection: number) {
    super()
    this.send = send
    this.connection = connection
  }
  connect() {
    process.nextTick(() => this.emit('connect'))
    return this
  }
  setNoDelay() {
    return this
  }
  setKeepAlive() {
    return this
  }
  ref() {
    return this
  }
  unref() {
    return this
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    this.send({ type: 'bytes', connection: this.connection, bytes: chunk })
    callback()
  }
  // node-postgres corks a query's messages (parse, bind, execute, sync): they cross to the database's thread
  // as one message, and its answers come back as one.
  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void) {
    this.send({
      type: 'bytes',
      connection: this.connection,
      bytes: Buffer.concat(chunks.map(({ chunk }) => chunk)),
    })
    callback()
  }
  override _final(callback: (error?: Error | null) => void) {
    this.push(null)
    callback()
  }
  override _read() {}
}

/**
 * Opens the embedded database in `dir` on a thread of its own (embedded-database-worker.ts). PGlite runs each
 * query synchronously in WebAssembly; on the server's thread, that held up every other call meanwhile and
 * left the second core idle (issue 34: under 200 clients, PGlite took about 60 % of that thread).
 */
export async function openEmbeddedDatabase(dir: string): Promise<EmbeddedDatabase> {
  const worker = new Worker(new URL('./embedded-database-worker.ts', import.meta.url), {
    workerData: { dir } satisfies EmbeddedWorkerData,
  })
  let socket: WorkerSocket | undefined
  let connections = 0
  let stopped: Error | undefined
  const dumps = new Map<number, (bytes: Uint8Array<ArrayBuffer>) => void>()
  let nextDump = 1
  const send = (request: EmbeddedRequest) => worker.postMessage(request)

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: EmbeddedReply) => {
      if (reply.type === 'ready') resolve()
      else if (reply.type === 'bytes') {
        if (reply.connection === socket?.connection) socket.push(reply.bytes)
      } else if (reply.type === 'dump') {
        dumps.get(reply.id)?.(reply.bytes)
        dumps.delete(reply.id)
      } else socket?.destroy(new Error(`The embedded database failed: ${reply.message}`))
    })
    worker.on('error', (error) => {
      stopped = error
      reject(error)
      socket?.destroy(error)
    })
    worker.on('exit', () => {
      stopped ??= new Error('The embedded database has stopped')
      reject(stopped)
      socket?.destroy(stopped)
    })
  })
  await ready

  const pool = new pg.Pool({
    max: 1,
    // The one connection stays: opening it again would only repeat the start-up.
    idleTimeoutMillis: 0,
    user: 'postgres',
    database: 'postgres',
    stream: () => {
      socket = new WorkerSocket(send, ++connections)
      const opened = socket
      if (stopped !== undefined) process.nextTick(() => opened.destroy(stopped))
      return opened
    },
  })
  return {
    pool,
    dump: () =>
      new Promise((resolve, reject) => {
        if (stopped !== undefined) return reject(stopped)
        const id = nextDump++
        dumps.set(id, resolve)
        send({ type: 'dump', id })
      }),
    close: async () => {
      await pool.end()
      if (stopped !== undefined) return
      const exited = once(worker, 'exit')
      send({ type: 'close' })
      await exited
    },
  }
}
