import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type ErrorCodeOf, errorMessage } from '../../api/error-messages.ts'

/**
 * Why the server refused a file (issue 5: each bad input is refused with its message), and what the lifecycle's
 * refusals and the request calls' errors mean to the user.
 */
const requestMessages: Record<
  ErrorCodeOf<'document' | 'signature_request' | 'attachment'>,
  MessageDescriptor
> = {
  'document.not_pdf': msg`This file is not a PDF. Only PDF documents can be signed.`,
  'document.encrypted': msg`This PDF is protected with a password. Please upload it without the protection.`,
  'document.damaged': msg`This PDF is damaged and cannot be read. Please save it again and upload the new file.`,
  'document.empty': msg`This file is empty.`,
  'document.too_large': msg`This file is too large.`,
  'document.too_many_pages': msg`This PDF has too many pages. Please split it into smaller documents.`,
  'document.too_complex': msg`This PDF is too complex to be read safely. Please print it to a new PDF and upload that file.`,
  'document.not_found': msg`This document does not exist any more, or you may not see it. Please reload the page.`,
  'document.page_not_found': msg`This page is not in the document. Please reload the page.`,
  'signature_request.not_found': msg`This signature request does not exist, or you may not see it.`,
  'signature_request.not_draft': msg`This request has already been sent.`,
  'signature_request.not_open': msg`This request is not open any more.`,
  'signature_request.expired': msg`This request has expired.`,
  'signature_request.ended': msg`This request has ended; its signers cannot be changed.`,
  'signature_request.not_ended': msg`This request has not ended yet.`,
  'signature_request.not_a_participant': msg`You do not take part in this request.`,
  'signature_request.not_owner': msg`Only the sender of this request can do that.`,
  'signature_request.not_a_signer': msg`You are not a signer of this request.`,
  'signature_request.already_a_signer': msg`This person already signs this request.`,
  'signature_request.already_signed': msg`This has already been signed.`,
  'signature_request.signer_not_open': msg`Your signature on this request is not open any more.`,
  'signature_request.not_your_turn': msg`It is not your turn yet: the earlier signers sign first, then you get an e-mail.`,
  'signature_request.signers_locked': msg`Someone has already signed, so the signers cannot be changed.`,
  'signature_request.standard_locked': msg`Someone has already signed, so the signature standard cannot be changed.`,
  'signature_request.no_signers': msg`Add at least one signer first.`,
  'signature_request.remind_too_soon': msg`The signers were reminded less than an hour ago.`,
  'document.in_use': msg`This document belongs to a request that was sent and cannot be deleted.`,
  'document.not_signed': msg`There is no signed version of this document yet.`,
  'attachment.not_found': msg`This attachment is no longer part of the request. Please reload the page.`,
  'attachment.too_large': msg`This attachment is too large. Please attach a smaller file.`,
  'attachment.empty': msg`This attachment is empty. Please choose the file again.`,
}

/** The message for a refused upload or a refused request call; other codes get the app's messages. */
export function requestErrorMessage(code: string): MessageDescriptor {
  return requestMessages[code as keyof typeof requestMessages] ?? errorMessage(code)
}
