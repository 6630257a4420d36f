import type { Currency } from '../../contract/price-plans.ts'
/** SPEC §9: the locales with catalogs; en-gb is the default and the fallback. */
export const supportedLocales = ['en-gb', 'de-ch', 'fr-ch', 'it'] as const
export type SupportedLocale = (typeof supportedLocales)[number]
export const defaultLocale: SupportedLocale = 'en-gb'

/** Each language in its own words, as the language pickers show it. */
export const localeNames: Record<SupportedLocale, string> = {
  'en-gb': 'English',
  'de-ch': 'Deutsch',
  'fr-ch': 'Français',
  it: 'Italiano',
}

/** SPEC §9: Italian has a catalog but is offered only to direct-link signers. */
export const selectableLocales: readonly SupportedLocale[] = ['en-gb', 'de-ch', 'fr-ch']

/** SPEC §9: the 42 locales the UI lists (for signer languages and formatting). */
export const uiLocales = [
  'ar',
  'bg',
  'cs',
  'da',
  'de',
  'de-AT',
  'de-CH',
  'el',
  'en',
  'en-GB',
  'en-US',
  'es',
  'et',
  'fa',
  'fi',
  'fr',
  'fr-CH',
  'ga',
  'he',
  'hr',
  'hu',
  'it',
  'it-CH',
  'ja',
  'ko',
  'lt',
  'lv',
  'mt',
  'nb',
  'nl',
  'pl',
  'pt',
  'pt-BR',
  'ro',
  'ru',
  'sk',
  'sl',
  'sr',
  'sv',
  'tr',
  'uk',
  'zh',
] as const

const rightToLeft = new Set(['ar', 'fa', 'he'])

/** Text direction of a locale: SPEC §9 names Arabic, Persian and Hebrew as right-to-left. */
export function textDirection(locale: string): 'ltr' | 'rtl' {
  return rightToLeft.has(locale.toLowerCase().split('-')[0] ?? '') ? 'rtl' : 'ltr'
}

/**
 * SPEC §5: a language code counts only by its two-letter prefix among the supported ones;
 * Italian is ignored unless the user is in a direct-sign session. Returns undefined when the
 * code does not name a usable locale, so the caller keeps the current one.
 */
export function resolveLocale(
  code: string | null | undefined,
  directSign = false,
): SupportedLocale | undefined {
  const prefix = code?.trim().toLowerCase().slice(0, 2)
  if (!prefix) return undefined
  const locale = supportedLocales.find((l) => l.startsWith(prefix))
  if (locale === 'it' && !directSign) return undefined
  return locale
}

/** SPEC §9: en-gb shows EUR, the Swiss locales CHF; Italian is offered to Swiss signers, so CHF. */
export const currencyOf: Record<SupportedLocale, 'EUR' | 'CHF'> = {
  'en-gb': 'EUR',
  'de-ch': 'CHF',
  'fr-ch': 'CHF',
  it: 'CHF',
}

/**
 * An amount in minor units (cents, Rappen) with its currency code, not a symbol (SPEC §9), e.g. `EUR 49.00`.
 * The currency is the one the amount is in (a business's billing currency), never the UI language's.
 */
export function formatMoney(minorUnits: number, locale: string, currency: Currency): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'code' }).format(
    minorUnits / 100,
  )
}

/** SPEC §9 date-time format: day numeric, month short, year numeric, hour and minute. */
const dateTimeFormat: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
}

/** A file size in the locale's words: kB below a megabyte, MB with one decimal above. */
export function formatBytes(bytes: number, locale: SupportedLocale): string {
  const megabytes = bytes >= 1_000_000
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: megabytes ? 1 : 0,
  }).format(megabytes ? bytes / 1_000_000 : Math.max(bytes / 1000, bytes > 0 ? 1 : 0))
}

// Making a formatter costs far more than using one: lists of dates reuse one per locale and time zone.
const dateTimeFormatters = new Map<string, Intl.DateTimeFormat>()

export function formatDateTime(
  date: Date | string | number,
  locale: SupportedLocale,
  timeZone?: string,
): string {
  const key = `${locale}|${timeZone ?? ''}`
  let formatter = dateTimeFormatters.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...dateTimeFormat, timeZone })
    dateTimeFormatters.set(key, formatter)
  }
  return formatter.format(new Date(date))
}
