import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { SignerAuthentication } from '../../../contract/signature-requests.ts'

/** How a signer proves who they are when they sign, as the sender chooses it (issue 42 §5). */
export const signerAuthenticationLabels: Record<SignerAuthentication, MessageDescriptor> = {
  tan: msg`E-mail link with TAN, or their account`,
  account_sign_in: msg`Sign-in to their account`,
  second_factor: msg`Two-step verification at signing`,
}
