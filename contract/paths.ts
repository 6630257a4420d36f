/** Prefix under which the server mounts the API; the SPEC path `/v1/datetime` is `GET /api/v1/datetime`. */
export const apiBase = '/api'

/**
 * Path builders of the API, relative to {@link apiBase}, as the SPEC §7 writes them. Path parameters are
 * URI-encoded here so callers never build paths by hand. Later issues add one entry per call.
 */
export const apiPaths = {
  /** What the browser app needs to know about the deployment: `GET` answers an `AppConfig`. */
  appConfig: () => '/v1/app-config',
  /** Server time: `GET` answers `{ now }`. */
  datetime: () => '/v1/datetime',
  /** The signed-in user: `GET` answers the user, `PUT` updates attributes. */
  user: () => '/v1/user',
  /** Liveness and database check: `GET` answers `{ status: 'ok' }`. */
  health: () => '/health',
} as const

/** Joins {@link apiBase} and a path from {@link apiPaths}: `apiUrl(apiPaths.datetime())` is `/api/v1/datetime`. */
export function apiUrl(path: string): string {
  return `${apiBase}${path}`
}
