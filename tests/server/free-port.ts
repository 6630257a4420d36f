import { createServer } from 'node:net'

/**
 * A TCP port nobody listens on just now, for a server whose public address must be known before it starts:
 * its certificates name its OCSP responder under PUBLIC_URL, which pdfsig asks.
 */
export async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject)
    probe.listen(0, () => resolve())
  })
  const address = probe.address()
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  if (address === null || typeof address === 'string') throw new Error('no TCP port')
  return address.port
}
