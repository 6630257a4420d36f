import { randomUUID } from 'node:crypto'
import * as v from 'valibot'
import type {
  IdentificationMode,
  IdentificationProvider as ProviderName,
} from '../../../contract/identification.ts'
import {
  type IdentificationOutcome,
  type IdentificationProvider,
  ProviderUnavailable,
  WebhookRejected,
} from './identification-provider.ts'

/**
 * The methods IDnow runs, as `<provider>_<mode>`: VideoIdent under eidas and zertes, AutoIdent for the self
 * (robo) identification under eidas and the auto identification under zertes. Each is a company of its own
 * at IDnow. The Austrian eID is not IDnow's.
 */
export const idnowProducts = ['eidas_video', 'eidas_robo', 'zertes_video', 'zertes_autoident'] as const
type IdnowProduct = (typeof idnowProducts)[number]

/** A company at IDnow, which logs in with its API key. */
type Company = { companyId: string; apiKey: string }

/** How to reach IDnow's Gateway API, and the company of each configured product. */
export type IdnowOptions = {
  /** The API's host, e.g. `https://gateway.idnow.de`, without a trailing slash. */
  gatewayUrl: string
  /** Where users do the identification, e.g. `https://go.idnow.de`, without a trailing slash. */
  goUrl: string
  companies: Partial<Record<IdnowProduct, Company>>
}

/** How long one call to IDnow may take before it counts as IDnow being unreachable. */
const timeoutMs = 15_000

const loginSchema = v.object({ authToken: v.pipe(v.string(), v.minLength(1)) })
const startSchema = v.object({ id: v.pipe(v.string(), v.minLength(1)) })

/** What the webhook names: the transaction and the company it belongs to. Nothing else in it is read. */
const webhookSchema = v.object({
  identificationprocess: v.object({
    transactionnumber: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
    companyid: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  }),
})

const field = v.optional(v.nullable(v.object({ value: v.optional(v.nullable(v.string())) })))

/** The parts of an identification as the API answers it that decide the outcome and its result. */
const identificationSchema = v.object({
  identificationprocess: v.object({
    transactionnumber: v.string(),
    result: v.optional(v.nullable(v.string())),
  }),
  userdata: v.optional(
    v.nullable(v.object({ firstname: field, lastname: field, birthday: field, nationality: field })),
  ),
  identificationdocument: v.optional(v.nullable(v.object({ number: field }))),
})

/**
 * IDnow's results and our outcomes: the data-changed success is one (the specialist corrected the data, the
 * corrected values are in `userdata`); fraud confirmed fails; canceled (by the specialist, e.g. a poor
 * picture) and aborted (by the user) end without identifying. Any other result (review or fraud suspicion
 * pending) is not decided yet.
 */
const outcomes = new Map<string, IdentificationOutcome>([
  ['SUCCESS', 'success'],
  ['SUCCESS_DATA_CHANGED', 'success'],
  ['FRAUD_SUSPICION_CONFIRMED', 'failure'],
  ['CANCELED', 'cancelled'],
  ['ABORTED', 'cancelled'],
])

/**
 * The identification provider on IDnow's Gateway API: an appointment is an identification started under a
 * new transaction number in the company of its product; the user does it at `goUrl`. IDnow's webhook is only
 * a trigger: the adapter reads the transaction and company it names and fetches the identification from the
 * API, so a forged webhook learns and grants nothing, and replays and order do not matter. The login token
 * of each company is kept until IDnow refuses it (401), then renewed once.
 */
