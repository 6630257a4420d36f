import type { SignerInvite } from '../../contract/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'

/**
 * The address a signer invite is for: its `account_email`, else its identity data's address (both lower
 * case). An invite giving both, differently, is 400 `request.invalid` with `field` under `prefix`.
 */
export function inviteEmail(invite: SignerInvite, prefix = ''): string {
  const other = invite.signerIdentityData?.emailAddress
  if (invite.accountEmail !== undefined && other !== undefined && other !== invite.accountEmail) {
    throw new ApiError(400, 'request.invalid', 'account_email and email_address differ', {
      field: `${prefix}signer_identity_data.email_address`,
    })
  }
  return invite.accountEmail ?? other ?? ''
}
