import { Hono } from 'hono'
import { ok } from '../../contract/openapi/operation.ts'
import { apiBase } from '../../contract/paths.ts'
import { referralPaths, referralTokenSchema } from '../../contract/referral.ts'
import type { ReferralConfig } from '../config.ts'
import type { Database } from '../db/open-database.ts'
import { ApiError } from '../http/api-error.ts'
import { type ApiKeyMode, type AuthEnv, authenticate } from '../http/authenticate.ts'
import { describeRoute } from '../http/describe-route.ts'
import { sendJson } from '../http/send-json.ts'
import { referralToken, sandboxScript, sandboxScriptPath } from '../providers/referral/referral-service.ts'

/**
 * The referral service's calls (SPEC §7, §8): `POST /v1/user/cello` signs the signed-in person's widget token,
 * or answers 404 `referral.unavailable` where the deployment has no CELLO_PRODUCT_ID and CELLO_PRODUCT_SECRET
 * (the app then shows nothing, silently), and to an API user, which refers nobody. With CELLO_SANDBOX the
 * server also serves its stand-in of the service's script.
 */
export function createReferralRoutes({
  referral,
  ...services
}: { db: Database; now: () => Date; referral: ReferralConfig | undefined } & ApiKeyMode): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>().post(
    referralPaths.referralToken(),
    authenticate(services),
    describeRoute({
      summary: 'The referral widget token of the signed-in user',
      description:
        'A JSON Web Token signed HS512 with the product secret, naming the product and the user, with which the app boots the referral component, and where its script comes from.',
      tag: 'Accounts',
      auth: 'account',
      answers: [ok(referralTokenSchema)],
      errors: { 404: ['referral.unavailable'] },
    }),
    async (c) => {
      const { userId, apiUser } = c.get('auth')
      if (referral === undefined || apiUser !== null) {
        throw new ApiError(404, 'referral.unavailable', 'This deployment offers no referrals to this caller')
      }
      return sendJson(c, await referralToken(referral, userId, services.now(), apiBase))
    },
  )
  if (referral?.sandbox) {
    routes.get(sandboxScriptPath, (c) =>
      c.body(sandboxScript, 200, { 'content-type': 'text/javascript; charset=utf-8' }),
    )
  }
  return routes
}
