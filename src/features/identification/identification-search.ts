import * as v from 'valibot'

const returned = v.fallback(v.optional(v.picklist(['returned'])), undefined)

/** Query of the account's flow routes: the request being signed, and `identification=returned` from the provider. */
export const accountIdentificationSearchSchema = v.object({
  signatureRequestId: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
  identification: returned,
})

/** Query of the direct-link signer's flow routes: `identification=returned` from the provider. */
export const directIdentificationSearchSchema = v.object({ identification: returned })
