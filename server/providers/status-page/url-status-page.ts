import type { StatusPageData } from '../../../machines/maintenance/status-page.types.ts'
import { createLastGood } from './last-good.ts'
import { parseStatusSummary } from './parse-status-summary.ts'
import type { StatusPageProvider, StatusPageProviderOptions } from './status-page-provider.ts'

/**
 * The status page from a Statuspage-style summary URL. One fetch serves every caller for `cacheTtlMs`,
 * and callers that arrive while it runs wait for the same fetch; a failed fetch is also remembered for
 * that long, so a broken status page is not hammered by every polling client.
 */
export function createUrlStatusPage(
  url: string,
  {
    logger,
    timeoutMs = 3000,
    cacheTtlMs = 30_000,
    maxStaleMs = 600_000,
    fetch = globalThis.fetch,
    now = Date.now,
  }: Omit<StatusPageProviderOptions, 'source'> = {},
): StatusPageProvider {
  const lastGood = createLastGood(maxStaleMs, now)
  let checked: { at: number; outcome: { data: StatusPageData } | { error: unknown } } | undefined
  let running: Promise<void> | undefined

  async function fetchSummary(): Promise<StatusPageData> {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!response.ok) throw new Error(`Status page answered HTTP ${response.status}`)
    return parseStatusSummary(await response.json())
  }

  async function check(): Promise<void> {
    try {
      const data = lastGood.keep(await fetchSummary())
      checked = { at: now(), outcome: { data } }
    } catch (error) {
      logger?.warn({ err: error, host: new URL(url).host }, 'status page cannot be fetched')
      checked = { at: now(), outcome: { error } }
    }
  }

  return {
    async read() {
      if (!checked || now() - checked.at >= cacheTtlMs) {
        running ??= check().finally(() => {
          running = undefined
        })
        await running
      }
      const outcome = checked?.outcome
      if (outcome && 'data' in outcome) return outcome.data
      return lastGood.orFail(outcome?.error)
    },
  }
}
