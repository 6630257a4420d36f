import type { SnapshotFrom } from 'xstate'
import type { maintenanceMachine } from './maintenance.machine.ts'
import type { MaintenanceNotice } from './maintenance.types.ts'

type MaintenanceSnapshot = SnapshotFrom<typeof maintenanceMachine>

/** The notice that applies now; null when nothing is under way. The same object until the notice changes. */
export function selectNotice(snapshot: MaintenanceSnapshot): MaintenanceNotice | null {
  return snapshot.context.notice
}

/** What the page chrome and the route guard need: none, a banner (notice) or the maintenance page (blocking). */
export type MaintenanceView = 'none' | 'notice' | 'blocking'

/**
 * The current maintenance status; while a check is running the last known notice still counts, so
 * the banner does not flicker on every poll.
 */
export function maintenanceView(snapshot: MaintenanceSnapshot): MaintenanceView {
  const { notice } = snapshot.context
  if (notice === null) return 'none'
  return notice.isBlocking ? 'blocking' : 'notice'
}
