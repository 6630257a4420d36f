import { inArray } from 'drizzle-orm'
import { businessOfAccount } from '../businesses/business-of-account.ts'
import { defaultBusinessSettings } from '../businesses/business-settings.ts'
import { users } from '../db/schema.ts'
import { mailBrandOf } from '../mail/mail-brand.ts'
import { pickMailLocale } from '../mail/mail-locale.ts'
import { renderMail } from '../mail/render-mail.ts'
import { signedDocumentsMail } from '../mail/signed-documents-mail.ts'
import type { Queryable, RequestRow, SignatureRow } from '../signature-requests/load-requests.ts'
import { reportTexts } from '../signature-requests/report-texts.ts'
import type { RequestServices } from '../signature-requests/request-services.ts'

/** One signed document as it goes out attached: its title and where its signed version is stored. */
export type SignedFile = { title: string; storageKey: string }

/**
 * Mails the signed documents of a request that has just become SIGNED to its sender and every signer,
 * each in their language (their own choice, else the language of the call that signed last). A business's
 * request carries its brand, and the signed documents and the signature report as its settings choose.
 * Signers without an account get no link: theirs only works with the secret of their invitation.
 * Written with `tx`, the transaction that records the last signature.
 */
export async function mailSignedDocuments(
  services: RequestServices,
  tx: Queryable,
  request: RequestRow,
  rows: readonly SignatureRow[],
  files: readonly SignedFile[],
  language: string,
): Promise<void> {
  const accountIds = [request.ownerId, ...rows.flatMap((s) => (s.signerId === null ? [] : [s.signerId]))]
  const accounts = await tx
    .select({ id: users.id, email: users.email, attributes: users.attributes })
    .from(users)
    .where(inArray(users.id, accountIds))
  const link = `${services.publicUrl}/view/${request.id}`
  const recipients = new Map<string, { locale: string | undefined; link?: string }>()
  const owner = accounts.find((account) => account.id === request.ownerId)
  if (owner !== undefined) {
    recipients.set(owner.email.toLowerCase(), { locale: owner.attributes.lang?.[0], link })
  }
  for (const signature of rows) {
    if (recipients.has(signature.accountEmail)) continue
    const account = accounts.find((a) => a.id === signature.signerId)
    recipients.set(signature.accountEmail, {
      locale: signature.signerIdentityData?.language ?? account?.attributes.lang?.[0],
      ...(account === undefined ? {} : { link }),
    })
  }
  const business = await businessOfAccount(tx, request.ownerId)
  const chosen = (business?.settings ?? defaultBusinessSettings).mailService.attachments
  const fileName = (title: string) => title.replace(/[\\/:*?"<>|\r\n]+/g, '_')
  const documents = chosen.signedDocument.enabled
    ? files.map((file) => ({
        filename: `${fileName(file.title)}.pdf`,
        contentType: 'application/pdf',
        storageKey: file.storageKey,
      }))
    : []
  for (const [to, recipient] of recipients) {
    const locale = pickMailLocale(recipient.locale, language)
    const mail = renderMail(
      signedDocumentsMail,
      locale,
      to,
      {
        title: request.title,
        ...(recipient.link === undefined ? {} : { link: recipient.link }),
      },
      mailBrandOf(business, services.publicUrl),
    )
    const report = chosen.signatureProtocol.enabled
      ? [
          {
            filename: `${fileName(request.title)} - ${reportTexts[locale].heading}.pdf`,
            report: { requestId: request.id, locale },
          },
        ]
      : []
    await services.mail.post(tx, { ...mail, attachments: [...documents, ...report] })
  }
}
