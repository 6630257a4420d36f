import { inArray } from 'drizzle-orm'
import { users } from '../db/schema.ts'
import { pickMailLocale } from '../mail/mail-locale.ts'
import { renderMail } from '../mail/render-mail.ts'
import { signedDocumentsMail } from '../mail/signed-documents-mail.ts'
import type { Queryable, RequestRow, SignatureRow } from '../signature-requests/load-requests.ts'
import type { RequestServices } from '../signature-requests/request-services.ts'

/** One signed document as it goes out attached: its title and where its signed version is stored. */
export type SignedFile = { title: string; storageKey: string }

/**
 * Mails the signed documents of a request that has just become SIGNED to its sender and every signer,
 * each in their language (their own choice, else the language of the call that signed last).
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
  const attachments = files.map((file) => ({
    filename: `${file.title.replace(/[\\/:*?"<>|\r\n]+/g, '_')}.pdf`,
    contentType: 'application/pdf',
    storageKey: file.storageKey,
  }))
  for (const [to, recipient] of recipients) {
    const mail = renderMail(signedDocumentsMail, pickMailLocale(recipient.locale, language), to, {
      title: request.title,
      ...(recipient.link === undefined ? {} : { link: recipient.link }),
    })
    await services.mail.post(tx, { ...mail, attachments })
  }
}
