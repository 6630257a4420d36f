import { readFile } from 'node:fs/promises'
import type { StatusPageData } from '../../../machines/maintenance/status-page.types.ts'
import { createLastGood } from './last-good.ts'
import { parseStatusSummary } from './parse-status-summary.ts'
import type { StatusPageProvider, StatusPageProviderOptions } from './status-page-provider.ts'

/** No file means nothing to report: no incidents, no maintenances, no components. */
const operationalStatus: StatusPageData = { incidents: [], scheduledMaintenances: [], components: [] }

/**
 * The status page from a local JSON file in the Statuspage summary shape, read on every call (a small
 * local file costs less than keeping it fresh), so an operator's edit shows at the next poll.
 */
export function createFileStatusPage(
  path: string,
  { logger, maxStaleMs = 600_000, now = Date.now }: Omit<StatusPageProviderOptions, 'source'> = {},
): StatusPageProvider {
  const lastGood = createLastGood(maxStaleMs, now)
  return {
    async read() {
      let text: string
      try {
        text = await readFile(path, 'utf8')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return lastGood.keep(operationalStatus)
        logger?.warn({ err: error, path }, 'status page file cannot be read')
        return lastGood.orFail(error)
      }
      try {
        return lastGood.keep(parseStatusSummary(JSON.parse(text)))
      } catch (error) {
        logger?.warn({ err: error, path }, 'status page file is not a valid summary')
        return lastGood.orFail(error)
      }
    },
  }
}
