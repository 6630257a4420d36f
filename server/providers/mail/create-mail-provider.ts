import { join } from 'node:path'
import { createTransport } from 'nodemailer'
import type { Logger } from 'pino'
import { productName } from '../../../contract/app-config.ts'
import type { AppConfig } from '../../config.ts'
import { composeMail, newMailIdentity } from './compose-mail.ts'
import type { MailProvider } from './mail-provider.ts'
import { createOutbox } from './outbox.ts'

/** Where the outbox of a data directory lives. */
export const outboxDir = (dataDir: string) => join(dataDir, 'outbox')

/**
 * The configured mail provider: outside production every mail is written to `DATA_DIR/outbox/`; with
 * `SMTP_URL` it is also sent through SMTP, as the same message. A production server without SMTP_URL
 * cannot send: it logs each mail it drops.
 */
export function createMailProvider(
  config: Pick<AppConfig, 'appMode' | 'dataDir' | 'publicUrl' | 'smtpUrl' | 'mailFrom'>,
  logger: Logger,
): MailProvider {
  const from = config.mailFrom ?? `${productName} <no-reply@${new URL(config.publicUrl).hostname}>`
  const outbox = config.appMode === 'production' ? undefined : createOutbox(outboxDir(config.dataDir))
  const smtp = config.smtpUrl === undefined ? undefined : createTransport(config.smtpUrl)
  return {
    async send(mail) {
      const composed = await composeMail(mail, from, mail.identity ?? newMailIdentity())
      // Sent first, then kept: a mail the job tries again is in the outbox once, when it went out; one sent
      // again after a crash is the same file again.
      if (smtp !== undefined) {
        await smtp.sendMail({ envelope: { from: composed.from, to: composed.to }, raw: composed.message })
      } else if (outbox === undefined) {
        logger.error({ mailId: composed.id }, 'mail not sent: SMTP_URL is not configured')
      }
      await outbox?.write(composed)
    },
  }
}
