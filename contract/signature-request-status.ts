import * as v from 'valibot'

/** Overall statuses of a signature request (SPEC §4, EXPIRED: issue 40), in lifecycle order. */
export const signatureRequestStatuses = [
  'DRAFT',
  'OPEN',
  'SIGNED',
  'DECLINED',
  'WITHDRAWN',
  'EXPIRED',
] as const

/** Overall status of a signature request (`status_overall` on the wire). */
export type SignatureRequestStatus = (typeof signatureRequestStatuses)[number]

/** Validates an overall status. */
export const signatureRequestStatusSchema = v.picklist(signatureRequestStatuses)

/** Statuses of one signer's signature within a request (`signature_status` on the wire). */
export const signerStatuses = ['OPEN', 'SIGNED', 'DECLINED', 'WITHDRAWN'] as const

/** Status of one signer's signature. */
export type SignerStatus = (typeof signerStatuses)[number]

/** Validates a per-signer status. */
export const signerStatusSchema = v.picklist(signerStatuses)
