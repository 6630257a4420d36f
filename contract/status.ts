import * as v from 'valibot'

const httpUrl = v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//i))

const event = <const TStatus extends readonly [string, ...string[]]>(statuses: TStatus) =>
  v.object({
    id: v.string(),
    name: v.string(),
    status: v.picklist(statuses),
    /** Public page of the event; only http(s), since the banner links to it. */
    url: httpUrl,
    componentIds: v.array(v.string()),
  })

/** Incident statuses of the status page; the unresolved ones show the banner. */
export const incidentStatuses = [
  'investigating',
  'identified',
  'monitoring',
  'resolved',
  'postmortem',
] as const

/** Scheduled maintenance statuses of the status page; only `in_progress` counts as active. */
export const maintenanceStatuses = ['scheduled', 'in_progress', 'verifying', 'completed'] as const

/**
 * Answer of `GET /v1/status` (SPEC §7 Other): the status page's summary (unresolved incidents and
 * scheduled maintenances) and its components, where groups are components that others point at with
 * `groupId`. Public: no token needed.
 */
export const statusResponseSchema = v.object({
  incidents: v.array(event(incidentStatuses)),
  scheduledMaintenances: v.array(event(maintenanceStatuses)),
  components: v.array(v.object({ id: v.string(), name: v.string(), groupId: v.nullable(v.string()) })),
})

/** The status page as the API answers it. */
export type StatusResponse = v.InferOutput<typeof statusResponseSchema>
