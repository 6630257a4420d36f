import type { Role } from '../session/role.ts'

/** Page layouts of SPEC §2. */
export type Layout = 'simple' | 'main' | 'admin' | 'unauthenticated' | 'none'

/** The SPEC §2 heading a route is listed under; tests and docs group routes by it. */
export type RouteGroup =
  | 'public'
  | 'openToAll'
  | 'user'
  | 'invite'
  | 'adminOrUser'
  | 'admin'
  | 'nas'
  | 'componentTest'
  | 'development'

/** A redirect target: a path and its search params. */
interface RedirectTarget {
  to: string
  search?: Record<string, string>
}

/** Who may see a route (SPEC §2, §6): what each route file declares in its `staticData.access`. */
export interface RouteAccess {
  group: RouteGroup
  /** Roles allowed; a holder of any of them passes unless `strict`. */
  roles: readonly Role[]
  /** Only the exact role passes, not roles that merely hold it (SPEC §6). */
  strict: boolean
  layout: Layout
  /** Message id of the page title; without it the title is the last static segment (SPEC §2). */
  title?: string
  /** The route only forwards elsewhere. */
  redirectTo?: RedirectTarget
  /** A signed-in account is sent home from it (sign-in and sign-up entry pages). */
  guestOnly?: true
  /** No access control at all (SPEC §2: the test-only /component-test). */
  unguarded?: true
  /** Exists only outside production. */
  developmentOnly?: true
}

/** A route's access with its path in TanStack Router syntax (`/view/$srid`; `/$` is the 404). */
export interface RouteRule extends RouteAccess {
  path: string
}

/** Payment method states of a business (SPEC §4 Business payment). */
type PaymentMethodState = 'TRIALING' | 'NEEDS_PAYMENT_METHOD' | 'BLOCKED' | 'MANUAL' | 'STRIPE' | 'CHARGEBEE'

/** Everything `decideAccess` reads besides the route. */
export interface AccessContext {
  /** The concrete location being visited, pathname and search, as remembered for after login. */
  href: string
  /** The session's role (SPEC §4); held roles follow from it. */
  role: Role
  /** The direct-sign session, whose request page is a direct-link signer's home. */
  directSign: { userId: string; requestId: string } | null
  /** The business's payment method state; null outside a business or before it is known. */
  paymentMethod: PaymentMethodState | null
  /** The active price plan: its name and whether a current plan is set (SPEC §4). */
  pricePlan: { name: string | null; hasCurrentPlan: boolean }
  /** User attributes and fields the forced pages depend on (SPEC §3, §6). */
  user: {
    weakPassword: boolean
    acceptedGtc: boolean
    hasSso: boolean
    hasNames: boolean
    /** The business requires a second factor and the user has none on (issue 42 §1). */
    needsSecondFactor: boolean
  }
  cookiesEnabled: boolean
  /** Set by the profile deletion flow for the one navigation that follows it. */
  justDeletedAccount: boolean
  /** A blocking maintenance is in progress (SPEC §4 Maintenance). */
  maintenanceBlocking: boolean
  /** The internal staff cookie that lets its holder through blocking maintenance (SPEC §6). */
  internalCookie: boolean
  /** APP_MODE is production. */
  production: boolean
}

/** What the router does with a navigation. */
export type AccessDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; search?: Record<string, string>; message?: string }
  | { kind: 'notFound' }
