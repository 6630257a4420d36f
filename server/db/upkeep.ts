import type { Logger } from 'pino'
import type { DatabaseHandle } from './open-database.ts'

/** A running upkeep; `stop()` waits for a pass under way. */
export type Upkeep = { stop(): Promise<void> }

/**
 * Runs `database.upkeep()` now and then every `everyMs`, one pass at a time, logging how long each took
 * and what failed (a failed pass is tried again at the next).
 */
export function scheduleUpkeep(database: DatabaseHandle, logger: Logger, everyMs = 60 * 60 * 1000): Upkeep {
  let running: Promise<void> = Promise.resolve()
  const pass = () => {
    running = (async () => {
      const started = performance.now()
      try {
        if (await database.upkeep()) {
          logger.info({ ms: Math.round(performance.now() - started) }, 'database vacuumed and analyzed')
        }
      } catch (error) {
        logger.warn({ err: error }, 'database upkeep failed')
      }
    })()
  }
  pass()
  const timer = setInterval(pass, everyMs)
  timer.unref()
  return {
    stop: async () => {
      clearInterval(timer)
      await running
    },
  }
}
