import type { I18n, MessageDescriptor } from '@lingui/core'
import { productName } from '../../contract/app-config.ts'

/**
 * SPEC §2 page title: the route's meta title if it has one, else the last static segment of its
 * path, capitalised (dashes read as spaces); nothing for the root path.
 */
export function pageTitle(
  fullPath: string,
  metaTitle: MessageDescriptor | undefined,
  i18n: I18n,
): string | undefined {
  if (metaTitle) return i18n._(metaTitle)
  const segment = fullPath
    .split('/')
    .filter((s) => s !== '' && !s.startsWith('$'))
    .at(-1)
  if (!segment) return undefined
  const words = segment.replace(/-/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** SPEC §2 document title: `<title> - Signet`, or the product name alone. */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} - ${productName}` : productName
}
