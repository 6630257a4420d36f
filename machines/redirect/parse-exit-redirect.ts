import type { ExitRedirect } from './redirect.types.ts'
import { redirectTimeoutSeconds } from './redirect-constants.ts'

// Anything but http(s) (javascript:, data:, relative paths) could run script or stay on our origin.
function safeUrl(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined
  try {
    const url = new URL(raw.trim())
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

function timeoutSeconds(raw: unknown): number {
  const n =
    typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN
  if (!Number.isFinite(n)) return redirectTimeoutSeconds.fallback
  if (n === 0) return 0
  return Math.round(Math.min(redirectTimeoutSeconds.max, Math.max(redirectTimeoutSeconds.min, n)))
}

/**
 * Reads the exit-redirect settings from a direct-sign link's query (SPEC §5): URLs must be http or
 * https or are ignored, error and decline URLs fall back to the exit URL, the timeout is clamped
 * to 10..90 seconds with 0 meaning immediate and 45 when absent or not a number.
 */
export function parseExitRedirect(query: Record<string, unknown>): ExitRedirect {
  const exitUrl = safeUrl(query.exitUrl)
  return {
    exitUrl,
    errorUrl: safeUrl(query.errorUrl) ?? exitUrl,
    declineUrl: safeUrl(query.declineUrl) ?? exitUrl,
    timeout: timeoutSeconds(query.timeout),
    shouldDeclineRedirect: query.shouldDeclineRedirect === true || query.shouldDeclineRedirect === 'true',
  }
}
