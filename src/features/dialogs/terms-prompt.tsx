import { useQuery } from '@tanstack/react-query'
import { useNavigate, useRouteContext, useRouterState } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import * as v from 'valibot'
import { accountPaths } from '../../../contract/account-paths.ts'
import { acceptSchema } from '../../../contract/user.ts'
import type { SessionSnapshot } from '../../../machines/session/session.selectors.ts'
import { getUserQueryOptions, hasAcceptedTerms } from '../../api/user.ts'
import { openDialog } from '../../ui/dialog/open-dialog.tsx'
import type { AcceptTermsProps } from './accept-terms-dialog.tsx'
import { appDialogs } from './app-dialogs.ts'

const isAccountSession = (snapshot: SessionSnapshot) => snapshot.matches('signedIn')

// Single sign-on users without accepted terms are sent to /signup/sso, which asks there (SPEC §6).
const pathsWithoutPrompt = new Set(['/signup/sso', '/logout', '/bye'])

/**
 * SPEC §6: a terms dialog appears when a signed-in user has not accepted the general terms. It
 * cannot be dismissed: the user accepts (POST /v1/user/accept, then the user is loaded again) or
 * signs out. Rendered once, in the root layout.
 */
export function TermsPrompt() {
  const { api, session, queryClient, ui, appConfig } = useRouteContext({ from: '__root__' })
  const navigate = useNavigate()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const signedIn = useSelector(session, isAccountSession)
  const { data: user } = useQuery({ ...getUserQueryOptions(api), enabled: signedIn })
  const asking = useRef(false)
  const mustAccept =
    signedIn &&
    user !== undefined &&
    !user.hasSso &&
    !hasAcceptedTerms(user, appConfig.termsVersion) &&
    !pathsWithoutPrompt.has(pathname)

  useEffect(() => {
    if (!mustAccept || asking.current) return
    asking.current = true
    const signOut = async () => {
      await api.request(accountPaths.logout(), { method: 'POST', retries: 0 }).catch(() => undefined)
      session.send({ type: 'session.signOut' })
      ui.dialogs.send({ type: 'dialog.dismiss' })
      await navigate({ href: '/login?logged-out', replace: true })
    }
    const props: AcceptTermsProps = { signOut: () => void signOut() }
    void openDialog(ui, appDialogs.acceptTerms, {
      persistent: true,
      props,
      action: async () => {
        await api.request(accountPaths.accept(), {
          method: 'POST',
          body: v.parse(acceptSchema, { gtc: true }),
        })
        await queryClient.refetchQueries({ queryKey: getUserQueryOptions(api).queryKey })
      },
    }).then(() => {
      asking.current = false
    })
  }, [mustAccept, api, session, queryClient, ui, navigate])

  return null
}
