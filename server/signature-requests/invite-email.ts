import {
  groupSignerAuthentication,
  type SignerAuthentication,
  type SignerInvite,
} from '../../contract/signature-requests.ts'
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

/** The key of a group's invite among a request's signers, who are otherwise keyed by address. */
export const groupKey = (groupId: string) => `group:${groupId.toLowerCase()}`

/**
 * Who a signature row is for: the address, or a signer group (issue 43), whose signature has no address until a
 * member signs and whose members sign in to their accounts.
 */
export function signerOfInvite(
  email: string,
  invite: Pick<SignerInvite, 'groupId' | 'authentication'> | undefined,
): { accountEmail: string; groupId: string | null; authentication: SignerAuthentication } {
  if (invite?.groupId === undefined) {
    return { accountEmail: email, groupId: null, authentication: invite?.authentication ?? 'tan' }
  }
  return {
    accountEmail: '',
    groupId: invite.groupId.toLowerCase(),
    authentication: groupSignerAuthentication(invite.authentication),
  }
}
