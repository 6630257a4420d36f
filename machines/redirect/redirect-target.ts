import type { ExitRedirect, RedirectOutcome } from './redirect.types.ts'

/** The URL to leave to after a flow ended this way, or undefined to stay in the app. */
export function redirectTarget(settings: ExitRedirect, outcome: RedirectOutcome): string | undefined {
  if (outcome === 'signed') return settings.exitUrl
  if (outcome === 'error') return settings.errorUrl
  return settings.shouldDeclineRedirect ? settings.declineUrl : undefined
}
