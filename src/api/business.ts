import { type QueryClient, queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  type Aes4Biz,
  aes4bizSchema,
  type BillingAddress,
  type BusinessSettings,
  billingAddressSchema,
  businessInvitationsSchema,
  businessPaths,
  businessPeopleSchema,
  businessSchema,
  businessSettingsSchema,
  businessStatisticsSchema,
  type CreateBusiness,
  createBusinessSchema,
  domainsSchema,
  retentionPreviewSchema,
  updateAes4bizSchema,
  updateBusinessSettingsSchema,
} from '../../contract/businesses.ts'
import type { retentionTerminalStates } from '../../contract/retention.ts'
import type { ApiClient } from './client.ts'

// Business changes are answered 409 when refused (the last admin); retrying would only be refused again.
export const once = { retries: 0 } as const

/** Cache keys of one business's answers; every change refreshes them all. */
export const businessKey = (id: string) => ['business', id] as const

/** GET /v1/businesses/{id}: the business as the caller may see it. */
export function businessQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: [...businessKey(id), 'business'],
    queryFn: async () => v.parse(businessSchema, await api.request(businessPaths.business(id))),
    staleTime: 30_000,
  })
}

/** GET /v1/businesses/{id}/members: everyone in it, admins included. */
export function businessMembersQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: [...businessKey(id), 'members'],
    queryFn: async () =>
      v.parse(businessPeopleSchema, await api.request(businessPaths.businessMembers(id))).people,
  })
}

/** GET /v2/businesses/{id}/invitations. */
export function businessInvitationsQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: [...businessKey(id), 'invitations'],
    queryFn: async () =>
      v.parse(businessInvitationsSchema, await api.request(businessPaths.businessInvitations(id)))
        .invitations,
  })
}

/** GET /v2/businesses/{id}/statistics. */
export function businessStatisticsQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: [...businessKey(id), 'statistics'],
    queryFn: async () =>
      v.parse(businessStatisticsSchema, await api.request(businessPaths.businessStatistics(id))),
  })
}

/** GET /v1/businesses/{id}/settings. */
export function businessSettingsQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: [...businessKey(id), 'settings'],
    queryFn: async () =>
      v.parse(businessSettingsSchema, await api.request(businessPaths.businessSettings(id))),
  })
}

/** GET /v1/businesses/{id}/settings/retention: what turning retention on with `terminalState` deletes now. */
export function retentionPreviewQueryOptions(
  api: ApiClient,
  id: string,
  terminalState: (typeof retentionTerminalStates)[number],
) {
  return queryOptions({
    queryKey: [...businessKey(id), 'retention-preview', terminalState],
    queryFn: async () =>
      v.parse(
        retentionPreviewSchema,
        await api.request(businessPaths.retentionPreview(id), { query: { terminal_state: terminalState } }),
      ),
  })
}

/** Marks every answer about business `id` stale, so the screens showing them read them again. */
export function refreshBusiness(queryClient: QueryClient, id: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: businessKey(id) })
}

/** POST /v2/businesses: opens a business with the caller as its first admin. */
export async function createBusiness(api: ApiClient, input: v.InferInput<typeof createBusinessSchema>) {
  const body: CreateBusiness = v.parse(createBusinessSchema, input)
  return v.parse(
    businessSchema,
    await api.request(businessPaths.businesses(), { method: 'POST', body, ...once }),
  )
}

/** PUT /v2/businesses/{id}/billing: the billing address. */
export async function updateBillingAddress(api: ApiClient, id: string, address: BillingAddress) {
  const body = v.parse(billingAddressSchema, address)
  return v.parse(
    businessSchema,
    await api.request(businessPaths.businessBilling(id), { method: 'PUT', body }),
  )
}

/** PUT /v1/businesses/{id}/settings. */
export async function updateBusinessSettings(api: ApiClient, id: string, settings: BusinessSettings) {
  const body = v.parse(updateBusinessSettingsSchema, settings)
  return v.parse(
    businessSettingsSchema,
    await api.request(businessPaths.businessSettings(id), { method: 'PUT', body }),
  )
}

/** POST /v1/businesses/{id}/members: invites (or invites again) the addresses. */
export async function inviteMembers(api: ApiClient, id: string, users: readonly string[]) {
  await api.request(businessPaths.businessMembers(id), { method: 'POST', body: { users }, ...once })
}

/** DELETE /v1/businesses/{id}/invitations/{inviteId}: revoked by an admin, or declined by the invitee. */
export async function deleteInvitation(api: ApiClient, id: string, inviteId: string) {
  await api.request(businessPaths.businessInvitation(id, inviteId), { method: 'DELETE', ...once })
}

/** The changes an admin makes to a selection of people. */
export type MembersChange = 'changeToAdmins' | 'changeToMembers' | 'removeMembers'

/** POST .../change-to-admins, .../change-to-members or .../remove-members for `userIds`. */
export async function changeMembers(
  api: ApiClient,
  id: string,
  change: MembersChange,
  userIds: readonly string[],
) {
  await api.request(businessPaths[change](id), { method: 'POST', body: { userIds }, ...once })
}

/** POST .../domains or DELETE .../domains: answers the business's domains. */
export async function changeDomain(api: ApiClient, id: string, method: 'POST' | 'DELETE', domain: string) {
  const answer = await api.request(businessPaths.businessDomains(id), { method, body: { domain }, ...once })
  return v.parse(domainsSchema, answer).domains
}

/** DELETE /v2/businesses/{id} schedules the deletion; POST .../revoke_delete takes it back. */
export async function scheduleDeletion(api: ApiClient, id: string, revoke: boolean) {
  const path = revoke ? businessPaths.revokeBusinessDeletion(id) : businessPaths.deleteBusiness(id)
  return v.parse(businessSchema, await api.request(path, { method: revoke ? 'POST' : 'DELETE', ...once }))
}

/** POST /v1/businesses/{id}/settings/logo: a PNG, JPEG or SVG becomes the logo; answers the settings. */
export async function uploadLogo(api: ApiClient, id: string, file: File) {
  const body = new FormData()
  body.append('file', file)
  const answer = await api.request(businessPaths.businessSettingsLogo(id), { method: 'POST', body, ...once })
  return v.parse(businessSettingsSchema, answer)
}

/** DELETE /v1/businesses/{id}/settings/logo; answers the settings. */
export async function removeLogo(api: ApiClient, id: string) {
  const answer = await api.request(businessPaths.businessSettingsLogo(id), { method: 'DELETE', ...once })
  return v.parse(businessSettingsSchema, answer)
}

/** GET /v1/businesses/{id}/aes4biz: AES for business, whom the business vouches for. */
export function aes4bizQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: [...businessKey(id), 'aes4biz'],
    queryFn: async () => v.parse(aes4bizSchema, await api.request(businessPaths.businessAes4biz(id))),
  })
}

/** PUT /v1/businesses/{id}/aes4biz; answers what the server kept. */
export async function updateAes4biz(api: ApiClient, id: string, aes4biz: Aes4Biz) {
  const body = v.parse(updateAes4bizSchema, aes4biz)
  return v.parse(aes4bizSchema, await api.request(businessPaths.businessAes4biz(id), { method: 'PUT', body }))
}
