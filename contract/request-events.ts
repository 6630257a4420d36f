import * as v from 'valibot'
import { identificationModes, identificationProviders } from './identification.ts'

/**
 * The identification a signer's certificate rests on, as a QTSP is told it: by which provider and method, and
 * the provider's reference of it, where its evidence is kept.
 */
const identificationEvidenceSchema = v.object({
  provider: v.picklist(identificationProviders),
  mode: v.picklist(identificationModes),
  reference: v.string(),
})

/** The identification a signer's certificate rests on (see {@link identificationEvidenceSchema}). */
export type IdentificationEvidence = v.InferOutput<typeof identificationEvidenceSchema>

/**
 * How a signer proved who they were when they signed, as the `signed` entry of the audit trail records it:
 * signed in to their account (`sign_in`), their password entered again for 21 CFR Part 11 (`password`), a TAN
 * mailed to their address (`tan`), a code of their second factor right before signing (`second_factor`: of their
 * authenticator app, `totp`, or a recovery code), a one-time password by SMS to a (masked) number (`sms_otp`), an earlier
 * identification by a provider and method (`identification`), a business vouching for them (`vouched`), or a
 * seal of a business used by an account (`seal`).
 */
export const signingVerificationSchema = v.variant('method', [
  v.object({ method: v.literal('sign_in') }),
  v.object({ method: v.literal('password') }),
  v.object({ method: v.literal('tan'), to: v.string() }),
  v.object({ method: v.literal('second_factor'), kind: v.picklist(['totp', 'recovery']) }),
  v.object({ method: v.literal('sms_otp'), to: v.string() }),
  v.object({
    method: v.literal('identification'),
    ...identificationEvidenceSchema.entries,
    // Absent from entries recorded before the reference was.
    reference: v.optional(v.string()),
  }),
  v.object({ method: v.literal('vouched'), business: v.string() }),
  v.object({ method: v.literal('seal'), seal: v.string(), usedBy: v.string() }),
])

/** One way a signer proved who they were. */
export type SigningVerification = v.InferOutput<typeof signingVerificationSchema>

/** The details of a `signed` entry that say who signed, how they were verified and under which standard. */
const signedDetailSchema = v.object({
  quality: v.picklist(['ses', 'aes', 'qes']),
  verifications: v.optional(v.array(signingVerificationSchema), []),
  /** The printed name and meaning of a signature under 21 CFR Part 11 (11.50). */
  part11: v.optional(v.object({ name: v.string(), meaning: v.string() })),
  /** The identification evidence handed to the QTSP that made the qualified signature. */
  handedToQtsp: v.optional(identificationEvidenceSchema),
})

/** The fields of a request whose change an `updated` entry records. */
export const changedRequestFields = [
  'title',
  'message',
  'quality',
  'legislation',
  'expiresAt',
  'remindEveryDays',
  'remindAtMost',
] as const

/** A field of a request that an `updated` entry may record a change of. */
export type ChangedRequestField = (typeof changedRequestFields)[number]

const changedValues = v.record(v.string(), v.nullish(v.string()))
const updatedDetailSchema = v.object({ before: changedValues, after: changedValues })

/** One change of a request's details, in the order of {@link changedRequestFields}. */
export type RequestChange = { field: ChangedRequestField; before: string | null; after: string | null }

/** What one audit trail entry says beyond its type, time and address, for a reader of the page or report. */
export type RequestEventFacts = {
  /** The signature of a `signed` entry: its quality, its Part 11 name and meaning, how the signer proved it. */
  signature?: v.InferOutput<typeof signedDetailSchema>
  /** The changes of an `updated` entry. */
  changes?: RequestChange[]
  /** The address or document title the entry is about (a signer added, a document removed). */
  about?: string
  /** The sender's message (of a reminder). */
  message?: string
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined)

/**
 * What an entry of the audit trail (`GET .../events`, the report) says, read from its details: the same facts
 * for the request page's history and the PDF report, so that both say the same. Details it does not know
 * are left out rather than shown raw.
 */
export function requestEventFacts(event: {
  type: string
  detail: Record<string, unknown>
}): RequestEventFacts {
  const { detail } = event
  const facts: RequestEventFacts = {}
  const about = text(detail.email) ?? text(detail.to) ?? text(detail.title)
  if (about !== undefined) facts.about = about
  const message = text(detail.message)
  if (message !== undefined) facts.message = message
  if (event.type === 'signed') {
    const signed = v.safeParse(signedDetailSchema, detail)
    if (signed.success) facts.signature = signed.output
  }
  if (event.type === 'updated') {
    const updated = v.safeParse(updatedDetailSchema, detail)
    if (updated.success) {
      const { before, after } = updated.output
      facts.changes = changedRequestFields
        .filter((field) => field in after)
        .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }))
    }
  }
  return facts
}
