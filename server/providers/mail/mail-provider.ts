import type { MailIdentity } from './compose-mail.ts'

/** One e-mail as the server sends it: already rendered in the recipient's language. */
export interface OutgoingMail {
  to: string
  subject: string
  /** Plain-text part. */
  text: string
  /** HTML part. */
  html: string
  /** Files sent with the mail, e.g. the signed documents. */
  attachments?: readonly MailAttachment[]
  /** Fixed when the mail was posted, so that every try sends the same message; a new one when absent. */
  identity?: MailIdentity
}

/** One file attached to a mail. */
interface MailAttachment {
  filename: string
  contentType: string
  content: Uint8Array
}

/** Sends mail: the outbox (any mode but production, always) and SMTP when configured. */
export interface MailProvider {
  send(mail: OutgoingMail): Promise<void>
}
