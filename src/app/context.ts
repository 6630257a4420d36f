import type { QueryClient } from '@tanstack/react-query'
import type { AppConfig } from '../../contract/app-config.ts'
import type { ApiClient } from '../api/client.ts'
import type { MaintenanceStatus } from '../features/maintenance/maintenance-status.ts'
import type { SessionActor } from './session.ts'
import type { UiActors } from './ui-actors.ts'

/** What every route's guard and loader receive (TanStack Router context). */
export interface RouterContext {
  queryClient: QueryClient
  api: ApiClient
  session: SessionActor
  appConfig: AppConfig
  /** Maintenance status (SPEC §4): guards read `maintenance.isBlocking()` with `hasInternalCookie()`. */
  maintenance: MaintenanceStatus
  /** Dialog host, overlay host and snackbar queue (SPEC §4). */
  ui: UiActors
}
