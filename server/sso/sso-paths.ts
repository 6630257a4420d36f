/** Paths of single sign-on under the API base `/api`: our relying party and service provider, and the sandbox providers. */
export const ssoPaths = {
  /** `GET ?email=`: redirects the browser to the company's identity provider. */
  start: '/sso/start',
  /** `GET`: where identity providers send the browser back with `code` and `state`. */
  callback: '/sso/callback',
  /** `GET`: this app's SAML service provider metadata; its address is our entity id. */
  samlMetadata: '/sso/saml/metadata',
  /** `POST`: the SAML assertion consumer service (HTTP-POST binding). */
  samlAcs: '/sso/saml/acs',
  /** `GET ?answer=`: where the consumer service sends the browser to finish the sign-in it began. */
  samlFinish: '/sso/saml/finish',
  /** Outside production: issuer of the sandbox OpenID provider served by this server. */
  sandboxIssuer: '/sandbox/oidc',
  /** Outside production: entity id of the sandbox SAML identity provider; its sign-in is at `/sso` below it. */
  sandboxSamlIdp: '/sandbox/saml',
} as const
