/** Redirect countdown bounds in seconds (SPEC §5, §9). */
export const redirectTimeoutSeconds = { min: 10, max: 90, fallback: 45 } as const

/** The countdown decrements once per second (SPEC §4). */
export const countdownTickMs = 1000
