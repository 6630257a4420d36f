import { Trans } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import type { TokenAnswer } from '../../../contract/user.ts'
import { StatusPage } from '../../ui/page/status-page.tsx'
import { useCompleteSignIn } from './use-complete-sign-in.ts'

/** The token answer the server put in the URL fragment, or null when there is none. */
function readFragment(hash: string): TokenAnswer | null {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''))
  const token = fragment.get('token')
  const expiresAt = fragment.get('expires_at')
  return token && expiresAt ? { token, tokenType: 'Bearer', expiresAt } : null
}

/**
 * /sso/callback: where single sign-on hands over. Starts the session with the token from the URL
 * fragment and goes on to the dashboard, whose guard asks an incomplete account for its names and
 * the terms at /signup/sso; without a usable token it shows /sso/error.
 */
export function SsoCallbackScreen() {
  const completeSignIn = useCompleteSignIn()
  const navigate = useNavigate()
  const started = useRef(false)
  useEffect(() => {
    // Once, even when React runs the effect twice in development.
    if (started.current) return
    started.current = true
    const answer = readFragment(window.location.hash)
    // The token must not stay in the address bar, the history or a bookmark.
    window.history.replaceState(window.history.state, '', window.location.pathname)
    const failed = () => navigate({ to: '/sso/error', replace: true })
    if (answer === null) {
      void failed()
      return
    }
    void completeSignIn(answer, false).then(
      (signedIn) => (signedIn ? undefined : failed()),
      () => failed(),
    )
  }, [completeSignIn, navigate])
  return <StatusPage illustration={false} title={<Trans>Signing you in…</Trans>} />
}
