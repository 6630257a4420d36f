import { i18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { documentTitle, pageTitle } from '../../../src/app/page-title.ts'

i18n.loadAndActivate({ locale: 'en-gb', messages: {} })

describe('SPEC §2: page title', () => {
  it('uses the route meta title when there is one', () => {
    expect(pageTitle('/profile', { id: 'x', message: 'Your profile' }, i18n)).toBe('Your profile')
  })
  it('else takes the last static segment, capitalised', () => {
    expect(pageTitle('/business/seals/$accountname', undefined, i18n)).toBe('Seals')
    expect(pageTitle('/profile/change-password', undefined, i18n)).toBe('Change password')
    expect(pageTitle('/', undefined, i18n)).toBeUndefined()
  })
  it('reads "<title> - Signet", or the product alone', () => {
    expect(documentTitle('Seals')).toBe('Seals - Signet')
    expect(documentTitle(undefined)).toBe('Signet')
  })
})
