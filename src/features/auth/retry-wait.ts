import { ApiError } from '../../api/client.ts'

/** The seconds to wait after too many failed sign-ins (the answer's Retry-After), else undefined. */
export function retryWaitSeconds(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.code !== 'auth.too_many_attempts') return undefined
  return error.retryAfterSeconds && error.retryAfterSeconds > 0 ? error.retryAfterSeconds : undefined
}

/** A wait in words of `locale`, as people say it: "in 30 seconds", "in 15 minutes", "dans 2 minutes". */
export function waitInWords(seconds: number, locale: string): string {
  const words = new Intl.RelativeTimeFormat(locale, { numeric: 'always' })
  return seconds < 60 ? words.format(seconds, 'second') : words.format(Math.ceil(seconds / 60), 'minute')
}
