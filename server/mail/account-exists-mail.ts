import { productName } from '../../contract/app-config.ts'
import type { MailTemplate } from './render-mail.ts'

/** Values of {@link accountExistsMail}. */
export type AccountExistsValues = { resetLink: string }

/** Sent instead of a signup confirmation when the address already has an account. */
export const accountExistsMail: MailTemplate<AccountExistsValues> = {
  'en-gb': ({ resetLink }) => ({
    subject: `You already have a ${productName} account`,
    paragraphs: [
      'Hello,',
      `someone, probably you, tried to sign up for ${productName} with this address, but it already has an account. Sign in with it, or reset your password if you have forgotten it.`,
    ],
    action: { label: 'Reset password', url: resetLink },
    note: 'If this was not you, ignore this mail: nothing has changed.',
  }),
  'de-ch': ({ resetLink }) => ({
    subject: `Sie haben bereits ein ${productName}-Konto`,
    paragraphs: [
      'Guten Tag',
      `jemand, vermutlich Sie, wollte sich mit dieser Adresse bei ${productName} registrieren, doch es besteht bereits ein Konto. Melden Sie sich damit an oder setzen Sie Ihr Passwort zurück, falls Sie es vergessen haben.`,
    ],
    action: { label: 'Passwort zurücksetzen', url: resetLink },
    note: 'Falls Sie das nicht waren, ignorieren Sie diese E-Mail: Es wurde nichts geändert.',
  }),
  'fr-ch': ({ resetLink }) => ({
    subject: `Vous avez déjà un compte ${productName}`,
    paragraphs: [
      'Bonjour,',
      `quelqu’un, probablement vous, a tenté de s’inscrire à ${productName} avec cette adresse, mais elle a déjà un compte. Connectez-vous, ou réinitialisez votre mot de passe si vous l’avez oublié.`,
    ],
    action: { label: 'Réinitialiser le mot de passe', url: resetLink },
    note: 'Si ce n’était pas vous, ignorez cet e-mail : rien n’a changé.',
  }),
  it: ({ resetLink }) => ({
    subject: `Ha già un account ${productName}`,
    paragraphs: [
      'Buongiorno,',
      `qualcuno, probabilmente Lei, ha provato a registrarsi a ${productName} con questo indirizzo, che ha però già un account. Acceda, oppure reimposti la password se l’ha dimenticata.`,
    ],
    action: { label: 'Reimposta la password', url: resetLink },
    note: 'Se non è stato Lei, ignori questa e-mail: non è cambiato nulla.',
  }),
}
