import type { TokenAnswer } from '../../contract/user.ts'
import { signInSsoIdentity } from './sign-in-sso-identity.ts'
import { SsoError } from './sso-error.ts'
import { samlIdentity } from './sso-identity.ts'
import type { SsoServices } from './sso-services.ts'

/** The form an identity provider's page POSTs to our assertion consumer service. */
export type SamlPost = { SAMLResponse?: string; RelayState?: string }

/**
 * POST /api/sso/saml/acs: finds the request the answer is for by its RelayState, verifies the response with
 * that provider's certificate, and signs in the person its assertion names, creating their single-sign-on
 * account on first sight. Throws {@link SsoError}.
 */
export async function finishSamlSso(services: SsoServices, form: SamlPost): Promise<TokenAnswer> {
  if (form.SAMLResponse === undefined || form.SAMLResponse === '')
    throw new SsoError('request_invalid', 'The identity provider sent no SAMLResponse')
  const issuer = form.RelayState === undefined ? null : await services.saml.pendingIssuer(form.RelayState)
  const provider = issuer === null ? undefined : services.samlProviders[issuer]
  if (issuer === null || provider === undefined)
    throw new SsoError('state_invalid', 'The answer belongs to no sign-in waiting for one')
  const profile = await services.saml.verify(issuer, provider, form.SAMLResponse)
  return signInSsoIdentity(services, issuer, samlIdentity(profile))
}
