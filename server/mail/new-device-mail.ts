import { productName } from '../../contract/app-config.ts'
import type { MailTemplate } from './render-mail.ts'

/** Values of {@link newDeviceMail}: the browser and system as a person reads them, and the client address. */
export type NewDeviceValues = { device: string; address: string; securityLink: string }

/** Tells the owner of a sign-in from a browser the account was not used with before. */
export const newDeviceMail: MailTemplate<NewDeviceValues> = {
  'en-gb': ({ device, address, securityLink }) => ({
    subject: `New sign-in to your ${productName} account`,
    paragraphs: [
      'Hello,',
      `your ${productName} account was just signed in to from a device it was not used with before: ${device}, address ${address}.`,
    ],
    action: { label: 'This was not me: review sessions', url: securityLink },
    note: 'If it was you, there is nothing to do.',
  }),
  'de-ch': ({ device, address, securityLink }) => ({
    subject: `Neue Anmeldung bei Ihrem ${productName}-Konto`,
    paragraphs: [
      'Guten Tag',
      `bei Ihrem ${productName}-Konto hat sich soeben jemand von einem bisher nicht verwendeten Gerät angemeldet: ${device}, Adresse ${address}.`,
    ],
    action: { label: 'Das war ich nicht: Sitzungen prüfen', url: securityLink },
    note: 'Wenn Sie es selbst waren, ist nichts weiter zu tun.',
  }),
  'fr-ch': ({ device, address, securityLink }) => ({
    subject: `Nouvelle connexion à votre compte ${productName}`,
    paragraphs: [
      'Bonjour,',
      `une connexion à votre compte ${productName} vient d’avoir lieu depuis un appareil jamais utilisé auparavant : ${device}, adresse ${address}.`,
    ],
    action: { label: 'Ce n’était pas moi : voir les sessions', url: securityLink },
    note: 'Si c’était vous, il n’y a rien à faire.',
  }),
  it: ({ device, address, securityLink }) => ({
    subject: `Nuovo accesso al Suo account ${productName}`,
    paragraphs: [
      'Buongiorno,',
      `è appena stato effettuato un accesso al Suo account ${productName} da un dispositivo mai usato prima: ${device}, indirizzo ${address}.`,
    ],
    action: { label: 'Non sono stato io: controlla le sessioni', url: securityLink },
    note: 'Se è stato Lei, non c’è nulla da fare.',
  }),
}
