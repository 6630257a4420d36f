import type { QueryClient } from '@tanstack/react-query'
import type { AppConfig } from '../../contract/app-config.ts'
import type { ApiClient } from '../api/client.ts'
import type { SessionActor } from './session.ts'

/** What every route's guard and loader receive (TanStack Router context). */
export interface RouterContext {
  queryClient: QueryClient
  api: ApiClient
  session: SessionActor
  appConfig: AppConfig
}
