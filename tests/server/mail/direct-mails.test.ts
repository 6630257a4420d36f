import { describe, expect, it } from 'vitest'
import { mailLocales } from '../../../server/mail/mail-locale.ts'
import { renderMail } from '../../../server/mail/render-mail.ts'
import { signatureRequestInvitationMail } from '../../../server/mail/signature-request-invitation-mail.ts'
import { signatureRequestReminderMail } from '../../../server/mail/signature-request-reminder-mail.ts'
import { tanMail } from '../../../server/mail/tan-mail.ts'

const request = {
  sender: 'Ada Lovelace',
  title: 'Lease <b>',
  message: '',
  link: 'http://localhost/view/r/s?token=abc',
}

describe('mails of direct-link signers', () => {
  it.each(mailLocales)(
    'mails the TAN in %s, with its lifetime, the title escaped, and not in the subject',
    (locale) => {
      const mail = renderMail(tanMail, locale, 'guest@example.com', {
        tan: '012345',
        title: 'Lease <b>',
        minutes: 10,
      })
      // The subject shows on lock screens: it names the request, never the TAN.
      expect(mail.subject).not.toContain('012345')
      expect(mail.subject).toContain('Lease <b>')
      expect(mail.text).toContain('012345')
      expect(mail.text).toContain('Lease <b>')
      expect(mail.text).toContain('10')
      expect(mail.html).not.toContain('<b>')
    },
  )

  it.each(mailLocales)(
    'tells a direct signer in %s that the link is theirs, on the invitation and the reminder',
    (locale) => {
      const invitation = renderMail(signatureRequestInvitationMail, locale, 'guest@example.com', request)
      const personal = renderMail(signatureRequestInvitationMail, locale, 'guest@example.com', {
        ...request,
        directLink: true,
      })
      expect(personal.text.length).toBeGreaterThan(invitation.text.length)
      const reminder = renderMail(signatureRequestReminderMail, locale, 'guest@example.com', request)
      const renewed = renderMail(signatureRequestReminderMail, locale, 'guest@example.com', {
        ...request,
        directLink: true,
      })
      expect(renewed.text.length).toBeGreaterThan(reminder.text.length)
      expect(renewed.text).toContain(request.link)
    },
  )

  it("tells a direct signer in English that the reminder's link is theirs alone", () => {
    const mail = renderMail(signatureRequestReminderMail, 'en-gb', 'guest@example.com', {
      ...request,
      directLink: true,
    })
    expect(mail.text).toContain('This link is yours alone')
  })
})
