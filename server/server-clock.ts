/** The server's clock: the system's time, which a test or a demo may move forward outside production. */
export type ServerClock = {
  now: () => Date
  /** Moves the clock forward by `ms` from now on, for every lifetime, trial, schedule and job it drives. */
  advance(ms: number): void
}

/** A clock `offset` ahead of the system's, starting level with it. */
export function createServerClock(system: () => Date = () => new Date()): ServerClock {
  let offset = 0
  return {
    now: () => new Date(system().getTime() + offset),
    advance: (ms) => {
      offset += ms
    },
  }
}
