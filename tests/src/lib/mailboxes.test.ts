import { describe, expect, it } from 'vitest'
import { mailboxAddress, mailboxHref } from '../../../src/lib/mailboxes.ts'

describe('SPEC §9: three role-based mailboxes on the product domain', () => {
  it('names support, billing and sales at the host the app is served from', () => {
    expect(
      ['support', 'billing', 'sales'].map((box) => mailboxAddress(box as never, 'sign.example.ch')),
    ).toEqual(['support@sign.example.ch', 'billing@sign.example.ch', 'sales@sign.example.ch'])
  })
  it('writes a mailto link with the subject encoded', () => {
    expect(mailboxHref('billing', 'Invoice 2026-001 & more', 'sign.example.ch')).toBe(
      'mailto:billing@sign.example.ch?subject=Invoice%202026-001%20%26%20more',
    )
    expect(mailboxHref('sales', undefined, 'sign.example.ch')).toBe('mailto:sales@sign.example.ch')
  })
})
