import { i18n, type Messages } from '@lingui/core'
import { type CatalogPart, partsShown } from './catalog-parts.ts'
import {
  defaultLocale,
  type SupportedLocale,
  selectableLocales,
  supportedLocales,
  textDirection,
} from './locales.ts'

type Catalog = { messages: Messages }

// Every catalog is a chunk of its own: the shared one per locale, and one per feature part and locale.
const catalogFiles = import.meta.glob<Catalog>('./**/*.po', { base: '../../locales' })

function loadCatalog(locale: SupportedLocale, part?: CatalogPart): Promise<Catalog> {
  const load = catalogFiles[`./${part === undefined ? '' : `${part}/`}${locale}.po`]
  if (load === undefined) throw new Error(`No catalog ${part ?? 'shared'}/${locale}`)
  return load()
}

// A text shown before its catalog was loaded shows as its id: say so where developers, error reports and
// the browser journeys look.
i18n.on('missing', ({ locale, id }) => console.error(`Message ${id} is missing from the ${locale} catalogs`))

/**
 * Each feature part asked for so far, with its load in the language it was asked in, under way or done: a second
 * caller waits for the same load, and a change of language loads every part again in the new one.
 */
const partLoads = new Map<CatalogPart, Promise<void>>()

/**
 * Loads the messages of feature parts, and of the shared components their screens show, in the active language;
 * the routes that show a feature call it in their loader, so its texts arrive with its screen. A part that failed
 * to load is asked for again next time.
 */
export async function loadMessages(...parts: CatalogPart[]): Promise<void> {
  await Promise.all(
    partsShown(parts).map((part) => {
      const known = partLoads.get(part)
      if (known) return known
      const locale = i18n.locale as SupportedLocale
      const load = loadCatalog(locale, part).then(
        ({ messages }) => {
          // The language may have changed meanwhile: activateLocale then loaded this part in the new one.
          if (i18n.locale === locale) i18n.load(locale, messages)
        },
        (error: unknown) => {
          partLoads.delete(part)
          throw error
        },
      )
      partLoads.set(part, load)
      return load
    }),
  )
}

const storageKey = 'locale'
const cookieName = 'lang'

/**
 * Loads the shared catalog and the parts asked for so far (and meanwhile), switches Lingui to it and updates the
 * document's lang and dir; a selectable language is kept for the next visit.
 */
export async function activateLocale(locale: SupportedLocale): Promise<void> {
  const catalogs = [loadCatalog(locale)]
  const asked = new Set<CatalogPart>()
  let more = [...partLoads.keys()]
  let loaded: Catalog[]
  // A screen that asks for its part while these load (one opened during the switch) gets it in this language too.
  do {
    for (const part of more) {
      asked.add(part)
      catalogs.push(loadCatalog(locale, part))
    }
    loaded = await Promise.all(catalogs)
    more = [...partLoads.keys()].filter((part) => !asked.has(part))
  } while (more.length > 0)
  const messages = Object.assign({}, ...loaded.map((catalog) => catalog.messages))
  i18n.loadAndActivate({ locale, messages })
  document.documentElement.lang = locale
  document.documentElement.dir = textDirection(locale)
  // Italian is for direct-sign sessions only (SPEC §5), so it is not kept for the next visit.
  if (!(selectableLocales as readonly string[]).includes(locale)) return
  localStorage.setItem(storageKey, locale)
  // The server cannot read localStorage: the cookie tells it which language's catalogs to name in the pages it
  // sends (server/http/route-preloads.ts), so they load alongside the entry.
  // biome-ignore lint/suspicious/noDocumentCookie: cookieStore is missing from the Safari and Firefox releases before 2025 that the ES2023 build serves
  document.cookie = `${cookieName}=${locale}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`
}

const pickedKey = 'localePicked'

/**
 * The language the user picks in the header: shown at once, and remembered for this tab so that signing
 * in keeps it (and saves it to the account) instead of switching to the account's.
 */
export async function pickLocale(locale: SupportedLocale): Promise<void> {
  sessionStorage.setItem(pickedKey, locale)
  await activateLocale(locale)
}

/** The language picked in this tab since the last sign-in, if any. */
export function pickedLocale(): string | null {
  return sessionStorage.getItem(pickedKey)
}

/** The language picked in this tab since the last sign-in, if any; asking forgets it. */
export function takePickedLocale(): string | null {
  const picked = pickedLocale()
  sessionStorage.removeItem(pickedKey)
  return picked
}

/** The locale to start with: the last one chosen here, else en-gb. */
export function initialLocale(): SupportedLocale {
  const stored = localStorage.getItem(storageKey)
  return (stored && supportedLocales.find((l) => l === stored)) || defaultLocale
}
