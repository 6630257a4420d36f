import { productName } from '../../contract/app-config.ts'
import type { MailTemplate } from './render-mail.ts'

/** Values of {@link publicCodeMail}. */
export type PublicCodeMailValues = {
  /** The six digits to enter. */
  code: string
  /** The title of the template the visitor is about to sign. */
  title: string
  /** How long the code may be entered. */
  minutes: number
}

/**
 * The code a visitor of a public template's link enters to confirm their e-mail address before signing
 * (POST /v3/public-templates/{token}/visits). The subject never holds the code: it shows on lock screens and in
 * notifications.
 */
export const publicCodeMail: MailTemplate<PublicCodeMailValues> = {
  'en-gb': ({ code, title, minutes }) => ({
    subject: `Confirm your e-mail address for “${title}”`,
    paragraphs: [
      'Hello,',
      `enter this code on the ${productName} page of “${title}” to confirm that this e-mail address is yours; then you can sign:`,
      code,
    ],
    note: `The code is valid for ${minutes} minutes and can be used once. If you did not ask for it, ignore this mail.`,
  }),
  'de-ch': ({ code, title, minutes }) => ({
    subject: `Bestätigen Sie Ihre E-Mail-Adresse für «${title}»`,
    paragraphs: [
      'Guten Tag',
      `geben Sie diesen Code auf der ${productName}-Seite von «${title}» ein, um zu bestätigen, dass diese E-Mail-Adresse Ihnen gehört; danach können Sie unterschreiben:`,
      code,
    ],
    note: `Der Code ist ${minutes} Minuten gültig und kann einmal verwendet werden. Falls Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail.`,
  }),
  'fr-ch': ({ code, title, minutes }) => ({
    subject: `Confirmez votre adresse e-mail pour « ${title} »`,
    paragraphs: [
      'Bonjour,',
      `saisissez ce code sur la page ${productName} de « ${title} » pour confirmer que cette adresse e-mail est la vôtre ; vous pourrez ensuite signer :`,
      code,
    ],
    note: `Le code est valable ${minutes} minutes et ne peut être utilisé qu’une fois. Si vous ne l’avez pas demandé, ignorez cet e-mail.`,
  }),
  it: ({ code, title, minutes }) => ({
    subject: `Confermi il Suo indirizzo e-mail per «${title}»`,
    paragraphs: [
      'Buongiorno,',
      `inserisca questo codice nella pagina ${productName} di «${title}» per confermare che questo indirizzo e-mail è il Suo; poi potrà firmare:`,
      code,
    ],
    note: `Il codice è valido ${minutes} minuti e può essere usato una sola volta. Se non l’ha richiesto, ignori questa e-mail.`,
  }),
}
