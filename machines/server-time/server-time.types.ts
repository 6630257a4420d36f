import type { DatetimeResponse } from '../../contract/datetime.ts'

/** What the caller's actor resolves: the answer of GET /v1/datetime and when it arrived. */
export interface ServerTimeFetchOutput extends DatetimeResponse {
  /** The local clock (epoch milliseconds) when the answer arrived. */
  receivedAt: number
}

/** Context of the server-time machine. */
export interface ServerTimeContext {
  /** The server's `now` (ISO 8601) at the last answer; null until the first one. */
  now: string | null
  /** Server clock minus local clock, in milliseconds; 0 until the first answer. */
  offset: number
}

/** Events of the server-time machine. */
export type ServerTimeEvent = { type: 'time.refresh' }
