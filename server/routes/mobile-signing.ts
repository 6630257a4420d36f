import { type Context, Hono, type MiddlewareHandler } from 'hono'
import {
  confirmMobileSchema,
  type MobileProceed,
  mobileConfirmedSchema,
  mobileProceedSchema,
  mobileRespondSchema,
  mobileSigningSentSchema,
  registerMobileSchema,
} from '../../contract/mobile-signing.ts'
import { created, noContent, ok } from '../../contract/openapi/operation.ts'
import { signAnswerSchema } from '../../contract/signing.ts'
import { authenticateDirect, type DirectCaller } from '../direct/authenticate-direct.ts'
import { type ApiKeyMode, type AuthEnv, type Authenticated, authenticate } from '../http/authenticate.ts'
import { describeRoute } from '../http/describe-route.ts'
import { jsonBody } from '../http/json-body.ts'
import { sendJson } from '../http/send-json.ts'
import { cancelMobileSigning } from '../mobile-signing/cancel-mobile-signing.ts'
import { mobileSigningNotFound, proceedMobileSigning } from '../mobile-signing/confirm-mobile-signing.ts'
import { confirmMobile, registerMobile } from '../mobile-signing/register-mobile.ts'
import { resendMobileSigning } from '../mobile-signing/resend-mobile-signing.ts'
import { callerOf } from '../signature-requests/caller-of.ts'
import type { Caller } from '../signature-requests/request-services.ts'
import type { RequestSigner } from '../signing/sign-requests.ts'
import type { SigningServices } from '../signing/signing-services.ts'

type SignerEnv = { Variables: { auth: Authenticated; direct: DirectCaller; signer: RequestSigner } }

/**
 * SPEC §7 Signing (`/v3/{mobile-signing-provider}/proceed/{id}`, direct variant) and TAN (`/resend/{id}`,
 * `/respond/{id}`, `/cancel/{id}`): the signer confirms a qualified signing on their phone; plus the
 * registration of the mobile number (`/v1/user/mobile`). The TAN calls serve a signed-in account (Bearer)
 * and a direct-link signer (their session and `?token=`) alike; each touches only the caller's own mobile
 * signings (404 otherwise).
 */
const accountOf = (c: Context<SignerEnv>): Caller => callerOf(c as unknown as Context<AuthEnv>)

