import { describe, expect, it } from 'vitest'
import { safeRedirectTarget } from '../../../../src/features/auth/safe-redirect.ts'

describe('redirect target after signing in', () => {
  it('keeps a path of this app with its search and hash', () => {
    expect(safeRedirectTarget('/dashboard')).toBe('/dashboard')
    expect(safeRedirectTarget('/view/r-1?tab=signers#top')).toBe('/view/r-1?tab=signers#top')
    expect(safeRedirectTarget('/profile/../upload')).toBe('/upload')
  })

  it.each([
    ['another origin', 'https://evil.example/dashboard'],
    ['a protocol-relative address', '//evil.example/x'],
    ['a backslash trick', '/\\evil.example'],
    ['a tab hiding a second slash', '/\t/evil.example'],
    ['a scheme', 'javascript:alert(1)'],
    ['a relative path', 'dashboard'],
    ['an empty value', ''],
    ['something not a string', 42],
    ['nothing', undefined],
  ])('refuses %s', (_, value) => {
    expect(safeRedirectTarget(value)).toBeUndefined()
  })

  it('refuses pages that would sign out again or loop back to sign-in', () => {
    for (const path of ['/login', '/logout', '/login?redirect=/dashboard', '/expired', '/bye']) {
      expect(safeRedirectTarget(path)).toBeUndefined()
    }
  })
})
