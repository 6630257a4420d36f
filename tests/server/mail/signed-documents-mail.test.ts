import { describe, expect, it } from 'vitest'
import { mailLocales } from '../../../server/mail/mail-locale.ts'
import { renderMail } from '../../../server/mail/render-mail.ts'
import { signedDocumentsMail } from '../../../server/mail/signed-documents-mail.ts'

describe('signed documents mail', () => {
  it('says in every language that the request is signed, with a link only when there is one', () => {
    const withLink = mailLocales.map((locale) =>
      renderMail(signedDocumentsMail, locale, 'a@b.ch', {
        title: 'Lease <1>',
        link: 'https://x.example/view/1',
      }),
    )
    expect(new Set(withLink.map((mail) => mail.subject)).size).toBe(mailLocales.length)
    for (const mail of withLink) {
      expect(mail.subject).toContain('Lease <1>')
      expect(mail.text).toContain('https://x.example/view/1')
      expect(mail.html).toContain('Lease &lt;1&gt;')
    }
    const withoutLink = renderMail(signedDocumentsMail, 'it', 'a@b.ch', { title: 'Lease' })
    expect(withoutLink.text).not.toContain('http')
    expect(withoutLink.html).not.toContain('href=')
  })
})
