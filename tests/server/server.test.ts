import { type ClientRequest, type IncomingMessage, request } from 'node:http'
import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { apiPaths, apiUrl } from '../../contract/paths.ts'
import { drivers } from './test-database.ts'
import { startTestServer } from './test-server.ts'

/**
 * Starts a JSON POST whose body is only half sent, so the server holds it in flight; `received` settles
 * once the server has it (it asks for the body with a 100 Continue).
 */
function startSlowRequest(url: string): {
  request: ClientRequest
  received: Promise<void>
  response: Promise<IncomingMessage>
} {
  let req: ClientRequest | undefined
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    req = request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': 9, expect: '100-continue' },
      },
      resolve,
    )
    req.on('error', reject)
    req.write('{"a":')
  })
  if (!req) throw new Error('request was not created')
  const sent = req
  const received = new Promise<void>((resolve) => sent.once('continue', () => resolve()))
  return { request: req, received, response }
}

function readBody(response: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    response.setEncoding('utf8')
    response.on('data', (chunk: string) => {
      text += chunk
    })
    response.on('end', () => resolve(text))
    response.on('error', reject)
  })
}

describe.each(drivers)('startServer on %s', (driver) => {
  it('lets an in-flight request finish on close, then refuses new connections', {
    timeout: 60_000,
  }, async () => {
    const server = await startTestServer(driver)
    try {
      const url = `${server.url}${apiUrl(apiPaths.datetime())}`
      expect((await fetch(url)).status).toBe(200)

      const slow = startSlowRequest(url)
      await slow.received
      let closed = false
      const closing = server.close().then(() => {
        closed = true
      })
      await expect
        .poll(() =>
          fetch(url).then(
            () => 'answered',
            () => 'refused',
          ),
        )
        .toBe('refused')
      expect(closed).toBe(false)

      slow.request.end('"b"}')
      const response = await slow.response
      // The body is valid JSON; POST has no route on datetime, so the answer is the contract's 404.
      expect(response.statusCode).toBe(404)
      // Its connection ends with the answer, so closing waits for no keep-alive timeout after it.
      expect(response.headers.connection).toBe('close')
      expect(JSON.parse(await readBody(response))).toMatchObject({ code: 'route.not_found' })
      await closing
      await expect(fetch(url)).rejects.toThrow()
    } finally {
      await server.stop()
    }
  })

  it('refuses with 503 a request that arrives while it stops, and closes its connection', {
    timeout: 60_000,
  }, async () => {
    const server = await startTestServer(driver)
    try {
      const slow = startSlowRequest(`${server.url}${apiUrl(apiPaths.datetime())}`)
      await slow.received
      // A client whose request line is on its way as the server starts to stop.
      const socket = connect(server.port, 'localhost')
      const reply = new Promise<string>((resolve, reject) => {
        let text = ''
        socket.setEncoding('utf8')
        socket.on('data', (chunk: string) => {
          text += chunk
        })
        socket.on('end', () => resolve(text))
        socket.on('error', reject)
      })
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
      socket.write(`GET ${apiUrl(apiPaths.datetime())} HTTP/1.1\r\nHost: localhost\r\n`)
      const closing = server.close()
      socket.write('\r\n')
      const [head, body] = (await reply).split('\r\n\r\n')
      expect(head).toMatch(/^HTTP\/1\.1 503 /)
      expect(head).toMatch(/^Connection: close$/im)
      expect(head).toMatch(/^Retry-After: 5$/im)
      expect(JSON.parse(body ?? '')).toMatchObject({ status: 503, code: 'server.unavailable' })

      // The request under way still gets its answer.
      slow.request.end('"b"}')
      expect((await slow.response).statusCode).toBe(404)
      await closing
    } finally {
      await server.stop()
    }
  })

  it('stops waiting for a request that never finishes after the shutdown timeout', {
    timeout: 60_000,
  }, async () => {
    const server = await startTestServer(driver, { shutdownTimeoutMs: 300 })
    try {
      const slow = startSlowRequest(`${server.url}${apiUrl(apiPaths.datetime())}`)
      const failed = slow.response.then(
        () => false,
        () => true,
      )
      await slow.received
      // Closing ends though the request never does: its connection is cut.
      await server.close()
      expect(await failed).toBe(true)
    } finally {
      await server.stop()
    }
  })
})
