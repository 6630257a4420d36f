import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type ErrorCodeOf, errorMessage } from '../../api/error-messages.ts'

/** The refusals of embedded signing, in the words of the signer or the API user's developer. */
const embedMessages: Record<ErrorCodeOf<'embed'>, MessageDescriptor> & Record<string, MessageDescriptor> = {
  'embed.api_user_only': msg`Only an API user of the business can ask for a signing link.`,
  'embed.signer_not_found': msg`This request has no such signer.`,
  'embed.not_direct_signer': msg`This signer has an account and signs in the app.`,
  'embed.no_origins': msg`No website may show this signing page yet. An admin of the business can allow one for the API user.`,
  'embed.origin_invalid': msg`This website may not show the signing page.`,
  'embed.unknown_link': msg`This signing link is not valid.`,
  'embed.link_expired': msg`This signing link has expired.`,
  'embed.link_used': msg`This signing link was opened already.`,
}

/** The message of an embedded signing refusal, or of any other code the page met. */
export function embedErrorMessage(code: string): MessageDescriptor {
  return embedMessages[code] ?? errorMessage(code)
}