export function createIdnowIdentificationProvider(options: IdnowOptions): IdentificationProvider {
  const tokens = new Map<string, Promise<string>>()
  const companyOf = (provider: ProviderName, mode: IdentificationMode): Company | undefined =>
    Object.entries(options.companies).find(([product]) => product === `${provider}_${mode}`)?.[1]

  const send = async (
    company: Company,
    method: string,
    path: string,
    token: string | null,
    body?: unknown,
  ) => {
    try {
      return await fetch(`${options.gatewayUrl}/api/v1/${encodeURIComponent(company.companyId)}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token === null ? {} : { 'x-api-login-token': token }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      throw new ProviderUnavailable(`IDnow cannot be reached (${method} ${path})`, { cause: error })
    }
  }

  const login = async (company: Company) => {
    const response = await send(company, 'POST', '/login', null, { apiKey: company.apiKey })
    const answer = v.safeParse(loginSchema, await readJson(response))
    if (!response.ok || !answer.success)
      throw new ProviderUnavailable(
        `IDnow refused the login of company ${company.companyId} (${response.status})`,
      )
    return answer.output.authToken
  }

  const tokenOf = (company: Company) => {
    const cached = tokens.get(company.companyId)
    if (cached !== undefined) return cached
    const token = login(company)
    tokens.set(company.companyId, token)
    token.catch(() => {
      if (tokens.get(company.companyId) === token) tokens.delete(company.companyId)
    })
    return token
  }

  /** A call with the company's login token; a refused token (401) is renewed and the call made once more. */
  const call = async (company: Company, method: string, path: string, body?: unknown) => {
    const token = tokenOf(company)
    const response = await send(company, method, path, await token, body)
    if (response.status !== 401) return response
    await response.body?.cancel()
    if (tokens.get(company.companyId) === token) tokens.delete(company.companyId)
    return send(company, method, path, await tokenOf(company), body)
  }

  return {
    offers: (provider, mode) => companyOf(provider, mode) !== undefined,
    async start({ provider, mode, person }) {
      const company = companyOf(provider, mode)
      if (company === undefined) throw new Error(`IDnow is not configured for ${provider} ${mode}`)
      const transactionNumber = randomUUID()
      const response = await call(company, 'POST', `/identifications/${transactionNumber}/start`, {
        ...(person.firstName ? { firstname: person.firstName } : {}),
        ...(person.lastName ? { lastname: person.lastName } : {}),
        ...(person.email ? { email: person.email } : {}),
      })
      if (response.status >= 500)
        throw new ProviderUnavailable(
          `IDnow did not start identification ${transactionNumber} (${response.status})`,
        )
      const answer = v.safeParse(startSchema, await readJson(response))
      if (!response.ok || !answer.success)
        throw new Error(`IDnow refused to start identification ${transactionNumber} (${response.status})`)
      return {
        providerRef: transactionNumber,
        identUrl: `${options.goUrl}/${encodeURIComponent(company.companyId)}/identifications/${encodeURIComponent(answer.output.id)}`,
      }
    },
    // The Gateway API has no call to withdraw an identification; IDnow's result of an appointment given up
    // here changes nothing, as it is no longer open.
    async cancel() {},
    async verifyWebhook(body) {
      let json: unknown
      try {
        json = JSON.parse(body)
      } catch {
        throw new WebhookRejected('The webhook body is not JSON')
      }
      const named = v.safeParse(webhookSchema, json)
      if (!named.success) throw new WebhookRejected('The webhook names no IDnow transaction and company')
      const { transactionnumber, companyid } = named.output.identificationprocess
      const company = Object.values(options.companies).find((known) => known.companyId === companyid)
      if (company === undefined)
        throw new WebhookRejected(`The webhook names company '${companyid}', which is not configured here`)
      const response = await call(company, 'GET', `/identifications/${encodeURIComponent(transactionnumber)}`)
      if (response.status >= 400 && response.status < 500)
        throw new WebhookRejected(`IDnow knows no identification '${transactionnumber}' (${response.status})`)
      const answer = v.safeParse(identificationSchema, await readJson(response))
      if (
        !response.ok ||
        !answer.success ||
        answer.output.identificationprocess.transactionnumber !== transactionnumber
      )
        throw new ProviderUnavailable(
          `IDnow did not answer identification ${transactionnumber} (${response.status})`,
        )
      const { identificationprocess, userdata, identificationdocument } = answer.output
      const status = outcomes.get(identificationprocess.result ?? '') ?? 'inprogress'
      // The names the sandbox page uses, which immutable_eid_fields lists.
      const established = {
        first_name: userdata?.firstname?.value,
        last_name: userdata?.lastname?.value,
        date_of_birth: userdata?.birthday?.value,
        nationality: userdata?.nationality?.value,
        document_number: identificationdocument?.number?.value,
      }
      return {
        // What IDnow reports is the event: the same outcome fetched again is applied once.
        eventId: `idnow:${transactionnumber}:${status}`,
        providerRef: transactionnumber,
        status,
        result:
          status === 'success'
            ? Object.fromEntries(
                Object.entries(established).flatMap(([name, value]) =>
                  value?.trim() ? [[name, value.trim().slice(0, 200)]] : [],
                ),
              )
            : null,
      }
    },
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json()
  } catch {
    return null
  }
}
