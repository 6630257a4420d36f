/** Lifecycle of a scheduled maintenance on the status page. */
type MaintenanceStatus = 'scheduled' | 'in_progress' | 'verifying' | 'completed'

/** Lifecycle of an incident on the status page. */
type IncidentStatus = 'investigating' | 'identified' | 'monitoring' | 'resolved' | 'postmortem'

/** One incident or scheduled maintenance of the status-page summary. */
interface StatusPageEvent<TStatus extends string> {
  id: string
  name: string
  status: TStatus
  /** Public page of the event, shown as the banner's link. */
  url: string
  /** Ids of the components the event affects. */
  componentIds: string[]
}

/** A component of the status page; groups are components too, and members point at their group. */
interface StatusPageComponent {
  id: string
  name: string
  /** Id of the group the component belongs to; null for top-level components and groups. */
  groupId: string | null
}

/** What the maintenance check reads from the status page: its summary and its components. */
export interface StatusPageData {
  incidents: StatusPageEvent<IncidentStatus>[]
  scheduledMaintenances: StatusPageEvent<MaintenanceStatus>[]
  components: StatusPageComponent[]
}
