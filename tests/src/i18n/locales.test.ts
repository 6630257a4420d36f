import { describe, expect, it } from 'vitest'
import { countryList } from '../../../src/i18n/countries.ts'
import {
  currencyOf,
  defaultLocale,
  formatDateTime,
  formatMoney,
  resolveLocale,
  textDirection,
  uiLocales,
} from '../../../src/i18n/locales.ts'
import { platformRegion } from '../../../src/i18n/region.ts'

describe('SPEC §9 locales', () => {
  it('en-gb is the default', () => expect(defaultLocale).toBe('en-gb'))
  it('lists 42 UI locales, Arabic, Persian and Hebrew right-to-left', () => {
    expect(uiLocales).toHaveLength(42)
    expect(new Set(uiLocales).size).toBe(42)
    expect(uiLocales.filter((l) => textDirection(l) === 'rtl')).toEqual(['ar', 'fa', 'he'])
  })
  it('SPEC §5: a language counts by its two-letter prefix; Italian only in a direct-sign session', () => {
    expect(resolveLocale('de')).toBe('de-ch')
    expect(resolveLocale('FR-fr')).toBe('fr-ch')
    expect(resolveLocale('en-US')).toBe('en-gb')
    expect(resolveLocale('it')).toBeUndefined()
    expect(resolveLocale('it', true)).toBe('it')
    expect(resolveLocale('es')).toBeUndefined()
    expect(resolveLocale('')).toBeUndefined()
  })
  it('SPEC §9: en-gb uses EUR, de-ch and fr-ch CHF, shown as the code', () => {
    expect(currencyOf['en-gb']).toBe('EUR')
    expect(currencyOf['de-ch']).toBe('CHF')
    expect(currencyOf['fr-ch']).toBe('CHF')
    expect(formatMoney(1250, 'de-ch', 'CHF')).toMatch(/^CHF\s12\.50$/)
    expect(formatMoney(4900, 'en-gb', 'EUR')).toMatch(/^EUR\s49\.00$/)
    // The amount's currency, whatever the language: a business paying in EUR sees EUR in German.
    expect(formatMoney(25000, 'de-ch', 'EUR')).toMatch(/^EUR\s250\.00$/)
  })
  it('SPEC §9: date-time shows day, short month, year, hour and minute', () => {
    expect(formatDateTime('2026-03-05T14:07:00Z', 'en-gb', 'UTC')).toBe('5 Mar 2026, 14:07')
  })
})

describe('SPEC §1/§9 region and countries', () => {
  it('EU when the domain ends in .de or .eu, otherwise CH', () => {
    expect(platformRegion('app.signet.de')).toBe('EU')
    expect(platformRegion('app.signet.eu')).toBe('EU')
    expect(platformRegion('app.signet.ch')).toBe('CH')
    expect(platformRegion('localhost')).toBe('CH')
    expect(platformRegion('deutsche.com')).toBe('CH')
  })
  it('puts CH, DE, FR, AT first, DE first on the EU platform, the rest in alphabetical order', () => {
    const ch = countryList('en-gb', 'CH')
    expect(ch.slice(0, 4).map((c) => c.code)).toEqual(['CH', 'DE', 'FR', 'AT'])
    expect(
      countryList('en-gb', 'EU')
        .slice(0, 4)
        .map((c) => c.code),
    ).toEqual(['DE', 'CH', 'FR', 'AT'])
    expect(ch[0]?.name).toBe('Switzerland')
    expect(countryList('de-ch', 'CH')[0]?.name).toBe('Schweiz')
    const rest = ch.slice(4).map((c) => c.name)
    expect(rest).toEqual([...rest].sort(new Intl.Collator('en-gb').compare))
    expect(ch.length).toBeGreaterThan(240)
  })
})
