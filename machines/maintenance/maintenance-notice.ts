import type { MaintenanceNotice } from './maintenance.types.ts'
import type { StatusPageData } from './status-page.types.ts'

const unresolved = new Set(['investigating', 'identified', 'monitoring'])

/**
 * The notice the status page calls for (SPEC §4 Maintenance): an in-progress maintenance is blocking
 * when one of its components belongs to a group whose name matches `blockingGroupPattern`, otherwise
 * it is a banner; an unresolved incident is a banner too; nothing active gives null (state none).
 */
export function maintenanceNotice(
  data: StatusPageData,
  blockingGroupPattern: RegExp,
): MaintenanceNotice | null {
  const byId = new Map(data.components.map((c) => [c.id, c]))
  const inBlockingGroup = (componentId: string) => {
    const groupId = byId.get(componentId)?.groupId
    const group = groupId ? byId.get(groupId) : undefined
    return group !== undefined && blockingGroupPattern.test(group.name)
  }
  const inProgress = data.scheduledMaintenances.filter((m) => m.status === 'in_progress')
  const blocking = inProgress.find((m) => m.componentIds.some(inBlockingGroup))
  if (blocking) return { url: blocking.url, isBlocking: true }
  const banner = inProgress[0] ?? data.incidents.find((i) => unresolved.has(i.status))
  return banner ? { url: banner.url, isBlocking: false } : null
}
