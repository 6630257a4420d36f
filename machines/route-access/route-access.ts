import { type Role, roles } from '../session/role.ts'
import type { Layout, RouteAccess, RouteGroup, RouteRule } from './route-access.types.ts'

type Extra = Partial<Pick<RouteAccess, 'layout' | 'strict' | 'title' | 'redirectTo' | 'guestOnly'>>

const rule = (
  group: RouteGroup,
  allowed: readonly Role[],
  layout: Layout,
  extra: Extra = {},
): RouteAccess => ({
  group,
  roles: allowed,
  strict: false,
  layout,
  ...extra,
})

/**
 * Who may see a route, by the SPEC §2 heading it is listed under: each route file declares one in its
 * `staticData.access`, and the root route's guard decides every navigation from the matched route's
 * (SPEC §6, `decideAccess`).
 */
export const access = {
  /** Public pages stay reachable when signed in: business signup, for one, is for signed-in users too. */
  public: (extra?: Extra) => rule('public', roles, 'unauthenticated', extra),
  openToAll: (layout: Layout, extra?: Extra) => rule('openToAll', roles, layout, extra),
  /** Flows (identification steps, upgrades) drop the main navigation: the `simple` layout. */
  user: (layout: Layout = 'main', extra?: Extra) => rule('user', ['user'], layout, extra),
  /**
   * SPEC §2 lists /invite/{id} for the member role (an invitee's, while the invitation waits); its link is
   * mailed to people without an account too, and to invitations since withdrawn, so the page also welcomes
   * visitors and tells any account why there is nothing to answer.
   */
  invite: () => rule('invite', ['unauthenticated', 'user'], 'simple'),
  adminOrUser: () => rule('adminOrUser', ['admin', 'user'], 'simple', { strict: true }),
  admin: (extra?: Extra) => rule('admin', ['admin'], 'admin', extra),
  nas: (layout: Layout = 'simple') => rule('nas', ['nas'], layout),
  /** SPEC §2: the test-only page has no access control at all. */
  componentTest: (): RouteAccess => ({ ...rule('componentTest', roles, 'none'), unguarded: true }),
  /** Pages for developers, absent in production. */
  development: (): RouteAccess => ({ ...rule('development', roles, 'main'), developmentOnly: true }),
} as const

/** The rule of a path no route matches: the 404 page, open to all. */
export const notFoundRule: RouteRule = {
  path: '/$',
  ...access.openToAll('none', { title: 'route.not_found' }),
}
