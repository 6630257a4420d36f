import type { MailLocale } from './mail-locale.ts'
import type { MailTemplate } from './render-mail.ts'

/** Values of {@link signatureRequestInvitationMail} and the reminder. */
export type SignatureRequestMailValues = {
  /** Who asks: the sender's name, else their address. */
  sender: string
  title: string
  /** The sender's own words; empty when they wrote none. */
  message: string
  /** Where the signer opens the request. */
  link: string
  /** Whether `link` is a personal direct link (a signer without an account). @default false */
  directLink?: boolean
}

/** What the invitation and the reminder tell a signer of their personal direct link. */
export const personalLinkNotes: Record<MailLocale, string> = {
  'en-gb': 'This link is yours alone: please do not forward it.',
  'de-ch': 'Dieser Link gilt nur für Sie: Bitte leiten Sie ihn nicht weiter.',
  'fr-ch': 'Ce lien est personnel : merci de ne pas le transférer.',
  it: 'Questo link è personale: non lo inoltri.',
}

const withMessage = (message: string, paragraphs: string[]) =>
  message.trim() === '' ? paragraphs : [...paragraphs, `“${message.trim()}”`]

/** Asks a signer to sign the documents of a request that was just sent. */
export const signatureRequestInvitationMail: MailTemplate<SignatureRequestMailValues> = {
  'en-gb': ({ sender, title, message, link, directLink }) => ({
    subject: `${sender} asks you to sign “${title}”`,
    paragraphs: withMessage(message, ['Hello,', `${sender} asks you to sign the documents of “${title}”.`]),
    action: { label: 'Open the documents', url: link },
    note: directLink ? personalLinkNotes['en-gb'] : undefined,
  }),
  'de-ch': ({ sender, title, message, link, directLink }) => ({
    subject: `${sender} bittet Sie, «${title}» zu unterschreiben`,
    paragraphs: withMessage(message, [
      'Guten Tag',
      `${sender} bittet Sie, die Dokumente von «${title}» zu unterschreiben.`,
    ]),
    action: { label: 'Dokumente öffnen', url: link },
    note: directLink ? personalLinkNotes['de-ch'] : undefined,
  }),
  'fr-ch': ({ sender, title, message, link, directLink }) => ({
    subject: `${sender} vous demande de signer « ${title} »`,
    paragraphs: withMessage(message, [
      'Bonjour,',
      `${sender} vous demande de signer les documents de « ${title} ».`,
    ]),
    action: { label: 'Ouvrir les documents', url: link },
    note: directLink ? personalLinkNotes['fr-ch'] : undefined,
  }),
  it: ({ sender, title, message, link, directLink }) => ({
    subject: `${sender} Le chiede di firmare «${title}»`,
    paragraphs: withMessage(message, [
      'Buongiorno,',
      `${sender} Le chiede di firmare i documenti di «${title}».`,
    ]),
    action: { label: 'Apri i documenti', url: link },
    note: directLink ? personalLinkNotes.it : undefined,
  }),
}
