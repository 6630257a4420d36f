import * as v from 'valibot'
import type { VisualSignaturePermissionKey } from './user.ts'

/** How a visual signature's image is made (SPEC §3 Visual signature). */
export const visualSignatureKinds = ['typed', 'drawn', 'uploaded'] as const
export type VisualSignatureKind = (typeof visualSignatureKinds)[number]

/** Size in pixels of a visual signature's image and preview (SPEC §3: 300 by 140). */
export const visualSignatureSize = { width: 300, height: 140 } as const

/** Largest custom image of a visual signature accepted (PNG or JPEG). */
export const maxVisualSignatureImageBytes = 1024 * 1024

/** The handwriting face a typed signature is written in, in the editor and in the PDF (OFL Dancing Script). */
export const handwritingFont = 'Dancing Script'

/** Languages the claim and date lines of a visual signature are written in. */
export const visualSignatureLanguages = ['en', 'de', 'fr', 'it'] as const

const line = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max))

/** SPEC §3 Visual signature, as the visual signature calls answer it. */
export const visualSignatureSchema = v.object({
  /** Null for a predefined one (made from the user's name, not stored). */
  id: v.nullable(v.string()),
  alias: v.string(),
  name: v.string(),
  /** SPEC optionalLine, shown as the company. */
  company: v.string(),
  location: v.string(),
  language: v.string(),
  kind: v.picklist(visualSignatureKinds),
  hasCustomImage: v.boolean(),
  displayDate: v.boolean(),
  displayClaim: v.boolean(),
  displayStandards: v.boolean(),
  displayQr: v.boolean(),
  isDefault: v.boolean(),
  /**
   * The standard the standards line names (SPEC §3 qual, leg, prov), one the user holds; null: the quality the
   * document is signed with, alone. Signing names the legislation and provider when it signs at this quality.
   */
  quality: v.optional(v.nullable(v.string()), null),
  legislation: v.optional(v.nullable(v.string()), null),
  provider: v.optional(v.nullable(v.string()), null),
  /** Changes whenever the signature changes: a cache key of its preview and image. */
  version: v.string(),
})
export type VisualSignature = v.InferOutput<typeof visualSignatureSchema>

/** GET /v1/user/visual-signatures: the user's visual signatures, the default first. */
export const visualSignaturesSchema = v.object({ visualSignatures: v.array(visualSignatureSchema) })

/** POST /v1/user/visual-signatures and PUT /v1/user/visual-signatures/{id}. */
export const visualSignatureBodySchema = v.object({
  alias: v.optional(line(80), ''),
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(120)),
  company: v.optional(line(120), ''),
  location: v.optional(line(120), ''),
  language: v.optional(v.picklist(visualSignatureLanguages), 'en'),
  /** `drawn` and `uploaded` take their image from POST /v1/images/signature/{id}. */
  kind: v.optional(v.picklist(visualSignatureKinds), 'typed'),
  displayDate: v.optional(v.boolean(), true),
  displayClaim: v.optional(v.boolean(), true),
  displayStandards: v.optional(v.boolean(), true),
  displayQr: v.optional(v.boolean(), false),
  isDefault: v.optional(v.boolean(), false),
  /** The standard the standards line names: one the user holds (400 naming the field otherwise). */
  quality: v.optional(v.nullable(v.picklist(['ses', 'aes', 'qes'])), null),
  legislation: v.optional(v.nullable(v.picklist(['eidas', 'zertes'])), null),
  provider: v.optional(v.nullable(line(40)), null),
})
export type VisualSignatureBody = v.InferInput<typeof visualSignatureBodySchema>

/** Query of GET /v1/user/preview-visual-signature, with the SPEC's short keys. */
export type VisualSignaturePreviewQuery = {
  name: string
  opt?: string
  lang?: string
  loc?: string
  qual?: string
  leg?: string
  prov?: string
  claim?: boolean
  std?: boolean
  date?: boolean
  /** SPEC displayQr: a QR code to the product's verification page. */
  qr?: boolean
  ph?: boolean
}

/** The preview's query on the wire: every short key optional, as text. */
export const visualSignaturePreviewQuerySchema = v.object({
  name: v.optional(v.string()),
  opt: v.optional(v.string()),
  lang: v.optional(v.string()),
  loc: v.optional(v.string()),
  qual: v.optional(v.string()),
  leg: v.optional(v.string()),
  prov: v.optional(v.string()),
  claim: v.optional(v.string()),
  std: v.optional(v.string()),
  date: v.optional(v.string()),
  qr: v.optional(v.string()),
  ph: v.optional(v.string()),
})

/** The body field of each permission-governed flag. */
export const visualSignaturePermissionFields = {
  claim: 'displayClaim',
  date: 'displayDate',
  std: 'displayStandards',
} as const satisfies Record<VisualSignaturePermissionKey, keyof VisualSignatureBody>

/** The query string of a preview of `signature` (SPEC short keys). */
export function previewQuery(query: VisualSignaturePreviewQuery): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue
    params.set(key, typeof value === 'boolean' ? String(value) : value)
  }
  return params.toString()
}

/** Path builders of the visual signature calls (SPEC §7 Visual signatures), relative to `apiBase`. */
export const visualSignaturePaths = {
  /** `GET` lists, `POST` creates. */
  visualSignatures: () => '/v1/user/visual-signatures',
  /** `PUT` changes, `DELETE` removes. */
  visualSignature: (id: string) => `/v1/user/visual-signatures/${encodeURIComponent(id)}`,
  /** `GET` the default visual signature (or a predefined one). */
  defaultVisualSignature: () => '/v1/user/visual-signature',
  /** `GET` a PNG preview from the short-key query; `POST` with a multipart `file` draws that image. */
  preview: (query?: VisualSignaturePreviewQuery) =>
    `/v1/user/preview-visual-signature${query ? `?${previewQuery(query)}` : ''}`,
  /** `GET` the PNG of a stored visual signature as signing draws it. */
  image: (id: string) => `/v1/user/visual-signatures/${encodeURIComponent(id)}/image`,
  /** `POST` a custom image (multipart `file`: PNG or JPEG up to 1 MB), `DELETE` removes it. */
  customImage: (id: string) => `/v1/images/signature/${encodeURIComponent(id)}`,
  /** `GET` the visual signature of a direct-link signer. */
  direct: () => '/v1/direct/visual-signature',
} as const
