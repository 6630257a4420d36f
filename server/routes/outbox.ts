import { timingSafeEqual } from 'node:crypto'
import { Hono, type MiddlewareHandler } from 'hono'
import type { OutboxJob } from '../../contract/outbox.ts'
import { apiPaths } from '../../contract/paths.ts'
import { ApiError } from '../http/api-error.ts'
import { routeNotFound } from '../http/error-handler.ts'
import { sendJson } from '../http/send-json.ts'
import type { Outbox } from '../providers/mail/outbox.ts'

/**
 * Outside production: `GET /dev/outbox` lists the mails written to the outbox, newest first, and
 * `GET /dev/outbox/{id}` answers one with its text, HTML and links; the list also has the jobs not yet done
 * (mails waiting for the mail server, and those that ran out of tries). The app does not mount it in
 * production, where these paths answer 404. The mails hold sign-up and reset links, direct links and TANs,
 * so `reader` says who may read them: `anyone` (development, on the developer's machine), or only calls
 * that carry this operator token in `X-Operator-Token` (staging); without a token, nobody. Anyone else gets
 * the same 404 as an unknown path.
 */
export function createOutboxRoutes(
  outbox: Outbox,
  reader: 'anyone' | string | undefined,
  unfinishedJobs: () => Promise<OutboxJob[]>,
): Hono {
  const expected = reader === undefined || reader === 'anyone' ? undefined : Buffer.from(reader)
  const mayRead: MiddlewareHandler = async (c, next) => {
    if (reader !== 'anyone') {
      const given = Buffer.from(c.req.header('x-operator-token') ?? '')
      if (expected === undefined || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw routeNotFound(c)
      }
    }
    await next()
  }
  return new Hono()
    .use(`${apiPaths.outbox()}/*`, mayRead)
    .use(apiPaths.outbox(), mayRead)
    .get(apiPaths.outbox(), async (c) => {
      const [mails, jobs] = await Promise.all([outbox.list(), unfinishedJobs()])
      return sendJson(c, {
        mails: mails.map(({ id, to, subject, date }) => ({ id, to, subject, date })),
        jobs,
      })
    })
    .get(`${apiPaths.outbox()}/:id`, async (c) => {
      const mail = await outbox.read(c.req.param('id'))
      if (mail === undefined)
        throw new ApiError(404, 'outbox.mail_not_found', 'There is no mail with this id')
      return sendJson(c, mail)
    })
}
