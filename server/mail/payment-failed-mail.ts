import { productName } from '../../contract/app-config.ts'
import type { MailTemplate } from './render-mail.ts'

/** Values of {@link paymentFailedMail}. */
export type PaymentFailedValues = {
  business: string
  /** The day the business is blocked unless it is paid by then, in the reader's language. */
  date: string
  /** The payment page, where a new card or SEPA debit pays what is due. */
  link: string
}

/** Tells every admin that a renewal could not be charged, and until when it can be paid. */
export const paymentFailedMail: MailTemplate<PaymentFailedValues> = {
  'en-gb': ({ business, date, link }) => ({
    subject: `${productName}: the payment for ${business} failed`,
    paragraphs: [
      'Hello,',
      `we could not charge the renewal of ${business}. Please add a new card or SEPA debit: what is due is charged to it at once. If it is still unpaid on ${date}, the business is blocked and its members sign with their own free signatures.`,
    ],
    action: { label: 'Update the payment method', url: link },
  }),
  'de-ch': ({ business, date, link }) => ({
    subject: `${productName}: Die Zahlung für ${business} ist fehlgeschlagen`,
    paragraphs: [
      'Guten Tag',
      `wir konnten die Verlängerung von ${business} nicht belasten. Bitte hinterlegen Sie eine neue Karte oder SEPA-Lastschrift: Der offene Betrag wird sofort darüber belastet. Ist er am ${date} noch offen, wird das Unternehmen gesperrt und die Mitglieder unterschreiben mit ihren eigenen Gratis-Unterschriften.`,
    ],
    action: { label: 'Zahlungsmittel ändern', url: link },
  }),
  'fr-ch': ({ business, date, link }) => ({
    subject: `${productName} : le paiement pour ${business} a échoué`,
    paragraphs: [
      'Bonjour,',
      `nous n’avons pas pu débiter le renouvellement de ${business}. Veuillez ajouter une nouvelle carte ou un prélèvement SEPA : le montant dû y est débité aussitôt. S’il n’est toujours pas payé le ${date}, l’entreprise est bloquée et ses membres signent avec leurs propres signatures gratuites.`,
    ],
    action: { label: 'Changer le moyen de paiement', url: link },
  }),
  it: ({ business, date, link }) => ({
    subject: `${productName}: il pagamento per ${business} non è riuscito`,
    paragraphs: [
      'Buongiorno,',
      `non siamo riusciti ad addebitare il rinnovo di ${business}. Aggiungi una nuova carta o un addebito SEPA: l’importo dovuto viene addebitato subito. Se il ${date} risulta ancora non pagato, l’azienda viene bloccata e i membri firmano con le proprie firme gratuite.`,
    ],
    action: { label: 'Aggiorna il metodo di pagamento', url: link },
  }),
}
