import * as v from 'valibot'

/** Qualities a signature is made with: simple, advanced, qualified. */
export const signatureQualities = ['ses', 'aes', 'qes'] as const

/** Legislations an advanced or qualified signature is issued under: eidas (EU) and zertes (Switzerland). */
export const legislations = ['eidas', 'zertes'] as const

/** One of {@link legislations}. */
export type Legislation = (typeof legislations)[number]

/** One of {@link signatureQualities}. */
export type SignatureQuality = (typeof signatureQualities)[number]

const qualityEntry = v.object({ quality: v.string() })

/** What a person's own qualities hold: ses always, aes and qes once identified. */
export const personalQualities = {
  ses: v.object({ any: qualityEntry }),
  aes: v.optional(v.object({ any: qualityEntry })),
  qes: v.optional(v.object({ eidas: v.optional(qualityEntry), zertes: v.optional(qualityEntry) })),
}

/**
 * SPEC §3 User signatureQualities (GET /v1/user): the qualities the user holds, ses always, aes and qes once
 * identified (a qualified entry's quality is `demo` outside production, where its certificates are demo
 * ones), and under `seal` the qualities of the seals of their business they may use.
 */
export const userSignatureQualitiesSchema = v.object({
  ...personalQualities,
  seal: v.optional(v.object({ aes: v.optional(qualityEntry), qes: v.optional(qualityEntry) })),
})

/** What GET /v1/user says the user holds. */
export type UserSignatureQualities = v.InferOutput<typeof userSignatureQualitiesSchema>
