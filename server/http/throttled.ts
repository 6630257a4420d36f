import type { Context } from 'hono'
import { TooManyAttempts } from '../accounts/login-throttle.ts'

/** Runs a call the sign-in throttle counts: its 429 carries the seconds to wait as the Retry-After header. */
export async function throttled<T>(c: Context, answer: () => Promise<T>): Promise<T> {
  try {
    return await answer()
  } catch (error) {
    if (error instanceof TooManyAttempts) c.header('Retry-After', String(error.retryAfterSeconds))
    throw error
  }
}
