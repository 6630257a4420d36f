import { businessOfAccount } from '../businesses/business-of-account.ts'
import { defaultBusinessSettings } from '../businesses/business-settings.ts'
import { mailBrandOf } from '../mail/mail-brand.ts'
import { pickMailLocale } from '../mail/mail-locale.ts'
import { renderMail } from '../mail/render-mail.ts'
import { requestParticipants } from '../mail/request-participants.ts'
import { signedDocumentsMail } from '../mail/signed-documents-mail.ts'
import type { Queryable, RequestRow } from '../signature-requests/load-requests.ts'
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
  for (const participant of await requestParticipants(tx, request)) {
    const locale = pickMailLocale(participant.language, language)
    const mail = renderMail(
      signedDocumentsMail,
      locale,
      participant.email,
      { title: request.title, ...(participant.hasAccount ? { link } : {}) },
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
