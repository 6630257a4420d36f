import { type QueryClient, queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  visualSignaturePaths as paths,
  type VisualSignatureBody,
  type VisualSignaturePreviewQuery,
  visualSignatureBodySchema,
  visualSignatureSchema,
  visualSignaturesSchema,
} from '../../contract/visual-signatures.ts'
import { type ApiClient, ApiError } from './client.ts'

const once = { retries: 0 } as const

/** Cache key of the user's visual signatures; every change refreshes them. */
const visualSignaturesKey = ['visual-signatures'] as const

/** GET /v1/user/visual-signatures: the user's visual signatures, the default first. */
export function visualSignaturesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...visualSignaturesKey, 'list'],
    queryFn: async () =>
      v.parse(visualSignaturesSchema, await api.request(paths.visualSignatures())).visualSignatures,
  })
}

/** GET the PNG of a stored visual signature as a blob (it needs the caller's credentials); keyed by version. */
export function visualSignatureImageQueryOptions(api: ApiClient, id: string, version: string) {
  return queryOptions({
    queryKey: [...visualSignaturesKey, 'image', id, version],
    queryFn: () => api.request<Blob>(paths.image(id), { responseType: 'blob' }),
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** GET (or POST with `image`) /v1/user/preview-visual-signature: the PNG of a visual signature being edited. */
export function previewVisualSignature(
  api: ApiClient,
  query: VisualSignaturePreviewQuery,
  image?: Blob,
): Promise<Blob> {
  if (image === undefined) return api.request<Blob>(paths.preview(query), { responseType: 'blob' })
  const body = new FormData()
  body.append('file', image, 'signature.png')
  return api
    .request<Blob>(paths.preview(query), { method: 'POST', body, responseType: 'blob', ...once })
    .catch((error: unknown) => {
      // A refusal of a blob call comes without its JSON code; its status says which refusal it is.
      if (error instanceof ApiError && [413, 415, 422].includes(error.status)) {
        throw new ApiError(error.status, 'visual_signature.image_invalid', error.message, 'file')
      }
      throw error
    })
}

/** Marks the visual signatures stale, so the screen reads them again. */
export function refreshVisualSignatures(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: visualSignaturesKey })
}

/** POST a new visual signature, or PUT the changes of `id`. */
export async function saveVisualSignature(api: ApiClient, id: string | null, values: VisualSignatureBody) {
  const body = v.parse(visualSignatureBodySchema, values)
  const path = id === null ? paths.visualSignatures() : paths.visualSignature(id)
  return v.parse(
    visualSignatureSchema,
    await api.request(path, { method: id === null ? 'POST' : 'PUT', body, ...once }),
  )
}

/** POST /v1/images/signature/{id}: a drawn or uploaded image becomes the visual signature's image. */
export async function uploadVisualSignatureImage(api: ApiClient, id: string, image: Blob) {
  const body = new FormData()
  body.append('file', image, 'signature.png')
  return v.parse(
    visualSignatureSchema,
    await api.request(paths.customImage(id), { method: 'POST', body, ...once }),
  )
}

/** DELETE /v1/user/visual-signatures/{id}. */
export async function deleteVisualSignature(api: ApiClient, id: string) {
  return v.parse(
    visualSignaturesSchema,
    await api.request(paths.visualSignature(id), { method: 'DELETE', ...once }),
  )
}
