import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { businessQueryOptions } from '../../api/business.ts'
import { memberBusiness, useUser } from '../../api/user.ts'

/**
 * The signed-in user's business (GET /v1/businesses/{id}) for the business screens, whose guards let
 * only its admins in; undefined while it loads.
 */
export function useBusiness() {
  const { api } = useRouteContext({ from: '__root__' })
  const { data: user } = useUser(api)
  const id = memberBusiness(user)?.id
  return useQuery({ ...businessQueryOptions(api, id ?? ''), enabled: id !== undefined })
}
