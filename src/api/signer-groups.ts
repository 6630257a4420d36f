import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { businessPaths, signerGroupSchema, signerGroupsSchema } from '../../contract/businesses.ts'
import { businessKey, once } from './business.ts'
import type { ApiClient } from './client.ts'

/** GET /v1/businesses/{id}/groups: the business's signer groups by name, with their members. */
export function signerGroupsQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: [...businessKey(id), 'groups'],
    queryFn: async () =>
      v.parse(signerGroupsSchema, await api.request(businessPaths.signerGroups(id))).groups,
  })
}

/** POST /v1/businesses/{id}/groups: a new group without members. */
export async function createSignerGroup(api: ApiClient, id: string, name: string) {
  return v.parse(
    signerGroupSchema,
    await api.request(businessPaths.signerGroups(id), { method: 'POST', body: { name }, ...once }),
  )
}

/** PUT /v1/businesses/{id}/groups/{groupId}: a new name. */
export async function renameSignerGroup(api: ApiClient, id: string, groupId: string, name: string) {
  return v.parse(
    signerGroupSchema,
    await api.request(businessPaths.signerGroup(id, groupId), { method: 'PUT', body: { name }, ...once }),
  )
}

/** DELETE /v1/businesses/{id}/groups/{groupId}. */
export async function deleteSignerGroup(api: ApiClient, id: string, groupId: string) {
  await api.request(businessPaths.signerGroup(id, groupId), { method: 'DELETE', ...once })
}

/** POST /v1/businesses/{id}/groups/{groupId}/members: a member of the business joins the group. */
export async function addSignerGroupMember(api: ApiClient, id: string, groupId: string, userId: string) {
  await api.request(businessPaths.signerGroupMembers(id, groupId), {
    method: 'POST',
    body: { userId },
    ...once,
  })
}

/** DELETE /v1/businesses/{id}/groups/{groupId}/members/{userId}. */
export async function removeSignerGroupMember(api: ApiClient, id: string, groupId: string, userId: string) {
  await api.request(businessPaths.signerGroupMember(id, groupId, userId), { method: 'DELETE', ...once })
}
