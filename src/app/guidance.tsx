import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useMemo } from 'react'
import { guidanceMachine } from '../../machines/guidance/guidance.machine.ts'
import { selectAccountId } from '../../machines/session/session.selectors.ts'
import { businessQueryOptions } from '../api/business.ts'
import { getUserQueryOptions, memberBusiness } from '../api/user.ts'
import { inspect } from '../lib/inspect.ts'
import { guidanceFacts, guidanceService } from './guidance-service.ts'

/**
 * The in-app guidance (SPEC §4, §6, §7): its machine runs while the app does, told what the app knows each
 * time it changes; it switches the service on for the free_legacy plan or a business that turned its
 * guidance on. Rendered only where the deployment has a guidance token.
 */
export function Guidance({ token }: { token: string }) {
  const { api, session } = useRouteContext({ from: '__root__' })
  const { i18n } = useLingui()
  const account = useSelector(session, selectAccountId)
  const { data: user } = useQuery({ ...getUserQueryOptions(api), enabled: account !== null })
  const businessId = memberBusiness(user)?.id ?? null
  const { data: business } = useQuery({
    ...businessQueryOptions(api, businessId ?? ''),
    enabled: account !== null && businessId !== null,
  })
  const guidance = useActorRef(guidanceMachine.provide({ actions: guidanceService(token) }), { inspect })
  const signedInUser = account === null ? undefined : user
  const facts = useMemo(
    () => guidanceFacts(signedInUser, business, i18n.locale),
    [signedInUser, business, i18n.locale],
  )
  useEffect(() => guidance.send({ type: 'guidance.sync', facts }), [guidance, facts])
  return null
}
