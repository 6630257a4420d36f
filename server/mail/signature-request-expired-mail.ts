import type { MailTemplate } from './render-mail.ts'

/** Values of the expiry mail; `link` opens the request for someone with an account, none for a direct-link signer. */
type ExpiredValues = { sender: string; title: string; link: string | undefined }

/** Tells the sender and every signer that a request expired before everyone signed (issue 40 §3). */
export const signatureRequestExpiredMail: MailTemplate<ExpiredValues> = {
  'en-gb': ({ sender, title, link }) => ({
    subject: `“${title}” has expired`,
    paragraphs: [
      'Hello,',
      `The signature request “${title}” from ${sender} expired before everyone had signed. It can no longer be signed.`,
    ],
    action: link === undefined ? undefined : { label: 'Open the request', url: link },
  }),
  'de-ch': ({ sender, title, link }) => ({
    subject: `«${title}» ist abgelaufen`,
    paragraphs: [
      'Guten Tag',
      `Die Signaturanfrage «${title}» von ${sender} ist abgelaufen, bevor alle unterschrieben haben. Sie kann nicht mehr unterschrieben werden.`,
    ],
    action: link === undefined ? undefined : { label: 'Anfrage öffnen', url: link },
  }),
  'fr-ch': ({ sender, title, link }) => ({
    subject: `« ${title} » a expiré`,
    paragraphs: [
      'Bonjour,',
      `La demande de signature « ${title} » de ${sender} a expiré avant que tout le monde ait signé. Elle ne peut plus être signée.`,
    ],
    action: link === undefined ? undefined : { label: 'Ouvrir la demande', url: link },
  }),
  it: ({ sender, title, link }) => ({
    subject: `«${title}» è scaduta`,
    paragraphs: [
      'Buongiorno,',
      `La richiesta di firma «${title}» di ${sender} è scaduta prima che tutti abbiano firmato. Non può più essere firmata.`,
    ],
    action: link === undefined ? undefined : { label: 'Apri la richiesta', url: link },
  }),
}
