import { productName } from '../../contract/app-config.ts'
import type { MailTemplate } from './render-mail.ts'

/** Values of {@link businessInvitationMail}. */
export type BusinessInvitationValues = {
  /** Who invites: the admin's name, else their address. */
  inviter: string
  business: string
  /** `/invite/{id}`: signs in (or up) and shows the invitation. */
  link: string
}

/** Invites an address into a business account; an address without an account signs up from the link. */
export const businessInvitationMail: MailTemplate<BusinessInvitationValues> = {
  'en-gb': ({ inviter, business, link }) => ({
    subject: `${inviter} invites you to join ${business} on ${productName}`,
    paragraphs: [
      'Hello,',
      `${inviter} invites you to join the business account of ${business}. As its member you sign on the business's account, and its admins see the requests you send for it.`,
    ],
    action: { label: 'See the invitation', url: link },
    note: `No ${productName} account yet? Sign up with this address from the link, and the invitation waits for you.`,
  }),
  'de-ch': ({ inviter, business, link }) => ({
    subject: `${inviter} lädt Sie zu ${business} auf ${productName} ein`,
    paragraphs: [
      'Guten Tag',
      `${inviter} lädt Sie in das Unternehmenskonto von ${business} ein. Als Mitglied unterschreiben Sie über das Konto des Unternehmens, und seine Admins sehen die Anfragen, die Sie dafür senden.`,
    ],
    action: { label: 'Einladung ansehen', url: link },
    note: `Noch kein ${productName}-Konto? Registrieren Sie sich über den Link mit dieser Adresse; die Einladung wartet auf Sie.`,
  }),
  'fr-ch': ({ inviter, business, link }) => ({
    subject: `${inviter} vous invite à rejoindre ${business} sur ${productName}`,
    paragraphs: [
      'Bonjour,',
      `${inviter} vous invite à rejoindre le compte entreprise de ${business}. En tant que membre, vous signez sur le compte de l’entreprise, et ses administrateurs voient les demandes que vous envoyez pour elle.`,
    ],
    action: { label: 'Voir l’invitation', url: link },
    note: `Pas encore de compte ${productName} ? Inscrivez-vous avec cette adresse depuis le lien : l’invitation vous attend.`,
  }),
  it: ({ inviter, business, link }) => ({
    subject: `${inviter} La invita a unirsi a ${business} su ${productName}`,
    paragraphs: [
      'Buongiorno,',
      `${inviter} La invita a unirsi all’account aziendale di ${business}. Come membro firma con l’account dell’azienda, e i suoi amministratori vedono le richieste che invia per essa.`,
    ],
    action: { label: 'Vedi l’invito', url: link },
    note: `Non ha ancora un account ${productName}? Si registri con questo indirizzo dal link: l’invito La aspetta.`,
  }),
}
