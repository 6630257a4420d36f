import type { ServerTimeContext } from './server-time.types.ts'

/** The server's clock now, from a local reading (`Date.now()` at the caller) and the known offset. */
export function serverNow(context: ServerTimeContext, localNow: number): number {
  return localNow + context.offset
}
