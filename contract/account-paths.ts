/**
 * The paths of the calls every page may make before any feature's: the deployment, the server's time, the
 * signed-in user and their account, the direct-link signer, the status page. Relative to `/api`, as the SPEC §7
 * writes them; part of `apiPaths` (paths.ts), and on their own so the sign-in page loads only these.
 */
export const accountPaths = {
  /** What the browser app needs to know about the deployment: `GET` answers an `AppConfig`. */
  appConfig: () => '/v1/app-config',
  /** Server time: `GET` answers `{ now }`. */
  datetime: () => '/v1/datetime',
  /** The signed-in user: `GET` answers the user, `PUT` updates names and attributes. */
  user: () => '/v1/user',
  register: () => '/v1/register',
  login: () => '/v1/login',
  /** `POST` trades a sign-in challenge and a second-factor code for a token. */
  loginSecondFactor: () => '/v1/login/second-factor',
  /** `POST` answers WebAuthn options for signing in with a passkey, alone or as the second factor. */
  loginPasskeyOptions: () => '/v1/login/passkey/options',
  /** `POST` trades the browser's answer to those options for a token. */
  loginPasskey: () => '/v1/login/passkey',
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
  /** The direct-link signer (SPEC §3 direct-sign session): `GET` answers a `DirectUser`, `PUT` sets attributes. */
  directUser: (token: string) => `/v1/direct/user${tokenQuery(token)}`,
  /** Status page summary and components, polled by the maintenance machine. */
  status: () => '/v1/status',
} as const

/** The `token` query parameter of a direct link's calls. */
export function tokenQuery(token: string): string {
  return `?token=${encodeURIComponent(token)}`
}
