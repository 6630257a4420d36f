import type { Logger } from 'pino'
import type { StatusPageData } from '../../../machines/maintenance/status-page.types.ts'
import { createFileStatusPage } from './file-status-page.ts'
import { createUrlStatusPage } from './url-status-page.ts'

/** Where the status page comes from: a local JSON file (the default) or a Statuspage-style URL. */
export type StatusPageSource = { kind: 'file'; path: string } | { kind: 'url'; url: string }

/** Reads the status page for `GET /v1/status`. */
export interface StatusPageProvider {
  /**
   * The current status page, or the last good one while the source is broken; rejects with
   * `StatusPageUnavailableError` when there is none recent enough.
   */
  read(): Promise<StatusPageData>
}

/** Options of {@link createStatusPageProvider}. */
export type StatusPageProviderOptions = {
  source: StatusPageSource
  /** Where failures to read the source are logged (SPEC §8: logged only). */
  logger?: Logger
  /** URL source: how long one fetch may take. @default 3000 */
  timeoutMs?: number
  /** URL source: how long an answer is reused, so many polling clients cost one fetch. @default 30000 */
  cacheTtlMs?: number
  /** How old the last good answer may be to stand in for a broken source. @default 600000 */
  maxStaleMs?: number
  /** @default globalThis.fetch */
  fetch?: typeof fetch
  /** @default Date.now */
  now?: () => number
}

/** The status page provider the configuration asks for: the URL when one is set, else the local file. */
export function createStatusPageProvider(options: StatusPageProviderOptions): StatusPageProvider {
  const { source, ...rest } = options
  return source.kind === 'url'
    ? createUrlStatusPage(source.url, rest)
    : createFileStatusPage(source.path, rest)
}
