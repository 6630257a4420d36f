import { createHmac } from 'node:crypto'
import * as oidc from 'openid-client'
import type { Logger } from 'pino'
import * as v from 'valibot'
import type { OpenIdClient, SignInChecks } from '../../sso/openid-client.ts'
import { SsoError } from '../../sso/sso-error.ts'
import {
  type IdentificationProvider,
  type IdentificationWebhook,
  ProviderUnavailable,
  WebhookRejected,
} from './identification-provider.ts'

/** How this app is registered at ID Austria (its service provider registration, IDA-SPR). */
export type IdAustriaOptions = {
  /** ID Austria's issuer, whose discovery document names its endpoints, e.g. `https://eid.oesterreich.gv.at`. */
  issuer: string
  /** The client id: ID Austria requires a URL of this app. */
  clientId: string
  clientSecret: string
}

/** The browser's return from ID Austria's authorization endpoint (RFC 6749 4.1.2, RFC 9207's `iss`), less the state. */
export type IdAustriaReturn = {
  code?: string | undefined
  error?: string | undefined
  iss?: string | undefined
}

/** The ID Austria provider, and the browser's return that ends its appointments in place of a webhook. */
export type IdAustriaIdentificationProvider = IdentificationProvider & {
  /**
   * The outcome of the appointment `providerRef` names from the browser's return: an error ID Austria
   * answered (`access_denied` when the person cancels) cancels it; a code is redeemed and its id_token
   * verified, and the person it names at eIDAS level high is identified; any other answer fails it. Throws
   * {@link ProviderUnavailable} while ID Austria cannot be reached, so the return can be tried again.
   */
  finish(providerRef: string, answer: IdAustriaReturn, now: Date): Promise<IdentificationWebhook>
}

/** eIDAS level high, which a qualified certificate's identification needs. */
const eidasHigh = 'http://eidas.europa.eu/LoA/high'

/** ID Austria names the person's eIDAS level in a claim of its own; `acr` where a provider has only that. */
const eidasLevelClaim = 'urn:pvpgvat:oidc.eid_citizen_qaa_eidas_level'

const name = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))

/** The person an id_token of ID Austria names: given and family name, birth date, and the level of assurance. */
const personSchema = v.object({
  given_name: name,
  family_name: name,
  birthdate: v.pipe(v.string(), v.isoDate()),
  acr: v.optional(v.string()),
  [eidasLevelClaim]: v.optional(v.string()),
})

/**
 * The Austrian eID through ID Austria's OpenID Connect provider, on the server's OpenID client: an appointment
 * is an authorization request (code flow with PKCE and a nonce, scope `openid profile`), its reference the
 * random state, and the browser's return to `redirectUri` ends it ({@link IdAustriaIdentificationProvider.finish}).
 * The nonce and the PKCE verifier are derived from the state with the client secret, so no store holds them
 * and any server process sharing the configuration can finish an appointment another one started. ID Austria
 * sends no webhooks.
 */
export function createIdAustriaIdentificationProvider(
  options: IdAustriaOptions & { redirectUri: string; openId: OpenIdClient; logger: Logger },
): IdAustriaIdentificationProvider {
  const { issuer, clientId, clientSecret, redirectUri, openId, logger } = options
  const registration = { issuer, clientId, clientSecret, redirectUri }
  const derived = (purpose: 'nonce' | 'pkce', state: string) =>
    createHmac('sha256', clientSecret).update(`${purpose}:${state}`).digest('base64url')
  const checksOf = (state: string): SignInChecks => ({
    state,
    nonce: derived('nonce', state),
    verifier: derived('pkce', state),
  })
  const unreachable = (error: unknown) => {
    if (error instanceof SsoError && error.reason === 'provider_unreachable')
      throw new ProviderUnavailable('ID Austria cannot be reached', { cause: error })
    throw error
  }
  return {
    offers: (provider, mode) => provider === 'austria' && mode === 'eid',
    async start() {
      const state = oidc.randomState()
      // ID Austria delivers the attributes of the registration whatever the scopes; these two it recommends.
      const url = await openId
        .authorizationUrl(registration, checksOf(state), { scope: 'openid profile' })
        .catch(unreachable)
      return { providerRef: state, identUrl: url.href }
    },
    // An authorization request cannot be withdrawn; a return for an appointment given up changes nothing.
    async cancel() {},
    async verifyWebhook() {
      throw new WebhookRejected('ID Austria sends no webhooks')
    },
    async finish(providerRef, answer, now) {
      // One outcome per appointment: whichever is applied first stands.
      const outcome = (
        status: IdentificationWebhook['status'],
        result: Record<string, string> | null = null,
      ): IdentificationWebhook => ({ eventId: `austria:${providerRef}`, providerRef, status, result })
      if (answer.error !== undefined) return outcome('cancelled')
      const refused = (reason: string, cause?: unknown) => {
        logger.warn({ err: cause }, `ID Austria identification failed: ${reason}`)
        return outcome('failure')
      }
      if (answer.code === undefined || answer.code === '') return refused('ID Austria answered no code')
      let claims: Record<string, unknown>
      try {
        claims = await openId.redeemCode(
          registration,
          { code: answer.code, state: providerRef, iss: answer.iss },
          checksOf(providerRef),
          now,
        )
      } catch (error) {
        if (!(error instanceof SsoError)) throw error
        if (error.reason === 'provider_unreachable') return unreachable(error)
        return refused(error.message, error)
      }
      const person = v.safeParse(personSchema, claims)
      if (!person.success)
        return refused('the id_token lacks the given name, family name or birth date (see the registration)')
      const level = person.output[eidasLevelClaim] ?? person.output.acr
      if (level !== eidasHigh)
        return refused(`the person is identified at ${level ?? 'no'} eIDAS level, not high`)
      return outcome('success', {
        first_name: person.output.given_name,
        last_name: person.output.family_name,
        date_of_birth: person.output.birthdate,
      })
    },
  }
}
