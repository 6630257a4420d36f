/** SPEC §9: the maintenance status is polled every 60 s while signed in. */
export const MAINTENANCE_POLL_INTERVAL_MS = 60_000
