/** Languages mails and the server's own pages are written in (SPEC §9 locales); en-gb is the fallback. */
export const mailLocales = ['en-gb', 'de-ch', 'fr-ch', 'it'] as const

/** One of {@link mailLocales}. */
export type MailLocale = (typeof mailLocales)[number]

/**
 * The language of a mail or a page: the first candidate (the request's `lang`, then the user's `lang` attribute)
 * whose two-letter prefix is supported, else en-gb. `de`, `de-CH` and `de_ch` all mean de-ch.
 */
export function pickMailLocale(...candidates: readonly (string | undefined)[]): MailLocale {
  for (const candidate of candidates) {
    const prefix = candidate?.trim().slice(0, 2).toLowerCase()
    const locale = mailLocales.find((l) => l.slice(0, 2) === prefix)
    if (locale !== undefined) return locale
  }
  return 'en-gb'
}
