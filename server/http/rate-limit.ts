import type { MiddlewareHandler } from 'hono'
import { ApiError } from './api-error.ts'
import { clientAddress } from './client-address.ts'

/** Options of {@link rateLimit}. */
export type RateLimitOptions = {
  /** Requests one client address may make within any `windowMs`. */
  limit: number
  windowMs: number
  /** The clock the window is measured on. */
  now: () => Date
}

/**
 * Middleware that lets each client address (as {@link clientAddress} reads it) make `limit` requests in any
 * window of `windowMs` and refuses more with 429 `request.rate_limited` and a Retry-After header, until the
 * oldest request that counts leaves the window. Refused requests do not count. The counts live in this
 * process's memory: unlike the sign-in throttle, which must hold across the server processes that share a
 * database, a rate limit guards the work of its own process, and a restart forgetting it costs nothing.
 */
export function rateLimit({ limit, windowMs, now }: RateLimitOptions): MiddlewareHandler {
  const requests = new Map<string, number[]>()
  let sweptAt = 0
  return async (c, next) => {
    const at = now().getTime()
    const since = at - windowMs
    // Once a window, addresses without a recent request are forgotten, so the map holds recent callers only.
    if (at - sweptAt >= windowMs) {
      for (const [address, times] of requests) {
        if ((times.at(-1) ?? 0) <= since) requests.delete(address)
      }
      sweptAt = at
    }
    const address = clientAddress(c)
    const times = (requests.get(address) ?? []).filter((time) => time > since)
    requests.set(address, times)
    const oldest = times[times.length - limit]
    if (oldest !== undefined) {
      const retryAfterSeconds = Math.max(1, Math.ceil((oldest + windowMs - at) / 1000))
      c.header('Retry-After', String(retryAfterSeconds))
      throw new ApiError(
        429,
        'request.rate_limited',
        `Too many requests from your address: try again in ${retryAfterSeconds} s`,
      )
    }
    times.push(at)
    await next()
  }
}
