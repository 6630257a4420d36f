import { randomBytes } from 'node:crypto'
import {
  type CacheProvider,
  generateServiceProviderMetadata,
  type Profile,
  SAML,
  type SamlConfig,
  SamlStatusError,
  ValidateInResponseTo,
} from '@node-saml/node-saml'
import { and, eq, gt, lte } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { samlAssertions, samlRequests } from '../db/schema/sso.ts'
import { SsoError } from './sso-error.ts'

/** A company's SAML identity provider: where its browsers sign in and the certificate that signs its assertions. */
export type SamlIdentityProvider = {
  entryPoint: string
  /** PEM or base64 DER; a function for the sandbox, whose key is made on first use. */
  certificate: () => Promise<string>
}

/** This app as a SAML service provider. */
export type SamlServiceProvider = {
  /** Our entity id: the address of our metadata. */
  entityId: string
  /** The assertion consumer service, HTTP-POST binding. */
  acsUrl: string
}

/** How long a request may wait for its answer, the same as an OpenID Connect sign-in. */
const requestLifetimeMs = 10 * 60 * 1000
// Clocks of the provider and this server differ by a little; more than this is a stale or forged answer.
const clockSkewMs = 60_000
const emailFormat = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'

/** node-saml checks times against the server's clock, which tests move, rather than the machine's. */
class ServerClockSaml extends SAML {
  readonly #now: () => Date

  constructor(config: SamlConfig, now: () => Date) {
    super(config)
    this.#now = now
  }

  protected override checkTimestampsValidityError(
    nowMs: number,
    notBefore: string,
    notOnOrAfter: string,
    maxTimeLimitMs?: number,
  ): Error | null {
    const shifted = nowMs + this.#now().getTime() - Date.now()
    return super.checkTimestampsValidityError(shifted, notBefore, notOnOrAfter, maxTimeLimitMs)
  }
}

/** node-saml's store of the requests it sent, in `saml_requests`: each answered once, by its own provider. */
function requestCache(db: Database, issuer: string, now: () => Date): CacheProvider {
  return {
    async saveAsync(key, value) {
      await db.delete(samlRequests).where(lte(samlRequests.expiresAt, now()))
      const expiresAt = new Date(now().getTime() + requestLifetimeMs)
      await db.insert(samlRequests).values({ id: key, issuer, value, expiresAt })
      return { value, createdAt: now().getTime() }
    },
    async getAsync(key) {
      const [row] = await db
        .select({ value: samlRequests.value })
        .from(samlRequests)
        .where(
          and(eq(samlRequests.id, key), eq(samlRequests.issuer, issuer), gt(samlRequests.expiresAt, now())),
        )
      return row?.value ?? null
    },
    async removeAsync(key) {
      if (key === null) return null
      const [row] = await db
        .delete(samlRequests)
        .where(and(eq(samlRequests.id, key), eq(samlRequests.issuer, issuer)))
        .returning({ value: samlRequests.value })
      return row?.value ?? null
    },
  }
}

/** Options of {@link createSamlClient}. */
export type SamlClientOptions = { db: Database; now: () => Date; serviceProvider: SamlServiceProvider }

/**
 * The SAML 2.0 service provider, by `@node-saml/node-saml`: SP-initiated sign-in with an AuthnRequest by
 * HTTP-Redirect, answers by HTTP-POST with signed assertions only, each in response to a request of ours, to
 * our audience and recipient, unexpired by the server's clock, and used once.
 */
