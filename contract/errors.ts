import * as v from 'valibot'

/** Stable machine-readable error codes the API answers with; later issues add theirs here. */
export const errorCodes = [
  'route.not_found',
  'request.malformed_json',
  'request.unsupported_media_type',
  'request.invalid',
  'server.error',
  'server.unavailable',
] as const

/** One of {@link errorCodes}. */
export type ErrorCode = (typeof errorCodes)[number]

/**
 * The one shape of every error the API answers with. `field` names the first wrong input (a dot path in
 * wire case, e.g. `signers.0.email_address`); only `request.invalid` has it, and not when the body as a
 * whole is wrong.
 */
export const apiErrorSchema = v.object({
  status: v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599)),
  code: v.picklist(errorCodes),
  message: v.string(),
  path: v.string(),
  field: v.optional(v.string()),
})

/** An error answer of the API, as it is on the wire (its keys are the same in both cases). */
export type ApiErrorBody = v.InferOutput<typeof apiErrorSchema>