export function createMobileSigningRoutes(services: SigningServices & ApiKeyMode): Hono<SignerEnv> {
  const requireAuth = authenticate(services)
  const requireDirect = authenticateDirect(services.db)
  const asAccount: MiddlewareHandler<SignerEnv> = async (c, next) => {
    c.set('signer', { kind: 'account', caller: accountOf(c) })
    await next()
  }
  const asDirect: MiddlewareHandler<SignerEnv> = async (c, next) => {
    const { signatureId, requestId, ip } = c.get('direct')
    c.set('signer', { kind: 'direct', signatureId, requestId, ip })
    await next()
  }
  // A direct-link call carries its link's token; any other is an account's.
  const requireSigner: MiddlewareHandler<SignerEnv> = async (c, next) => {
    const direct = c.req.query('token') !== undefined
    const admit = (direct ? requireDirect : requireAuth) as unknown as MiddlewareHandler<SignerEnv>
    await admit(c, async () => {
      await (direct ? asDirect : asAccount)(c, next)
    })
  }
  /** The `{provider}` of the path: the configured provider's name, else 404. */
  const providerOf = (c: Context<SignerEnv>) => {
    const name = c.req.param('provider')
    if (services.mobileSigning === undefined || name !== services.mobileSigning.name)
      throw mobileSigningNotFound()
    return name
  }
  const id = (c: Context<SignerEnv>) => c.req.param('id') ?? ''
  // The account's and the direct-link signer's proceed differ only in who is admitted.
  const proceed = async (c: Context<SignerEnv, string, { out: { json: MobileProceed } }>) =>
    sendJson(
      c,
      await proceedMobileSigning(services, c.get('signer'), id(c), c.req.valid('json').pwdotp, providerOf(c)),
    )
  return new Hono<SignerEnv>()
    .post(
      '/v3/direct/:provider/proceed/:id',
      requireDirect as unknown as MiddlewareHandler<SignerEnv>,
      asDirect,
      jsonBody(mobileProceedSchema),
      describeRoute({
        summary: 'Confirm the link signer’s qualified signing with the SMS password, and sign',
        tag: 'Direct link',
        auth: 'direct',
        answers: [ok(signAnswerSchema)],
        errors: {
          404: ['mobile_signing.not_found'],
          409: ['mobile_signing.closed', 'signing.certificate_unusable'],
          422: ['signing.document_unsignable'],
          503: ['server.unavailable'],
        },
      }),
      proceed,
    )
    .post(
      '/v3/:provider/proceed/:id',
      requireAuth as unknown as MiddlewareHandler<SignerEnv>,
      asAccount,
      jsonBody(mobileProceedSchema),
      describeRoute({
        summary: 'Confirm a qualified signing with the one-time password of its SMS, and sign',
        description:
          'Answers the sign answer: `tan_invalid` with the tries left, `tan_locked`, `tan_expired`, or the signed results; a second call answers the same.',
        tag: 'Signing',
        auth: 'account',
        answers: [ok(signAnswerSchema)],
        errors: {
          404: ['mobile_signing.not_found'],
          409: ['mobile_signing.closed', 'signing.certificate_unusable'],
          422: ['signing.document_unsignable'],
          503: ['server.unavailable'],
        },
      }),
      proceed,
    )
    .post(
      '/resend/:id',
      requireSigner,
      describeRoute({
        summary: 'Send a new one-time password by SMS for a qualified signing',
        description:
          'A direct-link signer calls it with their session and the `token` query parameter of their link.',
        tag: 'Signing',
        auth: 'account',
        answers: [ok(mobileSigningSentSchema)],
        errors: {
          404: ['mobile_signing.not_found'],
          409: ['mobile_signing.closed'],
          429: ['tan.resend_too_soon'],
        },
      }),
      async (c) => sendJson(c, await resendMobileSigning(services, c.get('signer'), id(c))),
    )
    .post(
      '/respond/:id',
      requireSigner,
      jsonBody(mobileRespondSchema),
      describeRoute({
        summary: 'The phone’s own answer to a qualified signing (its one-time password)',
        description:
          'A direct-link signer calls it with their session and the `token` query parameter of their link.',
        tag: 'Signing',
        auth: 'account',
        answers: [ok(signAnswerSchema)],
        errors: { 404: ['mobile_signing.not_found'], 409: ['mobile_signing.closed'] },
      }),
      async (c) =>
        sendJson(c, await proceedMobileSigning(services, c.get('signer'), id(c), c.req.valid('json').secret)),
    )
    .post(
      '/cancel/:id',
      requireSigner,
      describeRoute({
        summary: 'Cancel a qualified signing waiting for the phone; nothing is signed',
        description:
          'A direct-link signer calls it with their session and the `token` query parameter of their link.',
        tag: 'Signing',
        auth: 'account',
        answers: [noContent],
        errors: { 404: ['mobile_signing.not_found'], 409: ['mobile_signing.closed'] },
      }),
      async (c) => {
        await cancelMobileSigning(services, c.get('signer'), id(c))
        return c.body(null, 204)
      },
    )
    .post(
      '/v1/user/mobile',
      requireAuth as unknown as MiddlewareHandler<SignerEnv>,
      jsonBody(registerMobileSchema),
      describeRoute({
        summary: 'Send a code by SMS to register a mobile number for qualified signing',
        tag: 'Signing',
        auth: 'account',
        answers: [created(mobileSigningSentSchema)],
        errors: {
          422: ['mobile_signing.number_invalid'],
          429: ['tan.resend_too_soon'],
          503: ['server.unavailable'],
        },
      }),
      async (c) => sendJson(c, await registerMobile(services, accountOf(c), c.req.valid('json')), 201),
    )
    .post(
      '/v1/user/mobile/confirm',
      requireAuth as unknown as MiddlewareHandler<SignerEnv>,
      jsonBody(confirmMobileSchema),
      describeRoute({
        summary: 'Confirm the registration code; the number becomes the user’s mobile',
        tag: 'Signing',
        auth: 'account',
        answers: [ok(mobileConfirmedSchema)],
        errors: {
          404: ['mobile_signing.not_found'],
          409: ['mobile_signing.closed'],
          410: ['tan.expired'],
          422: ['tan.invalid'],
          423: ['tan.locked'],
        },
      }),
      async (c) => {
        const { id: registration, secret } = c.req.valid('json')
        return sendJson(c, await confirmMobile(services, accountOf(c), registration, secret))
      },
    )
}
