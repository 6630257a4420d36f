import { useRouteContext } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { selectNotice } from '../../../machines/maintenance/maintenance.selectors.ts'
import type { MaintenanceNotice } from '../../../machines/maintenance/maintenance.types.ts'

/** The maintenance notice that applies now, re-rendering when it changes; null when none. */
export function useMaintenanceNotice(): MaintenanceNotice | null {
  const { maintenance } = useRouteContext({ from: '__root__' })
  return useSelector(maintenance.actor, selectNotice)
}
