import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'

// Each request's client address, as resolveClientAddress read it when the request came in.
const addresses = new WeakMap<Request, string>()

/**
 * Middleware that reads the client's address of each request once, for {@link clientAddress}. Without
 * proxies it is the socket's peer. Behind `trustedProxies` reverse proxies, each of which appends the
 * address it was reached from to X-Forwarded-For, it is the entry just before the ones those proxies added:
 * what a client writes into the header itself comes earlier and is never taken.
 */
export function resolveClientAddress(trustedProxies: number): MiddlewareHandler {
  return async (c, next) => {
    addresses.set(c.req.raw, forwardedAddress(c, trustedProxies))
    await next()
  }
}

/**
 * The client's address as the audit trail, the sign-in throttle and the rate limits record it (see
 * {@link resolveClientAddress}). An IPv4 client on a dual-stack socket reads as plain IPv4. Requests handed
 * to the app without a Node socket (app.request in tests) have none and share 'unknown'.
 */
export function clientAddress(c: Context): string {
  return addresses.get(c.req.raw) ?? peerAddress(c)
}

function forwardedAddress(c: Context, trustedProxies: number): string {
  const peer = peerAddress(c)
  if (trustedProxies === 0) return peer
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  // The peer is the nearest proxy; the others each added one entry at the end of the header.
  const chain = [...forwarded, peer]
  return plainIpv4(chain[chain.length - 1 - trustedProxies] ?? chain[0] ?? peer)
}

function peerAddress(c: Context): string {
  const env = c.env as { incoming?: unknown } | undefined
  if (env?.incoming === undefined) return 'unknown'
  const address = getConnInfo(c).remote.address
  return address === undefined ? 'unknown' : plainIpv4(address)
}

function plainIpv4(address: string): string {
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '')
}
