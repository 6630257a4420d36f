import { useRouteContext } from '@tanstack/react-router'
import { useSyncExternalStore } from 'react'
import type { MaintenanceNotice } from '../../../machines/maintenance/maintenance.types.ts'

/** The maintenance notice that applies now, re-rendering when it changes; null when none. */
export function useMaintenanceNotice(): MaintenanceNotice | null {
  const { maintenance } = useRouteContext({ from: '__root__' })
  return useSyncExternalStore(maintenance.subscribe, maintenance.notice)
}
