import { notFound, redirect, rootRouteId, type StaticDataRouteOption } from '@tanstack/react-router'
import { waitFor } from 'xstate'
import { decideAccess } from '../../machines/route-access/decide-access.ts'
import { notFoundRule } from '../../machines/route-access/route-access.ts'
import type { AccessContext, RouteRule } from '../../machines/route-access/route-access.types.ts'
import {
  selectDirectSign,
  selectIsSettled,
  selectRole,
  selectToken,
} from '../../machines/session/session.selectors.ts'
import { getUserQueryOptions, hasAcceptedTerms, userAttribute } from '../api/user.ts'
import { hasInternalCookie } from '../features/maintenance/internal-cookie.ts'
import { accountDeletedKey } from '../lib/account-deleted.ts'
import { showSnackbar } from '../ui/snackbar/show-snackbar.ts'
import type { RouterContext } from './context.ts'
import { openDirectSignLink } from './direct-sign.ts'
import { accessMessages } from './route-titles.ts'

/** What the guard reads of a route match. */
type RouteMatchLike = { routeId: unknown; params: unknown; staticData: StaticDataRouteOption }

/**
 * The rule of the route a navigation matched: the deepest match's declared access under its path (an index
 * route's `/business/billing/` is `/business/billing`). A path no route matches has only the root's match:
 * the 404's rule.
 */
export function matchedRule(matches: readonly Pick<RouteMatchLike, 'routeId' | 'staticData'>[]): RouteRule {
  const leaf = matches.at(-1)
  const declared = leaf?.staticData.access
  if (leaf === undefined || declared === undefined || leaf.routeId === rootRouteId) return notFoundRule
  const id = String(leaf.routeId)
  return { path: id === '/' ? id : id.replace(/\/$/, ''), ...declared }
}

/**
 * The root route's beforeLoad: every navigation asks `decideAccess` (SPEC §2, §6) about the rule the matched
 * route declares, and follows its answer. A direct link opens its direct-sign session first.
 */
export async function guardRoute(
  context: RouterContext,
  location: { pathname: string; href: string; search: Record<string, unknown> },
  matches: readonly RouteMatchLike[],
) {
  await openDirectSignLink(context.session, location)
  // The session still loads the user of the token it holds: the page's data need not wait for that answer.
  const loading = context.session.getSnapshot()
  if (!selectIsSettled(loading) && loading.context.token !== null)
    for (const match of matches)
      void match.staticData.earlyLoad?.(context, match.params as Record<string, string>).catch(() => {})
  const session = await waitFor(context.session, selectIsSettled)
  const role = selectRole(session)
  const user = selectToken(session)
    ? await context.queryClient.ensureQueryData(getUserQueryOptions(context.api)).catch(() => undefined)
    : undefined
  const access: AccessContext = {
    href: location.href,
    role,
    directSign: selectDirectSign(session),
    // SPEC §6: an admin's business whose trial expired or that is locked holds them on the members page.
    paymentMethod: user?.business?.invitationId === null ? user.business.paymentMethod : null,
    pricePlan: { name: userAttribute(user, 'free_account_type') ?? null, hasCurrentPlan: false },
    user: {
      weakPassword: userAttribute(user, 'weak_password') === 'true',
      acceptedGtc: hasAcceptedTerms(user, context.appConfig.termsVersion),
      hasSso: user?.hasSso ?? false,
      hasNames: Boolean(user?.firstName && user.lastName),
      needsSecondFactor: (user?.secondFactor.required && !user.secondFactor.enabled) ?? false,
    },
    cookiesEnabled: navigator.cookieEnabled,
    justDeletedAccount: sessionStorage.getItem(accountDeletedKey) !== null,
    maintenanceBlocking: context.maintenance.isBlocking(),
    internalCookie: hasInternalCookie(),
    production: context.appConfig.mode === 'production',
  }
  const decision = decideAccess(matchedRule(matches), access)
  if (decision.kind === 'notFound') throw notFound()
  if (decision.kind === 'redirect') {
    const message = decision.message && accessMessages[decision.message]
    if (message) showSnackbar(context.ui.snackbars, { message })
    const url = new URL(decision.to, window.location.origin)
    for (const [key, value] of Object.entries(decision.search ?? {})) url.searchParams.set(key, value)
    throw redirect({ href: `${url.pathname}${url.search}`, replace: true })
  }
}
