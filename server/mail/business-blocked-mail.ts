import { productName } from '../../contract/app-config.ts'
import type { MailTemplate } from './render-mail.ts'

/** Values of {@link businessBlockedMail}. */
export type BusinessBlockedValues = {
  business: string
  /** The payment page: paying what is due unblocks the business. */
  link: string
}

/** Tells every admin that the business is blocked because a renewal stayed unpaid past the grace period. */
export const businessBlockedMail: MailTemplate<BusinessBlockedValues> = {
  'en-gb': ({ business, link }) => ({
    subject: `${productName}: ${business} is blocked`,
    paragraphs: [
      'Hello,',
      `the renewal of ${business} is still unpaid, so the business is blocked: its members sign with their own free signatures and the business pages wait on the members page. Paying with a new card or SEPA debit unblocks it at once.`,
    ],
    action: { label: 'Pay now', url: link },
  }),
  'de-ch': ({ business, link }) => ({
    subject: `${productName}: ${business} ist gesperrt`,
    paragraphs: [
      'Guten Tag',
      `die Verlängerung von ${business} ist weiterhin offen, deshalb ist das Unternehmen gesperrt: Die Mitglieder unterschreiben mit ihren eigenen Gratis-Unterschriften, und die Unternehmensseiten warten auf der Mitgliederseite. Eine Zahlung mit neuer Karte oder SEPA-Lastschrift hebt die Sperre sofort auf.`,
    ],
    action: { label: 'Jetzt bezahlen', url: link },
  }),
  'fr-ch': ({ business, link }) => ({
    subject: `${productName} : ${business} est bloquée`,
    paragraphs: [
      'Bonjour,',
      `le renouvellement de ${business} n’est toujours pas payé, l’entreprise est donc bloquée : ses membres signent avec leurs propres signatures gratuites et les pages de l’entreprise attendent sur la page des membres. Un paiement par nouvelle carte ou prélèvement SEPA la débloque aussitôt.`,
    ],
    action: { label: 'Payer maintenant', url: link },
  }),
  it: ({ business, link }) => ({
    subject: `${productName}: ${business} è bloccata`,
    paragraphs: [
      'Buongiorno,',
      `il rinnovo di ${business} non è ancora pagato, perciò l’azienda è bloccata: i membri firmano con le proprie firme gratuite e le pagine aziendali attendono sulla pagina dei membri. Un pagamento con una nuova carta o un addebito SEPA la sblocca subito.`,
    ],
    action: { label: 'Paga ora', url: link },
  }),
}
