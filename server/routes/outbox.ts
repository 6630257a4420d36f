import { Hono } from 'hono'
import type { OutboxJob } from '../../contract/outbox.ts'
import { apiPaths } from '../../contract/paths.ts'
import { ApiError } from '../http/api-error.ts'
import { operatorOnly } from '../http/operator-only.ts'
import { sendJson } from '../http/send-json.ts'
import type { Outbox } from '../providers/mail/outbox.ts'

/**
 * Outside production: `GET /dev/outbox` lists the mails written to the outbox, newest first, and
 * `GET /dev/outbox/{id}` answers one with its text, HTML and links; the list also has the jobs not yet done
 * (mails waiting for the mail server, and those that ran out of tries). The app does not mount it in
 * production, where these paths answer 404. The mails hold sign-up and reset links, direct links and TANs,
 * so `reader` says who may read them (see {@link operatorOnly}).
 */
export function createOutboxRoutes(
  outbox: Outbox,
  reader: 'anyone' | string | undefined,
  unfinishedJobs: () => Promise<OutboxJob[]>,
): Hono {
  const mayRead = operatorOnly(reader)
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
