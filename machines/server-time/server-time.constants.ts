/** SPEC §9: the server time is refreshed no more often than every 2 s. */
export const SERVER_TIME_MIN_REFRESH_MS = 2000
