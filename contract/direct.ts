import * as v from 'valibot'
import { signatureRequestStatuses, signerStatuses } from './signature-request-status.ts'

/**
 * The `Authorization` header of every direct-link call (SPEC §3 direct-sign session): Basic with the
 * signature id (the link's user id) as username and the request id as password. The link's token goes in
 * the `token` query parameter beside it (see the `direct*` entries of `apiPaths`).
 */
export function directAuthorization(signatureId: string, requestId: string): string {
  // Both are UUIDs, plain ASCII, which btoa takes as it is.
  return `Basic ${btoa(`${signatureId}:${requestId}`)}`
}

/** Attributes a direct-link signer may set with PUT /v1/direct/user (SPEC §3 user attributes). */
export const directUserAttributeNames = [
  'lang',
  'mobile',
  'visual_signature_name',
  // The personal details the ZertES identification provider needs (SPEC §2 supply eID data).
  'first_name',
  'last_name',
  'date_of_birth',
  'nationality',
] as const

const attributeValues = v.pipe(v.array(v.pipe(v.string(), v.maxLength(500))), v.maxLength(10))

/**
 * The direct-link signer as `GET /v1/direct/user` answers: `id` is their signature id, names and language come
 * from what the sender gave, `attributes` from what the signer set (`lang`: the language their page shows). Send and read it with `attributesCase`.
 */
export const directUserSchema = v.object({
  id: v.string(),
  email: v.string(),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  /** The language the sender chose for them (`signer_identity_data.language`), null when none. */
  language: v.nullable(v.string()),
  attributes: v.record(v.string(), v.array(v.string())),
})

/** A direct-link signer. */
export type DirectUser = v.InferOutput<typeof directUserSchema>

/** Body of `PUT /v1/direct/user`: attributes to set, each a list of strings; unknown names are refused. */
export const updateDirectUserSchema = v.object({
  attributes: v.record(v.picklist(directUserAttributeNames), attributeValues),
})

/** Input of {@link updateDirectUserSchema}. */
export type UpdateDirectUser = v.InferOutput<typeof updateDirectUserSchema>

/**
 * Body of `POST /v1/direct/tan/resend` (optional, SPEC §7 TAN: url, subject, company_branding). The server
 * accepts these for the caller's sake but mails only its own text, so no caller-chosen link, subject or
 * branding ever reaches the signer's mailbox.
 */
export const tanResendSchema = v.object({
  url: v.optional(v.pipe(v.string(), v.maxLength(2000))),
  subject: v.optional(v.pipe(v.string(), v.maxLength(200))),
  companyBranding: v.optional(v.unknown()),
})

/** Body of `POST /v1/direct/tan/check`: the six digits from the mail. */
export const tanCheckSchema = v.object({
  tan: v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, 'must be the 6 digits of the mail')),
})

/** Answer of a right TAN; the wrong ones are errors (`tan.invalid`, `tan.expired`, `tan.locked`). */
export const tanCheckAnswerSchema = v.object({ valid: v.literal(true) })

/** How long a mailed TAN may be entered. */
export const tanLifetimeMs = 10 * 60 * 1000

/** Shortest time between two TAN mails to one signer: a new TAN is mailed at most once a minute. */
export const tanResendIntervalMs = 60 * 1000

/** Wrong TANs after which the TAN is locked until a new one is mailed. */
export const tanMaxFailedAttempts = 5

/**
 * Answer of `GET /v3/sendto/{id}/get-internal`: the request a direct link (signature `id`) is for, shown to a
 * signed-in user before they claim it into their account.
 */
export const sendtoSummarySchema = v.object({
  signatureId: v.string(),
  signatureRequestId: v.string(),
  title: v.string(),
  senderEmail: v.string(),
  documentsCount: v.number(),
  /** The address the link was sent to. */
  signerEmail: v.string(),
  statusOverall: v.picklist(signatureRequestStatuses),
  signatureStatus: v.picklist(signerStatuses),
})

/** A direct link as a signed-in user sees it before claiming it. */
export type SendtoSummary = v.InferOutput<typeof sendtoSummarySchema>
