import { ApiError } from '../http/api-error.ts'

/** The expiry a sender asks for (null: never), which must be later than `now`: else 400 naming `expires_at`. */
export function futureExpiry(expiresAt: string | null, now: Date): Date | null {
  if (expiresAt === null) return null
  const at = new Date(expiresAt)
  if (at.getTime() <= now.getTime()) {
    throw new ApiError(400, 'request.invalid', 'The expiry must be in the future', { field: 'expires_at' })
  }
  return at
}
