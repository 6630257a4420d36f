import type { MailTemplate } from './render-mail.ts'

/** Values of {@link businessDeletionMail}. */
export type BusinessDeletionValues = {
  business: string
  /** The day of the deletion, written for the mail's language. */
  date: string
  /** The business profile, where the deletion can be taken back. */
  link: string
}

/** Tells every admin that their business will be deleted, and until when that can be taken back. */
export const businessDeletionMail: MailTemplate<BusinessDeletionValues> = {
  'en-gb': ({ business, date, link }) => ({
    subject: `${business} will be deleted on ${date}`,
    paragraphs: [
      'Hello,',
      `the business account of ${business} is scheduled for deletion on ${date}. Its members then become individual users; the requests they sent stay theirs.`,
    ],
    action: { label: 'Keep the business', url: link },
    note: 'Until that day any admin can take the deletion back from the business profile.',
  }),
  'de-ch': ({ business, date, link }) => ({
    subject: `${business} wird am ${date} gelöscht`,
    paragraphs: [
      'Guten Tag',
      `das Unternehmenskonto von ${business} wird am ${date} gelöscht. Seine Mitglieder werden dann zu Einzelnutzern; die Anfragen, die sie gesendet haben, bleiben ihre.`,
    ],
    action: { label: 'Unternehmen behalten', url: link },
    note: 'Bis zu diesem Tag kann jeder Admin die Löschung im Unternehmensprofil zurücknehmen.',
  }),
  'fr-ch': ({ business, date, link }) => ({
    subject: `${business} sera supprimé le ${date}`,
    paragraphs: [
      'Bonjour,',
      `le compte entreprise de ${business} sera supprimé le ${date}. Ses membres deviendront alors des utilisateurs individuels ; les demandes qu’ils ont envoyées restent les leurs.`,
    ],
    action: { label: 'Garder l’entreprise', url: link },
    note: 'Jusqu’à ce jour, tout administrateur peut annuler la suppression depuis le profil de l’entreprise.',
  }),
  it: ({ business, date, link }) => ({
    subject: `${business} sarà eliminata il ${date}`,
    paragraphs: [
      'Buongiorno,',
      `l’account aziendale di ${business} sarà eliminato il ${date}. I suoi membri diventeranno utenti individuali; le richieste che hanno inviato restano loro.`,
    ],
    action: { label: 'Mantieni l’azienda', url: link },
    note: 'Fino a quel giorno ogni amministratore può annullare l’eliminazione dal profilo aziendale.',
  }),
}
