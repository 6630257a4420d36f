import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  type ApiKeyScope,
  apiUserKeySchema,
  apiUserPaths,
  apiUserSchema,
  apiUsersSchema,
  createApiUserSchema,
  updateApiUserSchema,
} from '../../contract/api-users.ts'
import { businessKey, once } from './business.ts'
import type { ApiClient } from './client.ts'

/** GET /v1/businesses/{id}/apis: the business's API users. */
export function apiUsersQueryOptions(api: ApiClient, businessId: string) {
  return queryOptions({
    queryKey: [...businessKey(businessId), 'api-users'],
    queryFn: async () =>
      v.parse(apiUsersSchema, await api.request(apiUserPaths.apiUsers(businessId))).apiUsers,
  })
}

/** POST /v1/businesses/{id}/apis: a new API user; the answer holds its key, shown this once. */
export async function createApiUser(
  api: ApiClient,
  businessId: string,
  input: { username: string; description: string; scope: ApiKeyScope },
) {
  const body = v.parse(createApiUserSchema, input)
  return v.parse(
    apiUserKeySchema,
    await api.request(apiUserPaths.apiUsers(businessId), { method: 'POST', body, ...once }),
  )
}

/** PUT /v1/businesses/{id}/apis/{username}: its description, scope or embed origins. */
export async function updateApiUser(
  api: ApiClient,
  businessId: string,
  username: string,
  changes: { description?: string; scope?: ApiKeyScope; embedOrigins?: string[] },
) {
  const body = v.parse(updateApiUserSchema, changes)
  return v.parse(
    apiUserSchema,
    await api.request(apiUserPaths.apiUser(businessId, username), { method: 'PUT', body, ...once }),
  )
}

/** PUT /v1/businesses/{id}/apis/{username}/reset: a new key in the answer; the old one stops at once. */
export async function resetApiUserKey(api: ApiClient, businessId: string, username: string) {
  return v.parse(
    apiUserKeySchema,
    await api.request(apiUserPaths.resetApiUserKey(businessId, username), { method: 'PUT', ...once }),
  )
}

/** DELETE /v1/businesses/{id}/apis/{username}. */
export async function deleteApiUser(api: ApiClient, businessId: string, username: string) {
  await api.request(apiUserPaths.apiUser(businessId, username), { method: 'DELETE', ...once })
}
