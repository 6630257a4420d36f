import { describe, expect, it } from 'vitest'
import { accountExistsMail } from '../../../server/mail/account-exists-mail.ts'
import { confirmEmailMail } from '../../../server/mail/confirm-email-mail.ts'
import { mailLocales, pickMailLocale } from '../../../server/mail/mail-locale.ts'
import { passwordChangedMail } from '../../../server/mail/password-changed-mail.ts'
import { renderMail } from '../../../server/mail/render-mail.ts'
import { resetPasswordMail } from '../../../server/mail/reset-password-mail.ts'

const hostile = 'https://x.example/a?b=1&c="<script>"'

describe('mail templates', () => {
  const rendered = mailLocales.flatMap((locale) => [
    renderMail(confirmEmailMail, locale, 'a@b.ch', { link: hostile }),
    renderMail(resetPasswordMail, locale, 'a@b.ch', { link: hostile }),
    renderMail(accountExistsMail, locale, 'a@b.ch', { resetLink: hostile }),
    renderMail(passwordChangedMail, locale, 'a@b.ch', { resetLink: hostile }),
  ])

  it('renders every template in every locale, with distinct subjects', () => {
    expect(new Set(rendered.map((mail) => mail.subject)).size).toBe(rendered.length)
    for (const mail of rendered) {
      expect(mail.subject).toContain('Signet')
      expect(mail.text).toContain(hostile)
      expect(mail.html).toMatch(/^<!doctype html>/)
    }
  })

  it('escapes inserted values in the HTML part', () => {
    for (const mail of rendered) {
      expect(mail.html).not.toContain('<script>')
      expect(mail.html).toContain('href="https://x.example/a?b=1&amp;c=&quot;&lt;script&gt;&quot;"')
    }
  })

  it('picks the recipient language by prefix, else en-gb', () => {
    expect(pickMailLocale('de')).toBe('de-ch')
    expect(pickMailLocale('fr-FR')).toBe('fr-ch')
    expect(pickMailLocale(undefined, 'it')).toBe('it')
    expect(pickMailLocale('xx', 'de-ch')).toBe('de-ch')
    expect(pickMailLocale('es', undefined)).toBe('en-gb')
    expect(pickMailLocale()).toBe('en-gb')
  })
})
