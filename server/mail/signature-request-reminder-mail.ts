import type { MailTemplate } from './render-mail.ts'
import type { SignatureRequestMailValues } from './signature-request-invitation-mail.ts'

/** Reminds a signer whose signature is still open (POST .../remind). */
export const signatureRequestReminderMail: MailTemplate<SignatureRequestMailValues> = {
  'en-gb': ({ sender, title, message, link }) => ({
    subject: `Reminder: ${sender} is waiting for your signature on “${title}”`,
    paragraphs: [
      'Hello,',
      `${sender} is still waiting for your signature on the documents of “${title}”.`,
      ...(message.trim() === '' ? [] : [`“${message.trim()}”`]),
    ],
    action: { label: 'Open the documents', url: link },
  }),
  'de-ch': ({ sender, title, message, link }) => ({
    subject: `Erinnerung: ${sender} wartet auf Ihre Unterschrift für «${title}»`,
    paragraphs: [
      'Guten Tag',
      `${sender} wartet noch auf Ihre Unterschrift unter die Dokumente von «${title}».`,
      ...(message.trim() === '' ? [] : [`«${message.trim()}»`]),
    ],
    action: { label: 'Dokumente öffnen', url: link },
  }),
  'fr-ch': ({ sender, title, message, link }) => ({
    subject: `Rappel : ${sender} attend votre signature pour « ${title} »`,
    paragraphs: [
      'Bonjour,',
      `${sender} attend encore votre signature sur les documents de « ${title} ».`,
      ...(message.trim() === '' ? [] : [`« ${message.trim()} »`]),
    ],
    action: { label: 'Ouvrir les documents', url: link },
  }),
  it: ({ sender, title, message, link }) => ({
    subject: `Promemoria: ${sender} attende la tua firma su «${title}»`,
    paragraphs: [
      'Buongiorno,',
      `${sender} attende ancora la tua firma sui documenti di «${title}».`,
      ...(message.trim() === '' ? [] : [`«${message.trim()}»`]),
    ],
    action: { label: 'Apri i documenti', url: link },
  }),
}
