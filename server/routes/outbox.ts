import { Hono } from 'hono'
import { apiPaths } from '../../contract/paths.ts'
import { ApiError } from '../http/api-error.ts'
import { sendJson } from '../http/send-json.ts'
import type { Outbox } from '../providers/mail/outbox.ts'

/**
 * Outside production: `GET /dev/outbox` lists the mails written to the outbox, newest first, and
 * `GET /dev/outbox/{id}` answers one with its text, HTML and links. The app does not mount it in
 * production, where these paths answer 404.
 */
export function createOutboxRoutes(outbox: Outbox): Hono {
  return new Hono()
    .get(apiPaths.outbox(), async (c) => {
      const mails = await outbox.list()
      return sendJson(c, { mails: mails.map(({ id, to, subject, date }) => ({ id, to, subject, date })) })
    })
    .get(`${apiPaths.outbox()}/:id`, async (c) => {
      const mail = await outbox.read(c.req.param('id'))
      if (mail === undefined)
        throw new ApiError(404, 'outbox.mail_not_found', 'There is no mail with this id')
      return sendJson(c, mail)
    })
}
