import type { AppConfig } from '../../config.ts'
import { signetRelease } from '../../release.ts'

/** Sends the server's unexpected errors to Sentry. */
export type ErrorReporter = {
  /**
   * Reports an unexpected error with tags that find its log lines: a request's `request_id` (the id its answer
   * carries too), or a failed job's `job_id` and `job_kind`.
   */
  report(error: unknown, tags: Record<string, string>): void
  /** Sends what is still queued (for at most 2 s) and stops reporting. */
  close(): Promise<void>
}

/**
 * With SENTRY_DSN set and SENTRY_DISABLED not `true`, loads `@sentry/node` and reports to that DSN, errors only
 * (no tracing); otherwise loads nothing and answers null.
 */
export async function startErrorReporting(
  settings: AppConfig['errorReporting'],
): Promise<ErrorReporter | null> {
  if (settings === null || settings.disabled) return null
  const sentry = await import('@sentry/node')
  sentry.init({ dsn: settings.dsn, environment: settings.environment, release: signetRelease })
  return {
    report: (error, tags) => {
      sentry.captureException(error, { tags })
    },
    close: async () => {
      await sentry.close(2000)
    },
  }
}
