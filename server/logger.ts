import { type Logger, pino } from 'pino'
import type { LogLevel } from './config.ts'

/** Creates the server's structured logger: one JSON object per line on stdout. */
export function createLogger(level: LogLevel): Logger {
  return pino({ level, base: { service: 'signet' } })
}
