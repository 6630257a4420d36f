import type { MailTemplate } from './render-mail.ts'

/** Values of the retention mails. */
type RetentionValues = {
  /** The request's title. */
  title: string
  business: string
  /** The day of the deletion, written for the mail's language. */
  date: string
}

/** Values of the warning, which links to the request to download what should be kept. */
type RetentionWarningValues = RetentionValues & { link: string }

/** Tells the participants of an ended request that the business's retention deletes it in a week. */
export const retentionWarningMail: MailTemplate<RetentionWarningValues> = {
  'en-gb': ({ title, business, date, link }) => ({
    subject: `“${title}” will be deleted on ${date}`,
    paragraphs: [
      'Hello,',
      `${business} deletes ended signature requests after a time it has set. “${title}” and its documents will be deleted on ${date}.`,
      'Download what you want to keep before then.',
    ],
    action: { label: 'Open the request', url: link },
  }),
  'de-ch': ({ title, business, date, link }) => ({
    subject: `«${title}» wird am ${date} gelöscht`,
    paragraphs: [
      'Guten Tag',
      `${business} löscht abgeschlossene Signaturanfragen nach einer festgelegten Zeit. «${title}» und seine Dokumente werden am ${date} gelöscht.`,
      'Laden Sie herunter, was Sie behalten möchten.',
    ],
    action: { label: 'Anfrage öffnen', url: link },
  }),
  'fr-ch': ({ title, business, date, link }) => ({
    subject: `« ${title} » sera supprimé le ${date}`,
    paragraphs: [
      'Bonjour,',
      `${business} supprime les demandes de signature terminées après un délai qu’elle a fixé. « ${title} » et ses documents seront supprimés le ${date}.`,
      'Téléchargez d’ici là ce que vous souhaitez conserver.',
    ],
    action: { label: 'Ouvrir la demande', url: link },
  }),
  it: ({ title, business, date, link }) => ({
    subject: `«${title}» sarà eliminata il ${date}`,
    paragraphs: [
      'Buongiorno,',
      `${business} elimina le richieste di firma concluse dopo un periodo da essa stabilito. «${title}» e i suoi documenti saranno eliminati il ${date}.`,
      'Scaricate prima di allora ciò che desiderate conservare.',
    ],
    action: { label: 'Apri la richiesta', url: link },
  }),
}

/** Tells the participants that an ended request and its documents were deleted today. */
export const retentionDeletedMail: MailTemplate<RetentionValues> = {
  'en-gb': ({ title, business, date }) => ({
    subject: `“${title}” was deleted`,
    paragraphs: [
      'Hello,',
      `as ${business} set, the ended signature request “${title}” and its documents were deleted on ${date}. Nothing of it is kept on our servers.`,
    ],
  }),
  'de-ch': ({ title, business, date }) => ({
    subject: `«${title}» wurde gelöscht`,
    paragraphs: [
      'Guten Tag',
      `wie von ${business} festgelegt, wurden die abgeschlossene Signaturanfrage «${title}» und ihre Dokumente am ${date} gelöscht. Nichts davon bleibt auf unseren Servern.`,
    ],
  }),
  'fr-ch': ({ title, business, date }) => ({
    subject: `« ${title} » a été supprimé`,
    paragraphs: [
      'Bonjour,',
      `comme ${business} l’a fixé, la demande de signature terminée « ${title} » et ses documents ont été supprimés le ${date}. Rien n’en est conservé sur nos serveurs.`,
    ],
  }),
  it: ({ title, business, date }) => ({
    subject: `«${title}» è stata eliminata`,
    paragraphs: [
      'Buongiorno,',
      `come stabilito da ${business}, la richiesta di firma conclusa «${title}» e i suoi documenti sono stati eliminati il ${date}. Sui nostri server non ne resta nulla.`,
    ],
  }),
}
