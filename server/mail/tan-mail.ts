import { productName } from '../../contract/app-config.ts'
import type { MailTemplate } from './render-mail.ts'

/** Values of {@link tanMail}. */
export type TanMailValues = {
  /** The six digits to enter. */
  tan: string
  /** The title of the request the signer is about to sign. */
  title: string
  /** How long the TAN may be entered. */
  minutes: number
}

/**
 * The TAN a direct-link signer enters before signing (POST /v1/direct/tan/resend). The subject never holds
 * the TAN: it shows on lock screens and in notifications.
 */
export const tanMail: MailTemplate<TanMailValues> = {
  'en-gb': ({ tan, title, minutes }) => ({
    subject: `Your ${productName} TAN to sign “${title}”`,
    paragraphs: ['Hello,', `enter this TAN to sign “${title}”:`, tan],
    note: `The TAN is valid for ${minutes} minutes and can be used once. If you did not ask for it, ignore this mail.`,
  }),
  'de-ch': ({ tan, title, minutes }) => ({
    subject: `Ihre ${productName}-TAN zum Unterschreiben von «${title}»`,
    paragraphs: ['Guten Tag', `geben Sie diese TAN ein, um «${title}» zu unterschreiben:`, tan],
    note: `Die TAN ist ${minutes} Minuten gültig und kann einmal verwendet werden. Falls Sie sie nicht angefordert haben, ignorieren Sie diese E-Mail.`,
  }),
  'fr-ch': ({ tan, title, minutes }) => ({
    subject: `Votre TAN ${productName} pour signer « ${title} »`,
    paragraphs: ['Bonjour,', `saisissez ce TAN pour signer « ${title} » :`, tan],
    note: `Le TAN est valable ${minutes} minutes et ne peut être utilisé qu’une fois. Si vous ne l’avez pas demandé, ignorez cet e-mail.`,
  }),
  it: ({ tan, title, minutes }) => ({
    subject: `Il Suo TAN ${productName} per firmare «${title}»`,
    paragraphs: ['Buongiorno,', `inserisca questo TAN per firmare «${title}»:`, tan],
    note: `Il TAN è valido ${minutes} minuti e può essere usato una sola volta. Se non l’ha richiesto, ignori questa e-mail.`,
  }),
}
