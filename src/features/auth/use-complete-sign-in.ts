import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { useCallback } from 'react'
import { waitFor } from 'xstate'
import type { TokenAnswer } from '../../../contract/user.ts'
import { selectIsSettled, selectResumePath } from '../../../machines/session/session.selectors.ts'
import { safeRedirectTarget } from './safe-redirect.ts'

/**
 * Hands a new token to the session, waits until it has loaded the user, and goes on: to the
 * `redirect` target if it is a path of this app, else to the path a 401 interrupted, else to the
 * dashboard. Resolves false when the session could not load the user with the token.
 */
export function useCompleteSignIn() {
  const { session, queryClient } = useRouteContext({ from: '__root__' })
  const navigate = useNavigate()
  return useCallback(
    async (answer: TokenAnswer, rememberMe: boolean, redirect?: string): Promise<boolean> => {
      // Whatever the cache holds belongs to the session this tab had before.
      queryClient.removeQueries({ queryKey: ['user'] })
      session.send({ type: 'session.signIn', token: answer.token, rememberMe })
      const settled = await waitFor(session, selectIsSettled)
      if (!settled.matches('signedIn')) return false
      const resume = selectResumePath(settled)
      if (resume) session.send({ type: 'session.resumed' })
      const target = safeRedirectTarget(redirect) ?? safeRedirectTarget(resume) ?? '/dashboard'
      await navigate({ href: target, replace: true })
      return true
    },
    [session, queryClient, navigate],
  )
}
