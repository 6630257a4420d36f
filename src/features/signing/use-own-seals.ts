import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import type { Seal } from '../../../contract/seals.ts'
import { sealsQueryOptions } from '../../api/seals.ts'
import { getUserQueryOptions, memberBusiness } from '../../api/user.ts'

const none: readonly Seal[] = []

/**
 * The seals the signed-in account may seal with: those of the business they belong to (none outside one, or
 * while only invited). An account's page asks for them; a direct-link signer's, which has no business, loads
 * none of their code.
 */
export function useOwnSeals(): readonly Seal[] {
  const { api } = useRouteContext({ from: '__root__' })
  const { data: user } = useQuery(getUserQueryOptions(api))
  const businessId = memberBusiness(user)?.id
  const { data: seals = none } = useQuery({
    ...sealsQueryOptions(api, businessId ?? ''),
    enabled: businessId !== undefined,
  })
  return seals
}
