import { randomBytes } from 'node:crypto'
import MailComposer from 'nodemailer/lib/mail-composer/index.js'
import type { OutgoingMail } from './mail-provider.ts'

/** A mail turned into an RFC 5322 message, ready for the outbox and for SMTP. */
export type ComposedMail = {
  /** Unique, sortable by time: `<yyyymmddThhmmssmmmZ>-<hex>`; also the outbox file name without `.eml`. */
  id: string
  from: string
  to: string
  message: Buffer
}

/**
 * What makes every try of a mail the same message: its id (the Message-ID's local part and the outbox file
 * name, see {@link ComposedMail}) and its Date (ISO 8601), both fixed when the mail is posted.
 */
export type MailIdentity = { id: string; date: string }

/** A new mail's identity, dated `date`. */
export function newMailIdentity(date = new Date()): MailIdentity {
  const stamp = date.toISOString().replace(/[-:]/g, '').replace('.', '')
  return { id: `${stamp}-${randomBytes(6).toString('hex')}`, date: date.toISOString() }
}

/**
 * Builds the RFC 5322 message of a mail: multipart/alternative with the text and HTML parts (inside
 * multipart/mixed with the attachments, if any), headers with encoded words where they are not ASCII.
 * Parts are base64 so that long lines survive any relay.
 */
export async function composeMail(
  mail: OutgoingMail,
  from: string,
  { id, date }: MailIdentity,
): Promise<ComposedMail> {
  const domain = from.match(/@([^>\s]+)/)?.[1] ?? 'localhost'
  const composer = new MailComposer({
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    date: new Date(date),
    messageId: `<${id}@${domain}>`,
    textEncoding: 'base64',
    attachments: mail.attachments?.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: Buffer.from(attachment.content),
    })),
  })
  const message = await composer.compile().build()
  return { id, from, to: mail.to, message }
}
