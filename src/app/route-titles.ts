import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** Translations of the title ids routes declare in their access (machines/route-access/route-access.ts). */
export const routeTitles: Record<string, MessageDescriptor> = {
  'route.not_found': msg`Page Not Found`,
  'route.sso_error': msg`Single sign-on error`,
  'route.sso_callback': msg`Signing you in`,
  'route.validate': msg`Validate a signed PDF`,
}

/** Translations of the messages route access gives with a redirect (SPEC §6). */
export const accessMessages: Record<string, MessageDescriptor> = {
  'business.not_allowed': msg`Only the admins of your business can open that page.`,
}
