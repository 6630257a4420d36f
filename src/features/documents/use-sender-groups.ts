import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import type { SignerGroup } from '../../../contract/businesses.ts'
import { signerGroupsQueryOptions } from '../../api/signer-groups.ts'
import { memberBusiness, useUser } from '../../api/user.ts'

const none: readonly SignerGroup[] = []

/**
 * The signer groups of the signed-in sender's business (issue 43), which a request may ask to sign or observe;
 * none without a business (or while an invitation to one waits) and while they load.
 */
export function useSenderGroups(): readonly SignerGroup[] {
  const { api } = useRouteContext({ from: '__root__' })
  const { data: user } = useUser(api)
  const id = memberBusiness(user)?.id
  const { data } = useQuery({ ...signerGroupsQueryOptions(api, id ?? ''), enabled: id !== undefined })
  return data ?? none
}
