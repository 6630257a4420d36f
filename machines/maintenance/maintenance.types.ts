import type { StatusPageData } from './status-page.types.ts'

/** The maintenance notice of SPEC §3: a banner link, or the /maintenance page when blocking. */
export interface MaintenanceNotice {
  url: string
  isBlocking: boolean
}

/** Options of the maintenance machine. */
export interface MaintenanceInput {
  /** Source of a regular expression; a maintenance is blocking when it affects a component of a group whose name matches. */
  blockingGroupPattern: string
}

/** Context of the maintenance machine. */
export interface MaintenanceContext {
  blockingGroupPattern: string
  /** The current notice; null is the default state none. */
  notice: MaintenanceNotice | null
}

/** Events of the maintenance machine. */
export type MaintenanceEvent =
  | { type: 'session.signIn' }
  | { type: 'session.signOut' }
  /** A visitor's page asks for a new check (signed in, the machine polls by itself). */
  | { type: 'maintenance.recheck' }

/** What the caller's fetch-status actor resolves. */
export type MaintenanceFetchOutput = StatusPageData
