import { productName } from '../../contract/app-config.ts'
import type { MailTemplate } from './render-mail.ts'

/** Values of {@link passwordChangedMail}. */
export type PasswordChangedValues = { resetLink: string }

/** Tells the owner that the password changed, so a stranger's change does not go unnoticed. */
export const passwordChangedMail: MailTemplate<PasswordChangedValues> = {
  'en-gb': ({ resetLink }) => ({
    subject: `Your ${productName} password was changed`,
    paragraphs: [
      'Hello,',
      `the password of your ${productName} account was just changed, and every other session was signed out.`,
    ],
    action: { label: 'This was not me: reset password', url: resetLink },
    note: 'If you changed it yourself, there is nothing to do.',
  }),
  'de-ch': ({ resetLink }) => ({
    subject: `Ihr ${productName}-Passwort wurde geändert`,
    paragraphs: [
      'Guten Tag',
      `das Passwort Ihres ${productName}-Kontos wurde soeben geändert, und alle anderen Sitzungen wurden abgemeldet.`,
    ],
    action: { label: 'Das war ich nicht: Passwort zurücksetzen', url: resetLink },
    note: 'Wenn Sie es selbst geändert haben, ist nichts weiter zu tun.',
  }),
  'fr-ch': ({ resetLink }) => ({
    subject: `Votre mot de passe ${productName} a été modifié`,
    paragraphs: [
      'Bonjour,',
      `le mot de passe de votre compte ${productName} vient d’être modifié, et toutes les autres sessions ont été déconnectées.`,
    ],
    action: { label: 'Ce n’était pas moi : réinitialiser', url: resetLink },
    note: 'Si vous l’avez modifié vous-même, il n’y a rien à faire.',
  }),
  it: ({ resetLink }) => ({
    subject: `La Sua password ${productName} è stata modificata`,
    paragraphs: [
      'Buongiorno,',
      `la password del Suo account ${productName} è appena stata modificata e tutte le altre sessioni sono state chiuse.`,
    ],
    action: { label: 'Non sono stato io: reimposta la password', url: resetLink },
    note: 'Se l’ha modificata Lei, non c’è nulla da fare.',
  }),
}
