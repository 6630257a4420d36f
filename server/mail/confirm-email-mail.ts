import { productName } from '../../contract/app-config.ts'
import type { MailTemplate } from './render-mail.ts'

/** Values of {@link confirmEmailMail}. */
export type ConfirmEmailValues = { link: string }

/** The confirmation link of a signup (or of a new address), valid 24 hours. */
export const confirmEmailMail: MailTemplate<ConfirmEmailValues> = {
  'en-gb': ({ link }) => ({
    subject: `Confirm your e-mail address for ${productName}`,
    paragraphs: ['Hello,', `please confirm your e-mail address to continue with ${productName}.`],
    action: { label: 'Confirm e-mail address', url: link },
    note: 'The link is valid for 24 hours and can be used once. If you did not ask for it, ignore this mail.',
  }),
  'de-ch': ({ link }) => ({
    subject: `Bestätigen Sie Ihre E-Mail-Adresse für ${productName}`,
    paragraphs: [
      'Guten Tag',
      `bitte bestätigen Sie Ihre E-Mail-Adresse, um mit ${productName} fortzufahren.`,
    ],
    action: { label: 'E-Mail-Adresse bestätigen', url: link },
    note: 'Der Link ist 24 Stunden gültig und kann einmal verwendet werden. Falls Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail.',
  }),
  'fr-ch': ({ link }) => ({
    subject: `Confirmez votre adresse e-mail pour ${productName}`,
    paragraphs: ['Bonjour,', `veuillez confirmer votre adresse e-mail pour continuer avec ${productName}.`],
    action: { label: 'Confirmer l’adresse e-mail', url: link },
    note: 'Le lien est valable 24 heures et ne peut être utilisé qu’une fois. Si vous ne l’avez pas demandé, ignorez cet e-mail.',
  }),
  it: ({ link }) => ({
    subject: `Confermi il Suo indirizzo e-mail per ${productName}`,
    paragraphs: ['Buongiorno,', `confermi il Suo indirizzo e-mail per continuare con ${productName}.`],
    action: { label: 'Conferma indirizzo e-mail', url: link },
    note: 'Il link è valido 24 ore e può essere usato una sola volta. Se non l’ha richiesto, ignori questa e-mail.',
  }),
}
