import * as v from 'valibot'

/**
 * A seal's account name (SPEC §3 Seal name): lowercase letters, digits and dashes, 3 to 40 of them. It is
 * unique across businesses, as `POST /v3/sign` names a seal without its business.
 */
export const sealNamePattern = /^[a-z0-9-]{3,40}$/

/** A seal's account name as a path segment or a sign call's `sealAccountName`. */
export const sealNameSchema = v.pipe(
  v.string(),
  v.regex(sealNamePattern, 'Use 3 to 40 lowercase letters, digits and dashes'),
)

/** Longest seal label. */
export const maxSealLabelLength = 120

/**
 * Qualities a seal's certificate is issued at: every business gets advanced seals; a business on a pro,
 * scale or enterprise plan with a running subscription gets qualified ones.
 */
export const sealQualities = ['aes', 'qes'] as const
export type SealQuality = (typeof sealQualities)[number]

/** Largest seal image accepted (PNG or JPEG). */
export const maxSealImageBytes = 1024 * 1024

/** SPEC §3 Seal, as GET /v1/businesses/{id}/seals lists it. */
export const sealSchema = v.object({
  /** The account name (SPEC accountName). */
  name: v.string(),
  /** The label (SPEC displayName), drawn in the seal's appearance and named by its certificate. */
  label: v.string(),
  quality: v.picklist(sealQualities),
  /** The seal's image, or null; `version` changes with each new image. */
  image: v.nullable(v.object({ type: v.string(), version: v.string() })),
  /** How many API users may use it. */
  nApi: v.number(),
  /** How many people of the business may use it. */
  nMembers: v.number(),
})
export type Seal = v.InferOutput<typeof sealSchema>

/** GET /v1/businesses/{id}/seals: an admin sees every seal, a member those they may use. */
export const sealsSchema = v.object({ seals: v.array(sealSchema) })

/** Someone who may use a seal, or may be allowed to: a person of the business, or one of its API users. */
export const sealMemberSchema = v.object({
  /** The account's user id: what `members` bodies list. */
  id: v.string(),
  kind: v.picklist(['person', 'api']),
  /** A person's name (else address); an API user's username. */
  name: v.string(),
  /** A person's address; null for an API user. */
  email: v.nullable(v.string()),
})
export type SealMember = v.InferOutput<typeof sealMemberSchema>

/** What the seal's certificate says, for the admin to check. */
export const sealCertificateSchema = v.object({
  /** The subject as a distinguished name (`CN=…, O=…`). */
  subject: v.string(),
  organization: v.nullable(v.string()),
  issuer: v.string(),
  serialNumber: v.string(),
  validFrom: v.string(),
  validUntil: v.string(),
  /** Whether it is a demo certificate, not for legal use (outside production). */
  demo: v.boolean(),
})
export type SealCertificate = v.InferOutput<typeof sealCertificateSchema>

/** GET, PUT /v1/businesses/{id}/seals/{name} and the members calls: one seal in full. */
export const sealDetailSchema = v.object({
  ...sealSchema.entries,
  createdAt: v.string(),
  certificate: sealCertificateSchema,
  /** Who may use it, people first, by name. */
  members: v.array(sealMemberSchema),
  /** People and API users of the business who may be allowed and are not yet. */
  candidates: v.array(sealMemberSchema),
})
export type SealDetail = v.InferOutput<typeof sealDetailSchema>

/**
 * PUT /v1/businesses/{id}/seals/{name}: creates the seal (201; its certificate is issued) or changes its
 * label (200; the certificate is issued anew, as it names the label).
 */
export const putSealSchema = v.object({
  label: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(maxSealLabelLength)),
})
export type PutSeal = v.InferOutput<typeof putSealSchema>

/**
 * POST (allow) and DELETE (no longer allow) /v1/businesses/{id}/seals/{name}/members: user ids of people
 * and API users of the business.
 */
export const sealMembersBodySchema = v.object({
  members: v.pipe(v.array(v.pipe(v.string(), v.uuid())), v.minLength(1), v.maxLength(500)),
})
export type SealMembersBody = v.InferOutput<typeof sealMembersBodySchema>

/** Path builders of the seal calls (SPEC §7 Seals), relative to `apiBase` like `apiPaths`. */
export const sealPaths = {
  /** `GET` the business's seals. */
  seals: (businessId: string) => `/v1/businesses/${encodeURIComponent(businessId)}/seals`,
  /** `GET` one seal, `PUT` creates it or changes its label. */
  seal: (businessId: string, name: string) =>
    `/v1/businesses/${encodeURIComponent(businessId)}/seals/${encodeURIComponent(name)}`,
  /** `GET` the image, `POST` a new one (multipart `file`: PNG or JPEG up to 1 MB), `DELETE` removes it. */
  sealImage: (businessId: string, name: string) =>
    `/v1/businesses/${encodeURIComponent(businessId)}/seals/${encodeURIComponent(name)}/image`,
  /** `POST` allows, `DELETE` no longer allows the listed `members`. */
  sealMembers: (businessId: string, name: string) =>
    `/v1/businesses/${encodeURIComponent(businessId)}/seals/${encodeURIComponent(name)}/members`,
} as const
