import type { MailTemplate } from './render-mail.ts'
import { personalLinkNotes, type SignatureRequestMailValues } from './signature-request-invitation-mail.ts'

/**
 * Reminds a signer whose signature is still open (POST .../remind, or the automatic reminders). A signer
 * without an account gets a new direct link, personal like the first; the links of earlier mails keep working.
 */
export const signatureRequestReminderMail: MailTemplate<SignatureRequestMailValues> = {
  'en-gb': ({ sender, title, message, link, directLink }) => ({
    subject: `Reminder: ${sender} is waiting for your signature on “${title}”`,
    paragraphs: [
      'Hello,',
      `${sender} is still waiting for your signature on the documents of “${title}”.`,
      ...(message.trim() === '' ? [] : [`“${message.trim()}”`]),
    ],
    action: { label: 'Open the documents', url: link },
    note: directLink ? personalLinkNotes['en-gb'] : undefined,
  }),
  'de-ch': ({ sender, title, message, link, directLink }) => ({
    subject: `Erinnerung: ${sender} wartet auf Ihre Unterschrift für «${title}»`,
    paragraphs: [
      'Guten Tag',
      `${sender} wartet noch auf Ihre Unterschrift unter die Dokumente von «${title}».`,
      ...(message.trim() === '' ? [] : [`«${message.trim()}»`]),
    ],
    action: { label: 'Dokumente öffnen', url: link },
    note: directLink ? personalLinkNotes['de-ch'] : undefined,
  }),
  'fr-ch': ({ sender, title, message, link, directLink }) => ({
    subject: `Rappel : ${sender} attend votre signature pour « ${title} »`,
    paragraphs: [
      'Bonjour,',
      `${sender} attend encore votre signature sur les documents de « ${title} ».`,
      ...(message.trim() === '' ? [] : [`« ${message.trim()} »`]),
    ],
    action: { label: 'Ouvrir les documents', url: link },
    note: directLink ? personalLinkNotes['fr-ch'] : undefined,
  }),
  it: ({ sender, title, message, link, directLink }) => ({
    subject: `Promemoria: ${sender} attende la Sua firma su «${title}»`,
    paragraphs: [
      'Buongiorno,',
      `${sender} attende ancora la Sua firma sui documenti di «${title}».`,
      ...(message.trim() === '' ? [] : [`«${message.trim()}»`]),
    ],
    action: { label: 'Apri i documenti', url: link },
    note: directLink ? personalLinkNotes.it : undefined,
  }),
}
