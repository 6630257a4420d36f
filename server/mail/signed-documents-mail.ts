import type { MailTemplate } from './render-mail.ts'

/** Values of {@link signedDocumentsMail}. */
export type SignedDocumentsMailValues = {
  title: string
  /** Where an account holder opens the request; absent for a signer without an account. */
  link?: string
}

/** Tells the sender and every signer that a request is signed by all; the signed PDFs are attached. */
export const signedDocumentsMail: MailTemplate<SignedDocumentsMailValues> = {
  'en-gb': ({ title, link }) => ({
    subject: `“${title}” is signed`,
    paragraphs: [
      'Hello,',
      `Everyone has signed “${title}”.`,
      'The signed documents are attached to this mail.',
    ],
    action: link === undefined ? undefined : { label: 'Open the request', url: link },
  }),
  'de-ch': ({ title, link }) => ({
    subject: `«${title}» ist unterschrieben`,
    paragraphs: [
      'Guten Tag',
      `Alle haben «${title}» unterschrieben.`,
      'Die unterschriebenen Dokumente sind dieser E-Mail angehängt.',
    ],
    action: link === undefined ? undefined : { label: 'Anfrage öffnen', url: link },
  }),
  'fr-ch': ({ title, link }) => ({
    subject: `« ${title} » est signé`,
    paragraphs: [
      'Bonjour,',
      `Tout le monde a signé « ${title} ».`,
      'Les documents signés sont joints à ce message.',
    ],
    action: link === undefined ? undefined : { label: 'Ouvrir la demande', url: link },
  }),
  it: ({ title, link }) => ({
    subject: `«${title}» è firmato`,
    paragraphs: [
      'Buongiorno,',
      `Tutti hanno firmato «${title}».`,
      'I documenti firmati sono allegati a questa e-mail.',
    ],
    action: link === undefined ? undefined : { label: 'Apri la richiesta', url: link },
  }),
}
