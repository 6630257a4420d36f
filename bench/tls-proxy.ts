import { spawnSync } from 'node:child_process'
import { createHash, X509Certificate } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import { createSecureServer, type ServerHttp2Session } from 'node:http2'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Headers of one hop, which a proxy does not pass on (HTTP/2 forbids them). */
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'])

/**
 * An HTTP/2 front with TLS for the server at `target` (`http://localhost:port`), as the README's deployment puts
 * a TLS proxy before the app: what the browser of a real installation talks to. Its certificate is made for the
 * run with openssl and signed by nobody: the browser is told to trust its key (`spki`, for Chromium's
 * `--ignore-certificate-errors-spki-list`). Trusted so, the answers are cached as a real certificate's are; with
 * `--ignore-certificate-errors` Chromium caches nothing, and a page opened again would fetch all of its files again.
 */
export async function startTlsProxy(
  target: string,
): Promise<{ base: string; spki: string; close(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-tls-'))
  const [keyFile, certFile] = [join(dir, 'key.pem'), join(dir, 'cert.pem')]
  const made = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-subj',
    '/CN=localhost',
    '-days',
    '1',
    '-keyout',
    keyFile,
    '-out',
    certFile,
  ])
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`)
  const [key, cert] = await Promise.all([readFile(keyFile), readFile(certFile)])
  const spki = createHash('sha256')
    .update(new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64')
  const upstream = new URL(target)
  const agent = new Agent({ keepAlive: true })
  const server = createSecureServer({ key, cert, allowHTTP1: true }, (incoming, outgoing) => {
    const headers = Object.fromEntries(
      Object.entries(incoming.headers).filter(([name]) => !name.startsWith(':') && !hopByHop.has(name)),
    )
    const forwarded = request(
      new URL(incoming.url, upstream),
      { method: incoming.method, headers: { ...headers, host: upstream.host }, agent },
      (answer) => {
        const answerHeaders = Object.fromEntries(
          Object.entries(answer.headers).filter(([name]) => !hopByHop.has(name)),
        )
        outgoing.writeHead(answer.statusCode ?? 502, answerHeaders)
        answer.pipe(outgoing)
      },
    )
    forwarded.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502)
      outgoing.end()
    })
    incoming.pipe(forwarded)
  })
  // A browser keeps its HTTP/2 sessions open: closing ends them, or the server would wait for it.
  const sessions = new Set<ServerHttp2Session>()
  server.on('session', (session) => {
    sessions.add(session)
    session.once('close', () => sessions.delete(session))
  })
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve))
  const { port } = server.address() as AddressInfo
  return {
    base: `https://localhost:${port}`,
    spki,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      for (const session of sessions) session.destroy()
      await closed
      agent.destroy()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
