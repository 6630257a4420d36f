import { Hono, type MiddlewareHandler } from 'hono'
import { noContent, ok } from '../../contract/openapi/operation.ts'
import { type SurveyKind, surveyAnswerSchema, surveyPaths, surveysDueSchema } from '../../contract/surveys.ts'
import type { Database } from '../db/open-database.ts'
import { type ApiKeyMode, type AuthEnv, authenticate } from '../http/authenticate.ts'
import { describeRoute } from '../http/describe-route.ts'
import { jsonBody } from '../http/json-body.ts'
import { countRequest } from '../http/rate-limit.ts'
import { sendJson } from '../http/send-json.ts'
import { answerSurvey } from '../surveys/answer-survey.ts'
import { surveysDue } from '../surveys/surveys-due.ts'

/** Survey calls one user may make in a minute: the app makes two or three a visit. */
const callsPerMinute = 30

/**
 * The satisfaction survey calls (SPEC §2 dialogs; our extension of §7): which surveys are due for the signed-in
 * user, and their answer. Each acts on the caller's own account only; an API user is never asked.
 */
export function createSurveyRoutes(services: { db: Database; now: () => Date } & ApiKeyMode): Hono<AuthEnv> {
  const { db, now } = services
  const requireAuth = authenticate(services)
  const limited: MiddlewareHandler<AuthEnv> = async (c, next) => {
    const key = `surveys:${c.get('auth').userId}`
    await countRequest({ db, now, key, limit: callsPerMinute, windowMs: 60_000 }, 'your account')
    await next()
  }
  const answerRoute = (routes: Hono<AuthEnv>, kind: SurveyKind, summary: string) =>
    routes.post(
      surveyPaths.answer(kind),
      requireAuth,
      limited,
      jsonBody(surveyAnswerSchema(kind)),
      describeRoute({
        summary,
        description:
          'A score on the survey’s scale and an optional comment, or `score: null` when the user chose not to answer now; either way the survey is not due again until its interval has passed.',
        tag: 'Accounts',
        auth: 'account',
        answers: [noContent],
        errors: { 409: ['survey.not_due'], 429: ['request.rate_limited'] },
      }),
      async (c) => {
        await answerSurvey(db, c.get('auth').userId, kind, c.req.valid('json'), now())
        return c.body(null, 204)
      },
    )
  const routes = new Hono<AuthEnv>().get(
    surveyPaths.due(),
    requireAuth,
    limited,
    describeRoute({
      summary: 'The satisfaction surveys due for the signed-in user',
      tag: 'Accounts',
      auth: 'account',
      answers: [ok(surveysDueSchema)],
      errors: { 429: ['request.rate_limited'] },
    }),
    async (c) => {
      const { userId, apiUser } = c.get('auth')
      return sendJson(c, { due: apiUser === null ? await surveysDue(db, userId, now()) : [] })
    },
  )
  answerRoute(routes, 'relationship', 'Answer the relationship satisfaction survey')
  answerRoute(routes, 'transactional', 'Answer the transactional satisfaction survey')
  return routes
}
