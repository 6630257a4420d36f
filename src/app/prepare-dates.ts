import { i18n } from '@lingui/core'
import { formatDateTime, resolveLocale } from '../i18n/locales.ts'

/**
 * Builds the date formatter the screens use (in the app's language, as they ask for it) while a route's data is
 * still on its way: the browser's first date formatter costs tens of milliseconds (it loads its locale and time
 * zone data), better spent waiting for the network than inside the screen's first render. It is built in a task of
 * its own, after the one that asked for the route's data: those requests leave first, not after it.
 */
export function prepareDateFormat(): void {
  setTimeout(() => formatDateTime(0, resolveLocale(i18n.locale, true) ?? 'en-gb'))
}