export function createSamlClient({ db, now, serviceProvider }: SamlClientOptions) {
  const saml = (issuer: string, provider: SamlIdentityProvider, requestId?: string) =>
    new ServerClockSaml(
      {
        entryPoint: provider.entryPoint,
        issuer: serviceProvider.entityId,
        callbackUrl: serviceProvider.acsUrl,
        audience: serviceProvider.entityId,
        idpIssuer: issuer,
        idpCert: (done) => {
          provider.certificate().then((certificate) => done(null, certificate), done)
        },
        identifierFormat: emailFormat,
        disableRequestedAuthnContext: true,
        wantAssertionsSigned: true,
        // Many providers sign only the assertion; what we read is in it.
        wantAuthnResponseSigned: false,
        acceptedClockSkewMs: clockSkewMs,
        validateInResponseTo: ValidateInResponseTo.always,
        requestIdExpirationPeriodMs: requestLifetimeMs,
        cacheProvider: requestCache(db, issuer, now),
        ...(requestId === undefined ? {} : { generateUniqueId: () => requestId }),
      },
      now,
    )

  return {
    /** Our metadata: entity id, the POST assertion consumer service, signed assertions wanted. */
    metadata(): string {
      return generateServiceProviderMetadata({
        issuer: serviceProvider.entityId,
        callbackUrl: serviceProvider.acsUrl,
        identifierFormat: emailFormat,
        wantAssertionsSigned: true,
      })
    },

    /**
     * The provider's sign-in URL with a new AuthnRequest, remembered for the answer. RelayState carries the
     * request's id, by which the answer finds its provider.
     */
    async authorizationUrl(
      issuer: string,
      provider: SamlIdentityProvider,
    ): Promise<{ url: URL; requestId: string }> {
      const requestId = `_${randomBytes(20).toString('hex')}`
      const url = new URL(
        await saml(issuer, provider, requestId).getAuthorizeUrlAsync(requestId, undefined, {}),
      )
      return { url, requestId }
    },

    /** The provider the request `requestId` went to, while it waits for its answer; else null. */
    async pendingIssuer(requestId: string): Promise<string | null> {
      const [row] = await db
        .select({ issuer: samlRequests.issuer })
        .from(samlRequests)
        .where(and(eq(samlRequests.id, requestId), gt(samlRequests.expiresAt, now())))
      return row?.issuer ?? null
    },

    /**
     * Verifies a POSTed SAMLResponse of `issuer`'s to our request `requestId` and marks its assertion used.
     * Throws {@link SsoError}: `state_invalid` (not an answer to that waiting request of ours), `signature_invalid` (unsigned, or not by
     * the provider's key), `assertion_expired`, `assertion_misaddressed` (another audience or recipient),
     * `assertion_replayed`, `access_denied`, `provider_error`, `assertion_invalid`.
     */
    async verify(
      issuer: string,
      provider: SamlIdentityProvider,
      samlResponse: string,
      requestId: string,
    ): Promise<Profile> {
      let profile: Profile | null
      try {
        ;({ profile } = await saml(issuer, provider).validatePostResponseAsync({
          SAMLResponse: samlResponse,
        }))
      } catch (error) {
        throw samlFailure(error)
      }
      if (profile === null) throw new SsoError('assertion_invalid', 'The SAML response holds no assertion')
      if (profile.issuer !== issuer)
        throw new SsoError('assertion_invalid', 'The assertion names another identity provider')
      const assertion = assertionOf(profile)
      // node-saml does not check the bearer's Recipient (SAML 2.0 profiles 4.1.4.2): we do, in the signed assertion.
      if (assertion.recipients.length === 0 || assertion.recipients.some((r) => r !== serviceProvider.acsUrl))
        throw new SsoError('assertion_misaddressed', 'The assertion is for another recipient')
      // node-saml checks that it answers some request of ours; the sign-in it finishes is the one of RelayState.
      if (assertion.inResponseTo.some((id) => id !== requestId))
        throw new SsoError('state_invalid', 'The assertion answers another sign-in')
      const expiresAt = new Date(Math.max(assertion.notOnOrAfter, now().getTime()) + clockSkewMs)
      await db.delete(samlAssertions).where(lte(samlAssertions.expiresAt, now()))
      const used = await db
        .insert(samlAssertions)
        .values({ issuer, id: assertion.id, expiresAt })
        .onConflictDoNothing()
        .returning({ id: samlAssertions.id })
      if (used.length === 0) throw new SsoError('assertion_replayed', 'The assertion was used before')
      return profile
    },
  }
}

/** The SAML service provider of {@link createSamlClient}. */
export type SamlClient = ReturnType<typeof createSamlClient>

type XmlNode = { $?: Record<string, string | undefined> } & Record<string, unknown>
const children = (node: XmlNode | undefined, name: string): XmlNode[] => {
  const value = node?.[name]
  return Array.isArray(value) ? (value as XmlNode[]) : []
}

/**
 * From the signed assertion node-saml verified: its ID, the bearers' Recipients and InResponseTo, and the latest
 * NotOnOrAfter.
 */
function assertionOf(profile: Profile) {
  const assertion = (profile.getAssertion?.() as { Assertion?: XmlNode } | undefined)?.Assertion
  const id = assertion?.$?.ID
  if (id === undefined) throw new SsoError('assertion_invalid', 'The assertion has no ID')
  const confirmations = children(assertion, 'Subject').flatMap((subject) =>
    children(subject, 'SubjectConfirmation').flatMap((c) => children(c, 'SubjectConfirmationData')),
  )
  const ends = [...confirmations, ...children(assertion, 'Conditions')]
    .map((node) => Date.parse(node.$?.NotOnOrAfter ?? ''))
    .filter((end) => !Number.isNaN(end))
  return {
    id,
    recipients: confirmations.map((data) => data.$?.Recipient ?? ''),
    inResponseTo: confirmations.map((data) => data.$?.InResponseTo ?? ''),
    notOnOrAfter: Math.max(0, ...ends),
  }
}

/** Why node-saml refused a response, as a {@link SsoError}; its errors carry only messages. */
function samlFailure(error: unknown): SsoError {
  if (error instanceof SsoError) return error
  const fail = (reason: ConstructorParameters<typeof SsoError>[0], message: string) =>
    new SsoError(reason, message, { cause: error })
  const message = error instanceof Error ? error.message : String(error)
  if (error instanceof SamlStatusError) {
    return /AuthnFailed|RequestDenied/.test(message)
      ? fail('access_denied', 'The identity provider did not sign the person in')
      : fail('provider_error', `The identity provider answered: ${message}`)
  }
  if (/InResponseTo/.test(message)) return fail('state_invalid', 'The answer is not to a request of ours')
  if (/signature/i.test(message))
    return fail('signature_invalid', 'The assertion is not signed by the identity provider')
  if (/expired|not yet valid|No valid subject confirmation/.test(message))
    return fail('assertion_expired', 'The assertion is expired or not yet valid')
  if (/audience/i.test(message))
    return fail('assertion_misaddressed', 'The assertion is for another audience')
  return fail('assertion_invalid', `The SAML response is not valid: ${message}`)
}
