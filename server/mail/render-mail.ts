import { productName } from '../../contract/app-config.ts'
import type { OutgoingMail } from '../providers/mail/mail-provider.ts'
import type { MailLocale } from './mail-locale.ts'

/** The parts a mail is made of, already in one language; text and HTML are both built from them. */
type MailParts = {
  subject: string
  paragraphs: readonly string[]
  /** The one button of the mail, shown as a link in the text part. */
  action?: { label: string; url: string }
  /** Small print after the action, e.g. how long the link is valid. */
  note?: string
}

/** The business a mail is sent for: its name, and its logo (an absolute URL) heading the HTML part. */
export type MailBrand = { name: string; logoUrl?: string }

/** A mail in every language; each locale turns the template's values into {@link MailParts}. */
export type MailTemplate<Values> = Readonly<Record<MailLocale, (values: Values) => MailParts>>

/**
 * Renders `template` in `locale` for `to`: inserted values are escaped in the HTML part. A mail about a
 * business's request carries the business's `brand` at its head.
 */
export function renderMail<Values>(
  template: MailTemplate<Values>,
  locale: MailLocale,
  to: string,
  values: Values,
  brand?: MailBrand,
): Omit<OutgoingMail, 'attachments'> {
  const parts = template[locale](values)
  const textBlocks = [...parts.paragraphs]
  if (parts.action) textBlocks.push(`${parts.action.label}:\n${parts.action.url}`)
  if (parts.note) textBlocks.push(parts.note)
  textBlocks.push(`-- \n${productName}`)

  const htmlBlocks = parts.paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`)
  if (parts.action) {
    htmlBlocks.push(
      `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.url)}" style="background:#1a56db;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(parts.action.label)}</a></p>`,
      `<p style="margin:0 0 16px;font-size:13px;color:#555555">${escapeHtml(parts.action.url)}</p>`,
    )
  }
  if (parts.note)
    htmlBlocks.push(`<p style="margin:0 0 16px;font-size:13px;color:#555555">${escapeHtml(parts.note)}</p>`)
  const html = [
    '<!doctype html>',
    `<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(parts.subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">',
    `<div style="max-width:560px;margin:0 auto;padding:24px">${brandHead(brand)}`,
    ...htmlBlocks,
    '</div></body></html>',
  ].join('\n')

  return { to, subject: parts.subject, text: textBlocks.join('\n\n'), html }
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

function brandHead(brand: MailBrand | undefined): string {
  if (brand?.logoUrl !== undefined) {
    return `<p style="margin:0 0 16px"><img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}" style="max-height:48px;max-width:240px"></p>`
  }
  return `<p style="font-weight:bold;font-size:18px">${escapeHtml(brand?.name ?? productName)}</p>`
}
