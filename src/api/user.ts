import { queryOptions, useQuery } from '@tanstack/react-query'
import * as v from 'valibot'
import { accountPaths } from '../../contract/account-paths.ts'
import { attributesCase, type User, userSchema } from '../../contract/user.ts'
import type { ApiClient } from './client.ts'

/** The signed-in user (GET /v1/user); its cache key is shared by guards and screens. */
export function getUserQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['user'],
    queryFn: async (): Promise<User> =>
      v.parse(userSchema, await api.request(accountPaths.user(), { caseOptions: attributesCase })),
    staleTime: 60_000,
  })
}

/** The signed-in user, for screens under a guard that already loaded it. */
export function useUser(api: ApiClient) {
  return useQuery(getUserQueryOptions(api))
}

/** SPEC §6: whether the user accepted the general terms in their current version. */
export function hasAcceptedTerms(user: User | undefined, termsVersion: string): boolean {
  return user?.attributes.accepted_gtc?.includes(termsVersion) ?? false
}

/** The first value of a user attribute (SPEC §3: attributes are lists of strings). */
export function userAttribute(user: User | undefined, name: string): string | undefined {
  return user?.attributes[name]?.[0]
}

/** The business the user is a member of; null outside one, or while they are only invited to one. */
export function memberBusiness(user: User | undefined): NonNullable<User['business']> | null {
  return user?.business?.invitationId === null ? user.business : null
}
