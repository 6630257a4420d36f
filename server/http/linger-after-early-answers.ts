import type { IncomingMessage, Server } from 'node:http'
import type { Socket } from 'node:net'

/** How much of a body answered early the server still reads and throws away, and for how long. */
export type LingerLimits = { bytes: number; ms: number }

/**
 * Room for the rest of any body a client sends by mistake (an upload over its 40 MB, JSON over its 1 MB),
 * not for one that never ends.
 */
const defaultLingerLimits: LingerLimits = { bytes: 64 * 1024 * 1024, ms: 30_000 }

/**
 * Lets a client finish sending a body that the server answered before reading it all (413 for a body over the
 * limit, 404 for an upload to an unknown request, ...), and only then closes the connection. Node closes the
 * socket as soon as such an answer is written when it says `Connection: close`, and @hono/node-server after
 * 500 ms of draining the rest: the client, still sending, then gets a reset, and clients that read only once
 * they have sent (curl's uploads, Python's, most SDKs) lose the answer with it. Here the server's side ends
 * after the answer and the rest of the body is read and thrown away within `limits`; past them the
 * connection is reset as before.
 */
export function lingerAfterEarlyAnswers(server: Server, limits: LingerLimits = defaultLingerLimits): void {
  const current = new WeakMap<Socket, IncomingMessage>()
  server.prependListener('request', (request: IncomingMessage) => current.set(request.socket, request))
  server.on('connection', (socket: Socket) => {
    const destroySoon = socket.destroySoon.bind(socket)
    let lingering = false
    // Both Node and @hono/node-server close a connection through destroySoon().
    socket.destroySoon = () => {
      const request = current.get(socket)
      if (request === undefined || request.complete) destroySoon()
      else if (!lingering) {
        lingering = true
        linger(socket, request, limits, destroySoon)
      }
    }
  })
}

function linger(socket: Socket, request: IncomingMessage, limits: LingerLimits, close: () => void): void {
  socket.end()
  const timer = setTimeout(() => socket.destroy(), limits.ms)
  timer.unref()
  socket.once('close', () => clearTimeout(timer))
  let read = 0
  // A reader the handler left behind (a web stream of the body) would hold the rest in memory, or pause it.
  request.removeAllListeners('data')
  request.on('data', (chunk: Buffer) => {
    read += chunk.length
    if (read > limits.bytes) socket.destroy()
  })
  request.once('end', close)
  request.resume()
}
