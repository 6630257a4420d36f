import type { SignatureRequestView } from '../../../contract/signature-requests.ts'

/** Who a signer is, as the screens name them: the name the sender gave, else the address. */
export function signerLabel(signature: SignatureRequestView['signatures'][number]): string {
  const names = [signature.signerIdentityData?.firstName, signature.signerIdentityData?.lastName]
  // A signer group's signature nobody has signed yet is the group's.
  return names.filter(Boolean).join(' ') || signature.accountEmail || (signature.group?.name ?? '')
}
