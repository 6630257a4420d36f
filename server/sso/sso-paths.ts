/** Paths of single sign-on under the API base `/api`: our relying party and the sandbox provider. */
export const ssoPaths = {
  /** `GET ?email=`: redirects the browser to the company's identity provider. */
  start: '/sso/start',
  /** `GET`: where identity providers send the browser back with `code` and `state`. */
  callback: '/sso/callback',
  /** Outside production: issuer of the sandbox OpenID provider served by this server. */
  sandboxIssuer: '/sandbox/oidc',
} as const
