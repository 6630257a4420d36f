import { useLocation, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { hasInternalCookie } from './internal-cookie.ts'
import { useMaintenanceNotice } from './use-maintenance-notice.ts'

/**
 * SPEC §8: a blocking maintenance sends the user to /maintenance, also when it starts while a page is
 * open (the route guard covers navigations); the internal staff cookie lets its holder stay.
 */
export function useMaintenanceRedirect() {
  const notice = useMaintenanceNotice()
  const router = useRouter()
  const pathname = useLocation({ select: (location) => location.pathname })
  const blocked = notice?.isBlocking === true && !hasInternalCookie()
  useEffect(() => {
    if (blocked && pathname !== '/maintenance') void router.navigate({ to: '/maintenance', replace: true })
  }, [blocked, pathname, router])
}
