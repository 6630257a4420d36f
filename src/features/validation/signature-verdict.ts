import type { ValidatedSignature } from '../../../contract/validation.ts'

/** What the validation screen says first about a signature, worst finding first. */
export type SignatureVerdict = 'damaged' | 'revoked' | 'changedAfter' | 'untrusted' | 'valid'

/** The headline verdict of one validated signature. */
export function signatureVerdict(signature: ValidatedSignature): SignatureVerdict {
  if (!signature.intact) return 'damaged'
  if (signature.revokedBeforeSigning) return 'revoked'
  if (signature.changedAfter) return 'changedAfter'
  if (!signature.trusted) return 'untrusted'
  return 'valid'
}
