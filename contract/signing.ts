import * as v from 'valibot'
import { formValueSchema } from './form-fields.ts'
import { pageBoxSchema } from './signature-fields.ts'
import { personalQualities, signatureQualities } from './signature-qualities.ts'
import { signatureRequestStatuses } from './signature-request-status.ts'

/**
 * What the sign call answers per request (SPEC §7 POST /v3/sign), the same list as the signing
 * machine's `SignResultCode`: each is routed to its overlay.
 */
export const signResultCodes = [
  'complete',
  'tan_required',
  'tan_invalid',
  'tan_expired',
  'tan_locked',
  'locked',
  'exhausted',
  'serial_mismatch',
  'mobile_aes',
  'part11_required',
  'part11_invalid',
  'identification_required',
] as const

/**
 * Where the visible signature goes on one document in a sign call: a box of `pageBoxSchema` whose parts
 * may be left out. The page defaults to the last; without x and y the signer's field is taken when it is on
 * that page; the width defaults to 300 and the height to the SPEC §9 proportions (`placedBox`).
 */
export const documentSignatureSchema = v.pipe(
  v.object({
    documentId: v.pipe(v.string(), v.uuid()),
    ...v.partial(pageBoxSchema).entries,
  }),
  v.check((d) => (d.x === undefined) === (d.y === undefined), 'x and y go together'),
)

/** Where the visible signature goes on one document. */
export type DocumentSignature = v.InferOutput<typeof documentSignatureSchema>

/** One request to sign, with the signing name and reason of SPEC §3 Signing payload. */
export const signRequestItemSchema = v.object({
  signatureRequestId: v.string(),
  /** The name written into the signature; default: the signer's name, else their address. */
  signingName: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))),
  signingReason: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500))),
  documentSignatures: v.optional(v.pipe(v.array(documentSignatureSchema), v.maxLength(50))),
  /** The signer's values of their fields besides the signature; a date left out is the signing date. */
  formValues: v.optional(v.pipe(v.array(formValueSchema), v.maxLength(1000))),
})

/** One request of a sign call. */
export type SignRequestItem = v.InferOutput<typeof signRequestItemSchema>

/**
 * A signer's Part 11 confirmation (see {@link signBodySchema}): an account's password, or for a direct-link
 * signer none (the TAN of the same sign call confirms it), with the printed name and meaning.
 */
export const part11ConfirmationSchema = v.object({
  password: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(1024))),
  signingName: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
  signingReason: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
})
export type Part11Confirmation = v.InferOutput<typeof part11ConfirmationSchema>

/** Body of `POST /v3/sign` and `POST /v3/direct/sign`. */
export const signBodySchema = v.object({
  signatureRequests: v.pipe(v.array(signRequestItemSchema), v.minLength(1), v.maxLength(50)),
  /** Language of the mails the signing sends. */
  language: v.pipe(v.string(), v.maxLength(20)),
  /** The TAN of a direct-link signer's simple signature. */
  tan: v.optional(v.pipe(v.string(), v.maxLength(20))),
  /**
   * A code of the signer's second factor (their authenticator app, or a recovery code), which a request whose
   * sender asks for one at signing needs (issue 42 §5; without: 403 `signing.second_factor_required`).
   */
  secondFactorCode: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(40))),
  /** Seal with this seal of the caller's business (contract/seals.ts) instead of signing in one's own name. */
  sealAccountName: v.optional(v.pipe(v.string(), v.maxLength(40))),
  /**
   * The signer's 21 CFR Part 11 confirmation, which a request of a business that signs under Part 11 asks
   * for (`part11_required`): their password again (a direct-link signer: the TAN of this call), and the
   * printed name and meaning of the signature.
   */
  part11: v.optional(part11ConfirmationSchema),
})

/** A sign call's body. */
export type SignBody = v.InferOutput<typeof signBodySchema>

/** What happened to one request of a sign call, and its overall status afterwards. */
export const signResultSchema = v.object({
  signatureRequestId: v.string(),
  result: v.picklist(signResultCodes),
  statusOverall: v.picklist(signatureRequestStatuses),
  /** With `tan_invalid`: how many more wrong TANs the signer may enter before it locks. */
  tanTriesLeft: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /**
   * With `mobile_aes`: the mobile signing waiting for the signer's one-time password
   * (contract/mobile-signing.ts), the provider named in its proceed path and the masked number the SMS went to.
   */
  mobileSigningId: v.optional(v.string()),
  mobileProvider: v.optional(v.string()),
  maskedMobile: v.optional(v.string()),
})

/** Answer of the sign call: one result per listed request, in the order they were listed. */
export const signAnswerSchema = v.object({ results: v.array(signResultSchema) })

/** A sign call's answer. */
export type SignAnswer = v.InferOutput<typeof signAnswerSchema>

/**
 * `GET /v3/user/signature-qualities-detail`: the qualities the user may sign with, in the shape of SPEC
 * §3 (ses always; aes and qes once identified), and the one their next signature is made with.
 */
export const signatureQualitiesDetailSchema = v.object({
  ...personalQualities,
  /** The quality the user's next signature is made with. */
  signingQuality: v.picklist(signatureQualities),
})

/** The user's signature qualities. */
export type SignatureQualitiesDetail = v.InferOutput<typeof signatureQualitiesDetailSchema>

/**
 * Query of `GET /v3/user/signature-qualities-detail`: with a request about to be signed, the answer counts in
 * what that request allows beyond the user's own record (aes when its business vouches for them, AES for
 * business).
 */
export const signatureQualitiesQuerySchema = v.object({
  signature_request_id: v.optional(v.pipe(v.string(), v.maxLength(100))),
})
