import * as v from 'valibot'

/** Size of one page in PDF points (1/72 inch), as displayed. */
export const pageSizeSchema = v.object({ width: v.number(), height: v.number() })

/** A stored document as `GET /v3/documents/{id}` and the upload answer it (camelCase in code). */
export const documentSchema = v.object({
  id: v.string(),
  title: v.string(),
  sha256: v.string(),
  size: v.number(),
  contentType: v.string(),
  pageCount: v.number(),
  pageSizes: v.array(pageSizeSchema),
  /** The latest signed version's SHA-256 in the request it is answered with; null before anyone signed. */
  signedSha256: v.nullable(v.string()),
  createdAt: v.string(),
})

/** A document's metadata. */
export type DocumentInfo = v.InferOutput<typeof documentSchema>

/** Page image scale: 100 is full size (96 dpi), 20 a thumbnail (SPEC §9 default 100). */
export const defaultPageScale = 100

/** The thumbnail scale the viewer asks for. */
export const thumbnailPageScale = 20
