import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { apiBase, apiPaths } from '../../../contract/paths.ts'
import { maxJsonBytes } from '../../../server/http/read-json-body.ts'
import {
  type RequestsClient,
  startRequestsClient,
  testLimits,
} from '../signature-requests/requests-client.ts'

const megabyte = 1024 * 1024

/** What a client that sends its whole body before it reads saw: the answer, and how far it got. */
type Sent = { answer: string; sentBytes: number; error: string | undefined }

/** How long after the answer the rest of the body still arrives: seconds, as over a line of a few MB/s. */
const slowLineMs = 5_000

/**
 * One HTTP/1.1 request over a TCP socket from a client that, as curl's uploads, Python's and most SDKs do,
 * sends the whole body before it reads the answer, over a slow line: what it sends past `limit` is still on
 * its way when the server answers, and arrives {@link slowLineMs} later (the server's timers are moved on).
 * `head` opens the body and filler bytes make up `total`, announced by Content-Length or sent in chunks.
 */
function sendWholeBody(
  url: string,
  path: string,
  headers: Record<string, string>,
  head: string,
  { limit, total }: { limit: number; total: number },
  chunked: boolean,
): Promise<Sent> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    // Half-open allowed: the server's end of its side does not end the client's before it has sent it all.
    const socket = connect({ port: Number(port), host: hostname, allowHalfOpen: true })
    const received: Buffer[] = []
    let sentBytes = 0
    let error: string | undefined
    socket.on('data', (chunk: Buffer) => received.push(chunk))
    socket.on('error', (cause: NodeJS.ErrnoException) => {
      error ??= cause.code ?? String(cause)
    })
    socket.on('close', () => resolve({ answer: Buffer.concat(received).toString(), sentBytes, error }))
    const answered = new Promise<void>((done) => {
      socket.once('data', () => done())
      socket.once('close', () => done())
    })
    const write = (bytes: Buffer) =>
      new Promise<void>((done) => {
        const framed = chunked ? [`${bytes.length.toString(16)}\r\n`, bytes, '\r\n'] : [bytes]
        socket.write(Buffer.concat(framed.map((part) => Buffer.from(part))), () => done())
      })
    const filler = Buffer.alloc(256 * 1024, 'a')
    const sendUpTo = async (end: number) => {
      while (sentBytes < end && error === undefined && !socket.destroyed) {
        const piece = filler.subarray(0, Math.min(filler.length, end - sentBytes))
        await write(piece)
        sentBytes += piece.length
      }
    }
    socket.on('connect', async () => {
      const lines = Object.entries({
        ...headers,
        ...(chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(total) }),
      }).map(([name, value]) => `${name}: ${value}\r\n`)
      socket.write(`POST ${apiBase}${path} HTTP/1.1\r\nHost: ${hostname}\r\n${lines.join('')}\r\n`)
      await write(Buffer.from(head))
      sentBytes = head.length
      await sendUpTo(limit + filler.length)
      await answered
      vi.advanceTimersByTime(slowLineMs)
      await sendUpTo(total)
      if (chunked && error === undefined) socket.write('0\r\n\r\n')
      socket.end()
    })
  })
}

/** The status and error code of a raw HTTP/1.1 answer. */
function parse(answer: string): { status: number; code: string | undefined } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1])
  const json = /\{.*\}/s.exec(answer.slice(answer.indexOf('\r\n\r\n')))?.[0] ?? '{}'
  return { status, code: (JSON.parse(json) as { code?: string }).code }
}

const filePart = (type: string) =>
  `--x\r\nContent-Disposition: form-data; name="file"; filename="big"\r\nContent-Type: ${type}\r\n\r\n`

/**
 * Issue 34: bodies 4 to 12 MB over the limit were answered 413, and the connection was closed while the
 * client still sent (at once after a JSON 413, 500 ms later after an upload's): the client got a reset
 * instead of the answer. The server now reads and throws away the rest, then closes.
 */
describe('a body over the limit, sent whole by a client that reads afterwards', () => {
  let api: RequestsClient
  let token: string
  let requestId: string

  beforeAll(async () => {
    api = await startRequestsClient('pglite')
    token = await api.signUp('owner@example.com')
    requestId = (await api.create(token, { title: 'Too large', signatures: [] })).id
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  it('is answered 413 with its code, and the client sends it all and reads the answer', async () => {
    const auth = { Authorization: `Bearer ${token}` }
    const json = { ...auth, 'Content-Type': 'application/json' }
    const upload = { ...auth, 'Content-Type': 'multipart/form-data; boundary=x' }
    const cases = [
      [
        'JSON, announced',
        apiPaths.signatureRequests(),
        json,
        '{"title":"',
        { limit: maxJsonBytes, total: maxJsonBytes + 4 * megabyte },
        false,
      ],
      [
        'JSON, in chunks',
        apiPaths.signatureRequests(),
        json,
        '{"title":"',
        { limit: maxJsonBytes, total: maxJsonBytes + 12 * megabyte },
        true,
      ],
      [
        'a document upload',
        apiPaths.signatureRequestDocuments(requestId),
        upload,
        `${filePart('application/pdf')}%PDF-1.7\n`,
        { limit: testLimits.maxDocumentBytes, total: testLimits.maxDocumentBytes + 12 * megabyte },
        false,
      ],
      [
        'an attachment upload, in chunks',
        apiPaths.signatureRequestAttachments(requestId),
        upload,
        filePart('text/plain'),
        { limit: testLimits.maxDocumentBytes, total: testLimits.maxDocumentBytes + 4 * megabyte },
        true,
      ],
    ] as const
    const expected = ['request.too_large', 'request.too_large', 'document.too_large', 'attachment.too_large']
    // The server's timers (@hono/node-server's 500 ms drain, its own linger) move only when a slow line moves
    // them.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const seen = []
    try {
      for (const [what, path, headers, head, body, chunked] of cases) {
        const { answer, sentBytes, error } = await sendWholeBody(
          api.server.url,
          path,
          headers,
          head,
          body,
          chunked,
        )
        seen.push({ what, error, sentAll: sentBytes === body.total, ...parse(answer) })
      }
    } finally {
      vi.useRealTimers()
    }
    expect(seen).toEqual(
      cases.map(([what], index) => ({
        what,
        error: undefined,
        sentAll: true,
        status: 413,
        code: expected[index],
      })),
    )
    // The server goes on serving.
    expect((await api.call('GET', apiPaths.signatureRequest(requestId), { token })).status).toBe(200)
  })
})
