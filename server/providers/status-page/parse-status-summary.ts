import * as v from 'valibot'
import { incidentStatuses, maintenanceStatuses } from '../../../contract/status.ts'
import type { StatusPageData } from '../../../machines/maintenance/status-page.types.ts'

const httpUrl = v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//i))

const event = <const TStatus extends readonly [string, ...string[]]>(statuses: TStatus) =>
  v.object({
    id: v.string(),
    name: v.string(),
    status: v.picklist(statuses),
    shortlink: v.optional(httpUrl),
    components: v.optional(v.array(v.object({ id: v.string() })), []),
  })

// The part of an Atlassian Statuspage `summary.json` that the maintenance check reads; other fields are ignored.
const summarySchema = v.object({
  page: v.optional(v.object({ url: v.optional(httpUrl) })),
  components: v.optional(
    v.array(
      v.object({ id: v.string(), name: v.string(), group_id: v.optional(v.nullable(v.string()), null) }),
    ),
    [],
  ),
  incidents: v.optional(v.array(event(incidentStatuses)), []),
  scheduled_maintenances: v.optional(v.array(event(maintenanceStatuses)), []),
})

/**
 * Reads a Statuspage-style summary (as `GET /api/v2/summary.json` answers it, or the same shape in a local
 * file) into the status page data of the maintenance machine. An event's link is its `shortlink`, else the
 * page's `url`; an event with neither makes the summary invalid, since the banner must link somewhere.
 * Throws an error naming the first wrong field.
 */
export function parseStatusSummary(json: unknown): StatusPageData {
  const result = v.safeParse(summarySchema, json)
  if (!result.success) {
    const issue = result.issues[0]
    const path = v.getDotPath(issue) ?? 'summary'
    throw new Error(`Invalid status page summary: ${path}: ${issue.message}`)
  }
  const summary = result.output
  const pageUrl = summary.page?.url
  const toEvent = <TStatus extends string>(
    kind: string,
    e: { id: string; name: string; status: TStatus; shortlink?: string; components: { id: string }[] },
  ) => {
    const url = e.shortlink ?? pageUrl
    if (url === undefined) {
      throw new Error(`Invalid status page summary: ${kind} ${e.id} has no shortlink and the page no url`)
    }
    return { id: e.id, name: e.name, status: e.status, url, componentIds: e.components.map((c) => c.id) }
  }
  return {
    incidents: summary.incidents.map((e) => toEvent('incident', e)),
    scheduledMaintenances: summary.scheduled_maintenances.map((e) => toEvent('scheduled maintenance', e)),
    components: summary.components.map((c) => ({ id: c.id, name: c.name, groupId: c.group_id })),
  }
}
