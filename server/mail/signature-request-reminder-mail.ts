import type { MailTemplate } from './render-mail.ts'
import type { SignatureRequestMailValues } from './signature-request-invitation-mail.ts'

/**
 * Reminds a signer whose signature is still open (POST .../remind). A signer without an account gets a new
 * direct link, since only the latest one is kept; the note tells them the old one is gone.
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
    note: directLink
      ? 'This mail brings you a new personal link: the link of earlier mails no longer works.'
      : undefined,
  }),
  'de-ch': ({ sender, title, message, link, directLink }) => ({
    subject: `Erinnerung: ${sender} wartet auf Ihre Unterschrift für «${title}»`,
    paragraphs: [
      'Guten Tag',
      `${sender} wartet noch auf Ihre Unterschrift unter die Dokumente von «${title}».`,
      ...(message.trim() === '' ? [] : [`«${message.trim()}»`]),
    ],
    action: { label: 'Dokumente öffnen', url: link },
    note: directLink
      ? 'Diese E-Mail enthält einen neuen persönlichen Link: Der Link früherer E-Mails funktioniert nicht mehr.'
      : undefined,
  }),
  'fr-ch': ({ sender, title, message, link, directLink }) => ({
    subject: `Rappel : ${sender} attend votre signature pour « ${title} »`,
    paragraphs: [
      'Bonjour,',
      `${sender} attend encore votre signature sur les documents de « ${title} ».`,
      ...(message.trim() === '' ? [] : [`« ${message.trim()} »`]),
    ],
    action: { label: 'Ouvrir les documents', url: link },
    note: directLink
      ? 'Cet e-mail contient un nouveau lien personnel : le lien des e-mails précédents ne fonctionne plus.'
      : undefined,
  }),
  it: ({ sender, title, message, link, directLink }) => ({
    subject: `Promemoria: ${sender} attende la Sua firma su «${title}»`,
    paragraphs: [
      'Buongiorno,',
      `${sender} attende ancora la Sua firma sui documenti di «${title}».`,
      ...(message.trim() === '' ? [] : [`«${message.trim()}»`]),
    ],
    action: { label: 'Apri i documenti', url: link },
    note: directLink
      ? 'Questa e-mail contiene un nuovo link personale: il link delle e-mail precedenti non funziona più.'
      : undefined,
  }),
}
