import type { StoredBusinessSettings } from '../db/schema/businesses.ts'
import type { MailBrand } from './render-mail.ts'

/** The brand of a business's mails: its name and its logo, if it has one; none for a sender of their own. */
export function mailBrandOf(
  business: { name: string; settings: StoredBusinessSettings } | null,
  publicUrl: string,
): MailBrand | undefined {
  if (business === null) return undefined
  const logo = business.settings.companyBranding.logo
  return { name: business.name, ...(logo === null ? {} : { logoUrl: `${publicUrl}${logo.url}` }) }
}
