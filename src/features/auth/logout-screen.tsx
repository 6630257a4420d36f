import { Trans } from '@lingui/react/macro'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { StatusPage } from '../../ui/page/status-page.tsx'
import { useAuthCalls } from './use-auth-calls.ts'

/**
 * /logout (SPEC §2): ends the token on the server (a failure changes nothing for the user), ends
 * the session (which forgets every cached answer, src/main.tsx) and shows /login?logged-out.
 */
export function LogoutScreen() {
  const { session, queryClient } = useRouteContext({ from: '__root__' })
  const calls = useAuthCalls()
  const navigate = useNavigate()
  const started = useRef(false)
  useEffect(() => {
    // Signing out happens once, even when React runs the effect twice in development.
    if (started.current) return
    started.current = true
    // Calls still under way would meet the revoked token, and their 401 would sign out a second time.
    void queryClient
      .cancelQueries()
      .then(() => calls.logout())
      .catch(() => undefined)
      .then(async () => {
        session.send({ type: 'session.signOut' })
        await navigate({ href: '/login?logged-out', replace: true })
      })
  }, [calls, session, queryClient, navigate])
  return <StatusPage illustration={false} title={<Trans>Signing you out…</Trans>} />
}
