import { type ComposedMail, composeMail, newMailIdentity } from '../mail/compose-mail.ts'

/** The outbox address of an SMS to `mobile`: its digits at the reserved `.invalid` domain, never deliverable. */
function smsAddress(mobile: string): string {
  return `${mobile.replace(/\D/g, '')}@sms.invalid`
}

/** An SMS as an outbox entry: plain text, addressed by {@link smsAddress}. */
export function composeSms(mobile: string, message: string, date: Date): Promise<ComposedMail> {
  const html = `<p>${message.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`
  return composeMail(
    { to: smsAddress(mobile), subject: `SMS to ${mobile}`, text: message, html },
    'SMS <sms@sms.invalid>',
    newMailIdentity(date),
  )
}
