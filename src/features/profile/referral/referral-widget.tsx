import { useLingui } from '@lingui/react/macro'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import * as v from 'valibot'
import { type ReferralToken, referralPaths, referralTokenSchema } from '../../../../contract/referral.ts'
import { selectAccountId } from '../../../../machines/session/session.selectors.ts'
import type { ApiClient } from '../../../api/client.ts'
import { errorCode } from '../../../api/error-messages.ts'
import { bootReferralComponent } from './referral-component.ts'

/**
 * The signed-in user's referral token, or null where the deployment has no referral service (404
 * `referral.unavailable`, the normal answer there) or the call failed, which is logged only (SPEC §8).
 */
async function fetchReferralToken(api: ApiClient): Promise<ReferralToken | null> {
  try {
    return v.parse(referralTokenSchema, await api.request(referralPaths.referralToken(), { method: 'POST' }))
  } catch (error) {
    if (errorCode(error) !== 'referral.unavailable') console.warn('No referral token', error)
    return null
  }
}

/** The referral token of the signed-in account `account` (null: signed out), asked once per account. */
function getReferralTokenQueryOptions(api: ApiClient, account: string | null) {
  return queryOptions({
    queryKey: ['referral-token', account],
    queryFn: () => fetchReferralToken(api),
    enabled: account !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
}

/**
 * The referral component (SPEC §7: Cello) for a signed-in account, on every screen it sees: booted with the
 * token the server signs, in the UI's language. Without the service it renders and loads nothing.
 */
export function ReferralWidget() {
  const { api, session } = useRouteContext({ from: '__root__' })
  const { i18n } = useLingui()
  const account = useSelector(session, selectAccountId)
  const { data: referral } = useQuery(getReferralTokenQueryOptions(api, account))
  const language = i18n.locale.slice(0, 2)
  useEffect(() => (referral ? bootReferralComponent(referral, language) : undefined), [referral, language])
  return null
}
