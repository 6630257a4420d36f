import { describe, expect, it } from 'vitest'
import { mailLocales } from '../../../server/mail/mail-locale.ts'
import { renderMail } from '../../../server/mail/render-mail.ts'
import { signatureRequestInvitationMail } from '../../../server/mail/signature-request-invitation-mail.ts'
import { signatureRequestReminderMail } from '../../../server/mail/signature-request-reminder-mail.ts'

const values = {
  sender: 'Ada <b>Lovelace</b>',
  title: 'Lease <script>',
  message: 'Sign "today"',
  link: 'http://localhost/view/1?a=1&b=2',
}

describe('signature request mails', () => {
  it.each(mailLocales)('invite and remind in %s, with the link and escaped values', (locale) => {
    for (const template of [signatureRequestInvitationMail, signatureRequestReminderMail]) {
      const mail = renderMail(template, locale, 'signer@example.com', values)
      expect(mail.subject).toContain('Lease <script>')
      expect(mail.text).toContain(values.link)
      expect(mail.text).toContain('Sign "today"')
      expect(mail.html).not.toContain('<script>')
      expect(mail.html).toContain('http://localhost/view/1?a=1&amp;b=2')
    }
  })

  it('leaves out an empty message', () => {
    const mail = renderMail(signatureRequestInvitationMail, 'en-gb', 'signer@example.com', {
      ...values,
      message: ' ',
    })
    expect(mail.text).not.toMatch(/^“.*”$/m)
  })
})
