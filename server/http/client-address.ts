import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * The client's address as the audit trail and the sign-in throttle record it: the socket's peer, so behind
 * a reverse proxy it is the proxy's. An IPv4 client on a dual-stack socket reads as plain IPv4. Requests
 * handed to the app without a Node socket (app.request in tests) have none and share 'unknown'.
 */
export function clientAddress(c: Context): string {
  const env = c.env as { incoming?: unknown } | undefined
  if (env?.incoming === undefined) return 'unknown'
  const address = getConnInfo(c).remote.address
  return address === undefined ? 'unknown' : address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '')
}
