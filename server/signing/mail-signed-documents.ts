import { eq } from 'drizzle-orm'
import { businessOfAccount } from '../businesses/business-of-account.ts'
import { defaultBusinessSettings } from '../businesses/business-settings.ts'
import { signatureRequestObservers } from '../db/schema/signature-requests.ts'
import { mailBrandOf } from '../mail/mail-brand.ts'
import { pickMailLocale } from '../mail/mail-locale.ts'
import { renderMail } from '../mail/render-mail.ts'
import { requestParticipants } from '../mail/request-participants.ts'
import { signedDocumentsMail } from '../mail/signed-documents-mail.ts'
import type { Queryable, RequestRow } from '../signature-requests/load-requests.ts'
import { issueReadLink } from '../signature-requests/observer-read-link.ts'
import { reportTexts } from '../signature-requests/report-texts.ts'
import type { RequestServices } from '../signature-requests/request-services.ts'
import { observeAsGroupMembers } from '../signature-requests/set-observers.ts'

/** One signed document as it goes out attached: its title and where its signed version is stored. */
export type SignedFile = { title: string; storageKey: string }

/**
 * Mails the signed documents of a request that has just become SIGNED to its sender, every signer and its
 * observers, each in their language (their own choice, else the language of the call that signed last). A
 * business's request carries its brand, and the signed documents and the signature report as its settings
 * choose. Signers without an account get no link: theirs only works with the secret of their invitation. An
 * observer gets a read-only link of their own (see issueReadLink).
 * Written with `tx`, the transaction that records the last signature.
 */
export async function mailSignedDocuments(
  services: RequestServices,
  tx: Queryable,
  request: RequestRow,
  files: readonly SignedFile[],
  language: string,
): Promise<void> {
  const link = `${services.publicUrl}/view/${request.id}`
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
  const participants = await requestParticipants(tx, request)
  await observeAsGroupMembers(tx, request.id)
  const observers = await tx
    .select()
    .from(signatureRequestObservers)
    .where(eq(signatureRequestObservers.requestId, request.id))
  const recipients = [
    ...participants.map((participant) => ({
      email: participant.email,
      language: participant.language,
      link: participant.hasAccount ? link : undefined,
    })),
    ...observers
      .filter((observer) => !participants.some((participant) => participant.email === observer.email))
      .map((observer) => ({ email: observer.email, language: undefined, observer })),
  ]
  for (const recipient of recipients) {
    const locale = pickMailLocale(recipient.language, language)
    const readLink =
      'observer' in recipient
        ? await issueReadLink(tx, services.publicUrl, recipient.observer)
        : recipient.link
    const mail = renderMail(
      signedDocumentsMail,
      locale,
      recipient.email,
      { title: request.title, ...(readLink === undefined ? {} : { link: readLink }) },
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
