import { eq } from 'drizzle-orm'
import { type Context, type Env, Hono, type MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import * as v from 'valibot'
import { toCamelCase } from '../../contract/case.ts'
import {
  confirmIdentificationPaymentSchema,
  identificationInfoSchema,
  identificationPaths,
  identificationPaymentSchema,
  identificationPaymentStartSchema,
  startIdentificationSchema,
} from '../../contract/identification.ts'
import { noContent, ok, type RouteDescription } from '../../contract/openapi/operation.ts'
import { users } from '../db/schema/accounts.ts'
import { identifications } from '../db/schema/identification.ts'
import { signatures } from '../db/schema/signature-requests.ts'
import { authenticateDirect, type DirectEnv } from '../direct/authenticate-direct.ts'
import { ApiError } from '../http/api-error.ts'
import { type ApiKeyMode, type AuthEnv, authenticate } from '../http/authenticate.ts'
import { describeRoute } from '../http/describe-route.ts'
import { sendJson } from '../http/send-json.ts'
import { applyIdentificationWebhook } from '../identification/apply-identification-webhook.ts'
import { cancelIdentification } from '../identification/cancel-identification.ts'
import { finishIdAustria } from '../identification/finish-id-austria.ts'
import { getIdentification } from '../identification/get-identification.ts'
import { identificationMethod, webhookProvider } from '../identification/identification-method.ts'
import {
  confirmIdentificationPayment,
  coverageLegislation,
  identificationPayment,
  startIdentificationPayment,
} from '../identification/identification-payment.ts'
import { checkIdentificationRequest } from '../identification/identification-request.ts'
import type {
  IdentificationOwner,
  IdentificationServices,
} from '../identification/identification-services.ts'
import {
  refusalStatus,
  returnFailedPage,
  returnFailedPagePolicy,
} from '../identification/return-failed-page.ts'
import { identificationReturnPath } from '../identification/return-path.ts'
import {
  sandboxGonePageHtml,
  sandboxIdentityFields,
  sandboxOutcomes,
  sandboxPageHtml,
  sandboxPagePolicy,
} from '../identification/sandbox-page.ts'
import { providerUnavailable, startIdentification } from '../identification/start-identification.ts'
import { pickMailLocale } from '../mail/mail-locale.ts'
import { WebhookRejected } from '../providers/identification/identification-provider.ts'

/**
 * SPEC §7 Identification: the signed-in user's and the direct-link signer's appointments, the payment
 * check, the provider's webhooks, and outside production the sandbox provider's appointment page.
 */
export function createIdentificationRoutes(services: IdentificationServices & ApiKeyMode): Hono {
  const { db } = services
  const requireAuth = authenticate(services)
  const requireDirect = authenticateDirect(db)
  const method = (c: Context) =>
    identificationMethod(c.req.param('provider') ?? '', c.req.param('mode') ?? '')
  const user = (c: Context<AuthEnv>): IdentificationOwner => ({ kind: 'user', userId: c.get('auth').userId })
  const direct = (c: Context<DirectEnv>): IdentificationOwner => {
    const { signatureId, requestId } = c.get('direct')
    return { kind: 'direct', signatureId, requestId }
  }
  const start = async (c: Context, owner: IdentificationOwner) => {
    const body = await readStartBody(c)
    const params = method(c)
    const signatureRequestId = await checkIdentificationRequest(db, owner, body.signatureRequestId)
    const { info, created } = await startIdentification(services, owner, params, signatureRequestId)
    return sendJson(c, info, created ? 201 : 200)
  }
  const coverage = async (c: Context, owner: IdentificationOwner) => {
    const legislation = await coverageLegislation(db, owner, c.req.param('id') ?? '')
    return sendJson(c, await identificationPayment(db, owner, legislation, services.now()))
  }
  const startPayment = async (c: Context, owner: IdentificationOwner) =>
    sendJson(c, await startIdentificationPayment(services, owner, c.req.param('id') ?? ''), 201)
  const confirmPayment = async (c: Context, owner: IdentificationOwner) => {
    const { intentId } = await readJsonBody(c, confirmIdentificationPaymentSchema, 'intent_id')
    return sendJson(
      c,
      await confirmIdentificationPayment(
        services,
        owner,
        c.req.param('id') ?? '',
        c.req.param('paymentId') ?? '',
        intentId,
      ),
    )
  }

  /**
   * The calls of one caller: the signed-in user's (`/v1/user/…`) and the direct-link signer's
   * (`/v1/direct/user/…`) are the same calls, described once.
   */
  function callsOf<E extends Env>(
    prefix: '/v1/user' | '/v1/direct/user',
    require: MiddlewareHandler<E>,
    owner: (c: Context<E>) => IdentificationOwner,
    audience: Pick<RouteDescription, 'tag' | 'auth'>,
  ): Hono<E> {
    const base = `${prefix}/identification/:provider/:mode`
    const payment = `${prefix}/identification/payment/:id`
    const paymentErrors = {
      400: ['request.invalid'],
      402: ['billing.card_declined'],
      404: ['identification.not_found'],
      409: ['identification.covered', 'identification.payment_processing'],
      503: ['billing.unavailable'],
    } satisfies RouteDescription['errors']
    // The payment call first: its path would otherwise read as provider `payment`.
    return new Hono<E>()
      .get(
        payment,
        require,
        describeRoute({
          summary: 'Whether a business pays for an identification of the legislation `id`, else its price',
          description:
            '`id` is a legislation (eidas, zertes) or the id of a signature request the caller signs or sent (a direct-link signer: the request of their link), which stands for the legislation it asks for. Another’s request answers 404 as an unknown one does; a request that names no legislation answers 422.',
          ...audience,
          answers: [ok(identificationPaymentSchema)],
          errors: {
            404: ['identification.not_found', 'signature_request.not_found'],
            422: ['identification.legislation_required'],
          },
        }),
        async (c: Context<E>) => coverage(c, owner(c)),
      )
      .post(
        payment,
        require,
        describeRoute({
          summary: 'Start paying for one identification licence of the legislation `id`',
          description:
            'Answers the card form’s intent: a Stripe PaymentIntent (with the publishable key), or the sandbox’s card setup. The same unpaid payment is answered again until it is paid.',
          ...audience,
          answers: [
            { status: 201, json: identificationPaymentStartSchema, description: 'The payment to confirm.' },
          ],
          errors: paymentErrors,
        }),
        async (c: Context<E>) => startPayment(c, owner(c)),
      )
      .post(
        `${payment}/:paymentId/confirm`,
        require,
        describeRoute({
          summary: 'Confirm the payment of an identification licence once the card form confirmed its intent',
          description:
            'A paid licence covers one identification of its legislation: it is used by the first one that succeeds; a failed or cancelled identification leaves it for another try. A declined card answers 402 and nothing is paid.',
          ...audience,
          body: { json: confirmIdentificationPaymentSchema },
          answers: [ok(identificationPaymentSchema, 'Covered now (or still processing at the bank).')],
          errors: paymentErrors,
        }),
        async (c: Context<E>) => confirmPayment(c, owner(c)),
      )
      .get(
        base,
        require,
        describeRoute({
          summary: 'The current identification appointment of a provider and mode',
          ...audience,
          answers: [ok(identificationInfoSchema)],
          errors: { 404: ['identification.not_found'] },
        }),
        async (c: Context<E>) => sendJson(c, await getIdentification(services, owner(c), method(c))),
      )
      .post(
        base,
        require,
        describeRoute({
          summary: 'Start an identification at the provider (or answer the open one)',
          description:
            'Providers: eidas (video, robo), zertes (video, autoident), austria (eid). In production with no provider configured: 503.',
          ...audience,
          body: { json: startIdentificationSchema },
          answers: [
            ok(identificationInfoSchema, 'The appointment still open.'),
            { status: 201, json: identificationInfoSchema, description: 'A new appointment was started.' },
          ],
          errors: { 402: ['identification.payment_required'], 404: ['identification.not_found'] },
        }),
        async (c: Context<E>) => start(c, owner(c)),
      )
      .delete(
        base,
        require,
        describeRoute({
          summary: 'Cancel the open identification appointment',
          ...audience,
          answers: [noContent],
          errors: { 404: ['identification.not_found'] },
        }),
        async (c: Context<E>) => {
          await cancelIdentification(services, owner(c), method(c))
          return c.body(null, 204)
        },
      )
  }

  const routes = new Hono()
  routes.post('/webhooks/identification/:provider', async (c) => {
    const provider = webhookProvider(c.req.param('provider'))
    if (services.provider === null)
      throw new ApiError(404, 'route.not_found', 'No identification webhooks are taken on this server')
    const raw = await c.req.text()
    // A provider that cannot be asked now answers 503, so it delivers the webhook again later.
    const event = await services.provider
      .verifyWebhook(raw, c.req.raw.headers, services.now())
      .catch((error: unknown) => {
        if (!(error instanceof WebhookRejected)) return providerUnavailable(error)
        throw new ApiError(400, 'identification.webhook_invalid', error.message, { cause: error })
      })
    const applied = await applyIdentificationWebhook(services, provider, event)
    return sendJson(c, { received: true, applied })
  })
  routes.route('/', callsOf('/v1/user', requireAuth, user, { tag: 'Accounts', auth: 'account' }))
  routes.route('/', callsOf('/v1/direct/user', requireDirect, direct, { tag: 'Direct link', auth: 'direct' }))

  const { idAustria } = services
  if (idAustria !== null)
    routes.get(identificationPaths.idAustriaCallback, async (c) => {
      const { state, code, error, iss } = c.req.query()
      const outcome = await finishIdAustria(services, idAustria, { state, code, error, iss })
      if ('location' in outcome) return c.redirect(outcome.location, 303)
      // The browser is navigating here: a page, not a JSON error, in the app's language (its `lang` cookie) or the browser's.
      const locale = pickMailLocale(getCookie(c, 'lang'), c.req.header('accept-language'))
      return c.html(returnFailedPage(outcome.refused, locale, outcome.back), refusalStatus(outcome.refused), {
        'Content-Security-Policy': returnFailedPagePolicy,
      })
    })

  const { sandbox } = services
  if (sandbox === null) return routes
  const sandboxPage = '/sandbox/identification/:ref'
  const openAppointment = async (ref: string) => {
    const [row] = await db.select().from(identifications).where(eq(identifications.providerRef, ref))
    return row !== undefined && (row.status === 'initialized' || row.status === 'inprogress')
      ? row
      : undefined
  }
  routes.get(sandboxPage, async (c) => {
    const row = await openAppointment(c.req.param('ref'))
    if (row === undefined) return c.html(sandboxGonePageHtml(), 404)
    return c.html(sandboxPageHtml(row, await prefillOf(row)), 200, {
      'Content-Security-Policy': sandboxPagePolicy,
    })
  })
  routes.post(sandboxPage, async (c) => {
    const row = await openAppointment(c.req.param('ref'))
    if (row === undefined) return c.html(sandboxGonePageHtml(), 404)
    const form = await c.req.parseBody()
    const outcome = String(form.outcome ?? '')
    if (!(outcome in sandboxOutcomes)) return c.html(sandboxGonePageHtml(), 400)
    const status = sandboxOutcomes[outcome as keyof typeof sandboxOutcomes]
    const result =
      status === 'success'
        ? Object.fromEntries(
            sandboxIdentityFields.map(([name]) => [name, String(form[name] ?? '').slice(0, 200)]),
          )
        : null
    // The provider calls us back by the webhook, signed as it signs them, through the same route.
    const { body, headers } = sandbox.webhook(row.providerRef, status, result, services.now())
    const delivered = await routes.request(identificationPaths.webhook(row.provider), {
      method: 'POST',
      headers,
      body,
    })
    if (!delivered.ok) throw new ApiError(502, 'server.error', 'The sandbox webhook was not accepted')
    return c.redirect(identificationReturnPath(row), 303)
  })
  return routes

  async function prefillOf(row: { userId: string | null; signatureId: string | null }) {
    if (row.userId !== null) {
      const [person] = await db
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, row.userId))
      return person ?? { firstName: null, lastName: null }
    }
    const [signature] = await db
      .select({ identity: signatures.signerIdentityData, attributes: signatures.directAttributes })
      .from(signatures)
      .where(eq(signatures.id, row.signatureId ?? ''))
    // The personal details the signer supplied (PUT /v1/direct/user) come before what the sender gave.
    const supplied = (name: string) => signature?.attributes?.[name]?.[0]
    return {
      firstName: supplied('first_name') ?? signature?.identity?.firstName ?? null,
      lastName: supplied('last_name') ?? signature?.identity?.lastName ?? null,
      dateOfBirth: supplied('date_of_birth'),
      nationality: supplied('nationality'),
    }
  }
}

/** A JSON body read with `schema`; 400 naming `field` when it does not fit. */
async function readJsonBody<T extends v.GenericSchema>(
  c: Context,
  schema: T,
  field: string,
): Promise<v.InferOutput<T>> {
  let json: unknown
  try {
    json = JSON.parse(await c.req.text())
  } catch {
    throw new ApiError(400, 'request.invalid', `${field}: is needed`, { field })
  }
  const body = v.safeParse(schema, toCamelCase(json))
  if (!body.success) throw new ApiError(400, 'request.invalid', `${field}: is needed`, { field })
  return body.output
}

/** The optional POST body (`signature_request_id`); an empty body is none. */
async function readStartBody(c: Context) {
  const text = await c.req.text()
  if (text.trim() === '') return { signatureRequestId: undefined }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new ApiError(400, 'request.malformed_json', 'The body is not JSON')
  }
  const body = v.safeParse(startIdentificationSchema, toCamelCase(json))
  if (!body.success)
    throw new ApiError(400, 'request.invalid', 'signature_request_id: must be a signature request id', {
      field: 'signature_request_id',
    })
  return body.output
}
