import type { Context } from 'hono'
import type { AuthEnv } from '../http/authenticate.ts'
import { clientAddress } from '../http/client-address.ts'
import type { Caller } from './request-services.ts'

/**
 * The signed-in caller of a request behind `authenticate`, with the address their signatures are found by
 * and the client address the audit trail records (the socket's peer: behind a proxy, the proxy's).
 */
export function callerOf(c: Context<AuthEnv>): Caller {
  const { userId, email, groupIds } = c.get('auth')
  return { userId, email, ip: clientAddress(c), groupIds }
}
