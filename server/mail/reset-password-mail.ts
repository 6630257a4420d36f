import { productName } from '../../contract/app-config.ts'
import type { MailTemplate } from './render-mail.ts'

/** Values of {@link resetPasswordMail}. */
export type ResetPasswordValues = { link: string }

/** The link to choose a new password, valid one hour. */
export const resetPasswordMail: MailTemplate<ResetPasswordValues> = {
  'en-gb': ({ link }) => ({
    subject: `Reset your ${productName} password`,
    paragraphs: ['Hello,', 'open the link below to choose a new password.'],
    action: { label: 'Choose a new password', url: link },
    note: 'The link is valid for 1 hour and can be used once. If you did not ask for it, ignore this mail: your password stays as it is.',
  }),
  'de-ch': ({ link }) => ({
    subject: `Setzen Sie Ihr ${productName}-Passwort zurück`,
    paragraphs: ['Guten Tag', 'öffnen Sie den folgenden Link, um ein neues Passwort zu wählen.'],
    action: { label: 'Neues Passwort wählen', url: link },
    note: 'Der Link ist 1 Stunde gültig und kann einmal verwendet werden. Falls Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
  }),
  'fr-ch': ({ link }) => ({
    subject: `Réinitialisez votre mot de passe ${productName}`,
    paragraphs: ['Bonjour,', 'ouvrez le lien ci-dessous pour choisir un nouveau mot de passe.'],
    action: { label: 'Choisir un nouveau mot de passe', url: link },
    note: 'Le lien est valable 1 heure et ne peut être utilisé qu’une fois. Si vous ne l’avez pas demandé, ignorez cet e-mail : votre mot de passe reste inchangé.',
  }),
  it: ({ link }) => ({
    subject: `Reimposti la Sua password ${productName}`,
    paragraphs: ['Buongiorno,', 'apra il link qui sotto per scegliere una nuova password.'],
    action: { label: 'Scegli una nuova password', url: link },
    note: 'Il link è valido 1 ora e può essere usato una sola volta. Se non l’ha richiesto, ignori questa e-mail: la Sua password resta invariata.',
  }),
}
