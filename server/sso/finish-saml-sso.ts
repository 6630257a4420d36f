import type { TokenAnswer } from '../../contract/user.ts'
import type { PendingSamlSignIn, VerifiedSamlAnswer } from './sign-in-seal.ts'
import { signInSsoIdentity } from './sign-in-sso-identity.ts'
import { SsoError } from './sso-error.ts'
import { samlIdentity } from './sso-identity.ts'
import type { SsoServices } from './sso-services.ts'

/** The form an identity provider's page POSTs to our assertion consumer service. */
export type SamlPost = { SAMLResponse?: string; RelayState?: string }

/** How long a verified answer waits for its browser to finish the sign-in (one redirect away). */
const answerLifetimeMs = 60_000

/**
 * POST /api/sso/saml/acs: finds the request the answer is for by its RelayState and verifies the response with
 * that provider's certificate. It does not sign anyone in: the provider's page posted it cross-site, without
 * the browser's same-site cookie, so the browser is sent on to {@link finishSamlSso} with the verified answer.
 * Throws {@link SsoError}.
 */
export async function verifySamlAnswer(services: SsoServices, form: SamlPost): Promise<VerifiedSamlAnswer> {
  if (form.SAMLResponse === undefined || form.SAMLResponse === '')
    throw new SsoError('request_invalid', 'The identity provider sent no SAMLResponse')
  const requestId = form.RelayState
  const issuer = requestId === undefined ? null : await services.saml.pendingIssuer(requestId)
  const provider = issuer === null ? undefined : services.samlProviders[issuer]
  if (requestId === undefined || issuer === null || provider === undefined)
    throw new SsoError('state_invalid', 'The answer belongs to no sign-in waiting for one')
  const profile = await services.saml.verify(issuer, provider, form.SAMLResponse, requestId)
  const expiresAt = services.now().getTime() + answerLifetimeMs
  return { issuer, requestId, identity: samlIdentity(profile), expiresAt }
}

/**
 * GET /api/sso/saml/finish: signs in the person of a verified answer, in the browser that began that sign-in
 * (its sealed cookie names the same request): an answer delivered to another browser, as an attacker would to
 * sign a victim into the attacker's account, is refused. Throws {@link SsoError}.
 */
export async function finishSamlSso(
  services: SsoServices,
  answer: VerifiedSamlAnswer | null,
  pending: PendingSamlSignIn | null,
): Promise<TokenAnswer> {
  const now = services.now().getTime()
  if (answer === null || answer.expiresAt < now)
    throw new SsoError('state_invalid', 'The answer is unknown or too old')
  if (pending === null || pending.expiresAt < now)
    throw new SsoError('state_invalid', 'This browser began no single sign-on, or it took too long')
  if (pending.requestId !== answer.requestId || pending.issuer !== answer.issuer)
    throw new SsoError('state_invalid', 'The answer is for a sign-in begun in another browser')
  const { subject, email, emailVerified, givenName, familyName } = answer.identity
  return signInSsoIdentity(services, answer.issuer, { subject, email, emailVerified, givenName, familyName })
}
