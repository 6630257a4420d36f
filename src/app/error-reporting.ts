import type { ErrorReportingSettings } from '../../contract/app-config.ts'

/** SPEC §9: on an error, this share of sessions is replayed. */
const replayOnErrorSampleRate = 0.8

/**
 * SPEC §9: error reporting starts only with a DSN that is not disabled; without one the SDK is
 * never downloaded and nothing leaves the browser.
 */
export async function startErrorReporting(settings: ErrorReportingSettings | null, appHost: string) {
  if (!settings?.dsn || settings.disabled) return false
  const Sentry = await import('@sentry/react')
  Sentry.init({
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
    tracesSampleRate: settings.tracesSampleRate,
    tracePropagationTargets: ['localhost', appHost],
    replaysSessionSampleRate: settings.tracesSampleRate,
    replaysOnErrorSampleRate: replayOnErrorSampleRate,
  })
  return true
}
