import { describe, expect, it } from 'vitest'
import { ExternalNavigationError, resolveNavigation } from '../../../src/lib/navigation.ts'

const origin = 'https://app.signet.example'

describe('SPEC §2: navigation to an external URL is refused unless marked external', () => {
  it('allows paths and same-origin URLs', () => {
    expect(resolveNavigation('/dashboard', origin)).toBe(`${origin}/dashboard`)
    expect(resolveNavigation(`${origin}/view/1`, origin)).toBe(`${origin}/view/1`)
  })
  it('refuses another origin that is not marked external', () => {
    expect(() => resolveNavigation('https://evil.example/x', origin)).toThrow(ExternalNavigationError)
    expect(() => resolveNavigation('//evil.example/x', origin)).toThrow(ExternalNavigationError)
  })
  it('allows another origin marked external', () => {
    expect(resolveNavigation('https://partner.example/done', origin, { external: true })).toBe(
      'https://partner.example/done',
    )
  })
  it('never allows script URLs, even marked external', () => {
    expect(() => resolveNavigation('javascript:alert(1)', origin, { external: true })).toThrow(
      ExternalNavigationError,
    )
  })
})
