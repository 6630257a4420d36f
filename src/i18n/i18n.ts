import { i18n, type Messages } from '@lingui/core'
import { defaultLocale, type SupportedLocale, selectableLocales, textDirection } from './locales.ts'

const catalogs: Record<SupportedLocale, () => Promise<{ messages: Messages }>> = {
  'en-gb': () => import('../../locales/en-gb.po'),
  'de-ch': () => import('../../locales/de-ch.po'),
  'fr-ch': () => import('../../locales/fr-ch.po'),
  it: () => import('../../locales/it.po'),
}

const storageKey = 'locale'

/** Loads a catalog, switches Lingui to it and updates the document's lang and dir. */
export async function activateLocale(locale: SupportedLocale): Promise<void> {
  const { messages } = await catalogs[locale]()
  i18n.loadAndActivate({ locale, messages })
  document.documentElement.lang = locale
  document.documentElement.dir = textDirection(locale)
  // Italian is for direct-sign sessions only (SPEC §5), so it is not kept for the next visit.
  if ((selectableLocales as readonly string[]).includes(locale)) localStorage.setItem(storageKey, locale)
}

/** The locale to start with: the last one chosen here, else en-gb. */
export function initialLocale(): SupportedLocale {
  const stored = localStorage.getItem(storageKey)
  return (stored && (Object.keys(catalogs) as SupportedLocale[]).find((l) => l === stored)) || defaultLocale
}
