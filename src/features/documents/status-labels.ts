import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { SignerStatus } from '../../../contract/signature-request-status.ts'

/** One signer's status in words. */
export const signerStatusLabels: Record<SignerStatus, MessageDescriptor> = {
  OPEN: msg`Waiting to sign`,
  SIGNED: msg`Signed`,
  DECLINED: msg`Declined`,
  WITHDRAWN: msg`Withdrawn`,
}

/** A signature left open on a request that expired. */
export const notSignedLabel: MessageDescriptor = msg`Not signed`
