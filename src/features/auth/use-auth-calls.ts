import { useRouteContext } from '@tanstack/react-router'
import { useMemo } from 'react'
import { type AuthCalls, authCalls } from './auth-calls.ts'

/** The account calls, bound to the app's API client. */
export function useAuthCalls(): AuthCalls {
  const { api } = useRouteContext({ from: '__root__' })
  return useMemo(() => authCalls(api), [api])
}
