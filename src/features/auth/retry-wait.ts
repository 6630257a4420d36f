import { ApiError } from '../../api/client.ts'

/** The seconds to wait after too many failed sign-ins (the answer's Retry-After), else undefined. */
export function retryWaitSeconds(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.code !== 'auth.too_many_attempts') return undefined
  return error.retryAfterSeconds && error.retryAfterSeconds > 0 ? error.retryAfterSeconds : undefined
}
