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
  /** The signed-in user: `GET` answers the user, `PUT` updates names and attributes. */
  user: () => '/v1/user',
  register: () => '/v1/register',
  login: () => '/v1/login',
  logout: () => '/v1/logout',
  requestConfirmation: () => '/v1/request-confirmation',
  validConfirmation: () => '/v1/valid-confirmation',
  checkPassword: () => '/v1/check-password',
  changePassword: () => '/v1/change-password',
  requestReset: () => '/v1/request-reset',
  resetPassword: () => '/v1/reset-password',
  deleteUser: () => '/v1/user/delete',
  accept: () => '/v1/user/accept',
  emailAutocomplete: () => '/v1/email_input_autocomplete',
  identityProviders: () => '/v1/identity_providers',
  directUser: () => '/v1/direct/user',
  /** Status page summary and components, polled by the maintenance machine. */
  status: () => '/v1/status',
  /** Outside production: the mails written to the outbox (`GET` lists, `GET /{id}` one). */
  outbox: () => '/dev/outbox',
  outboxMail: (id: string) => `/dev/outbox/${encodeURIComponent(id)}`,
  /** Signature requests: `GET` lists the caller's (owned or signed), `POST` creates a draft. */
  signatureRequests: () => '/v3/signature-requests',
  signatureRequest: (id: string) => `/v3/signature-requests/${encodeURIComponent(id)}`,
  /** `POST` uploads one PDF (multipart/form-data, field `file`) into a draft. */
  signatureRequestDocuments: (id: string) => `/v3/signature-requests/${encodeURIComponent(id)}/documents`,
  initiateSignatureRequest: (id: string) => `/v3/signature-requests/${encodeURIComponent(id)}/initiate`,
  signatureRequestEvents: (id: string) => `/v3/signature-requests/${encodeURIComponent(id)}/events`,
  withdrawSignatureRequest: (id: string) => `/v3/signature-requests/${encodeURIComponent(id)}/withdraw`,
  declineSignatureRequest: (id: string) => `/v3/signature-requests/${encodeURIComponent(id)}/decline`,
  remindSignatureRequest: (id: string) => `/v3/signature-requests/${encodeURIComponent(id)}/remind`,
  /** A document's metadata (`GET`), or its deletion (`DELETE`). */
  document: (id: string) => `/v3/documents/${encodeURIComponent(id)}`,
  documentDownload: (id: string) => `/v3/documents/${encodeURIComponent(id)}/download`,
  /** One page as `image/webp`, page from 0; scale 100 is full size, 20 a thumbnail. */
  documentPage: (id: string, page: number, scale?: number) =>
    `/v3/documents/${encodeURIComponent(id)}/pages/${page}${scale === undefined ? '' : `?scale=${scale}`}`,
  /** Liveness and database check: `GET` answers `{ status: 'ok' }`. */
  health: () => '/health',
} as const

/** Joins {@link apiBase} and a path from {@link apiPaths}: `apiUrl(apiPaths.datetime())` is `/api/v1/datetime`. */
export function apiUrl(path: string): string {
  return `${apiBase}${path}`
}
