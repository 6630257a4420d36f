import { type QueryClient, queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  putSealSchema,
  sealDetailSchema,
  sealMembersBodySchema,
  sealPaths,
  sealsSchema,
} from '../../contract/seals.ts'
import { businessKey, once } from './business.ts'
import type { ApiClient } from './client.ts'

/** Cache key of the business's seals; every seal change refreshes them. */
const sealsKey = (businessId: string) => [...businessKey(businessId), 'seals'] as const

/** GET /v1/businesses/{id}/seals: every seal for an admin, the seals they may use for a member. */
export function sealsQueryOptions(api: ApiClient, businessId: string) {
  return queryOptions({
    queryKey: [...sealsKey(businessId), 'list'],
    queryFn: async () => v.parse(sealsSchema, await api.request(sealPaths.seals(businessId))).seals,
  })
}

/** GET /v1/businesses/{id}/seals/{name}: one seal with its certificate and who may use it. */
export function sealQueryOptions(api: ApiClient, businessId: string, name: string) {
  return queryOptions({
    queryKey: [...sealsKey(businessId), 'seal', name],
    queryFn: async () => v.parse(sealDetailSchema, await api.request(sealPaths.seal(businessId, name))),
    // A seal of another business, or none, is a 404 that asking again will not change.
    retry: false,
  })
}

/**
 * GET /v1/businesses/{id}/seals/{name}/image as a blob (it needs the caller's credentials, so an `img`
 * cannot load it by its URL); keyed by the image's version.
 */
export function sealImageQueryOptions(api: ApiClient, businessId: string, name: string, version: string) {
  return queryOptions({
    queryKey: [...sealsKey(businessId), 'image', name, version],
    queryFn: () => api.request<Blob>(sealPaths.sealImage(businessId, name), { responseType: 'blob' }),
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** Marks the business's seals stale, so the screens showing them read them again. */
export function refreshSeals(queryClient: QueryClient, businessId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: sealsKey(businessId) })
}

/** PUT /v1/businesses/{id}/seals/{name}: creates the seal, or changes its label. */
export async function putSeal(api: ApiClient, businessId: string, name: string, label: string) {
  const body = v.parse(putSealSchema, { label })
  return v.parse(
    sealDetailSchema,
    await api.request(sealPaths.seal(businessId, name), { method: 'PUT', body, ...once }),
  )
}

/** POST (`allow`) or DELETE /v1/businesses/{id}/seals/{name}/members for these user ids. */
export async function changeSealMembers(
  api: ApiClient,
  businessId: string,
  name: string,
  members: readonly string[],
  allow: boolean,
) {
  const body = v.parse(sealMembersBodySchema, { members })
  const method = allow ? 'POST' : 'DELETE'
  return v.parse(
    sealDetailSchema,
    await api.request(sealPaths.sealMembers(businessId, name), { method, body, ...once }),
  )
}

/** POST /v1/businesses/{id}/seals/{name}/image: a PNG or JPEG becomes the seal's image. */
export async function uploadSealImage(api: ApiClient, businessId: string, name: string, file: File) {
  const body = new FormData()
  body.append('file', file)
  return v.parse(
    sealDetailSchema,
    await api.request(sealPaths.sealImage(businessId, name), { method: 'POST', body, ...once }),
  )
}

/** DELETE /v1/businesses/{id}/seals/{name}/image. */
export async function removeSealImage(api: ApiClient, businessId: string, name: string) {
  return v.parse(
    sealDetailSchema,
    await api.request(sealPaths.sealImage(businessId, name), { method: 'DELETE', ...once }),
  )
}
