import { accountRoles, type Role, rolesHeld } from '../session/role.ts'
import type { AccessContext, AccessDecision, RouteRule } from './route-access.types.ts'

const allow: AccessDecision = { kind: 'allow' }
const notFound: AccessDecision = { kind: 'notFound' }
const redirect = (
  to: string,
  extra: { search?: Record<string, string>; message?: string } = {},
): AccessDecision => ({
  kind: 'redirect',
  to,
  ...extra,
})

/** Message id shown to a business member sent away from a business page (SPEC §6). */
const businessNotAllowedMessage = 'business.not_allowed'

const businessSignupPages = ['/business/signup', '/business/signup/steps', '/business/register']
// The role table opens /business/upgrade to plain users, who by definition have no business.
const nonMemberBusinessPages = [...businessSignupPages, '/business/signup/mail-sent', '/business/upgrade']
const billingSettingsPages = ['/business/billing/plan', '/business/billing/payment']
const billingPages = ['/business/billing', ...billingSettingsPages]
// /logout, also exempt in SPEC §6, is outside every forced page already.
const trialLockExempt = ['/business/members', '/business/upgrade']

const isAccount = (role: Role) => accountRoles.includes(role)

/** Whether the rule's roles let the role in (SPEC §6: strict accepts only the exact role). */
export function isRoleAllowed(rule: RouteRule, role: Role): boolean {
  return rule.strict ? rule.roles.includes(role) : rule.roles.some((r) => rolesHeld(role).includes(r))
}

/** Where "home" is for this session: the dashboard, a direct-link signer's request, or login. */
export function homeOf(context: Pick<AccessContext, 'role' | 'directSign'>): string {
  if (isAccount(context.role)) return '/dashboard'
  if (context.role === 'nas' && context.directSign) {
    return `/view/${context.directSign.requestId}/${context.directSign.userId}`
  }
  return '/login'
}

// SPEC §4: the new free plan is free_v1, or free_migrated without a current plan.
const isNewFreePlan = ({ name, hasCurrentPlan }: AccessContext['pricePlan']) =>
  name === 'free_v1' || (name === 'free_migrated' && !hasCurrentPlan)

// SPEC §6: single sign-on is incomplete while names are missing or the terms are not accepted.
const isSsoIncomplete = ({ hasSso, hasNames, acceptedGtc }: AccessContext['user']) =>
  hasSso && (!hasNames || !acceptedGtc)

/**
 * Decides a navigation to a route (SPEC §2, §6). The first rule that applies wins, in this order:
 *
 * 1. `/component-test` has no access control; `/statecharts` does not exist in production.
 * 2. Cookies disabled force /cookiesblocked; cookies enabled on /cookiesblocked go home.
 * 3. Blocking maintenance forces /maintenance unless the internal cookie is set; /maintenance
 *    with nothing blocking goes home.
 * 4. Alias routes redirect (`/` to /dashboard, /business/members/activity to the activity tab).
 * 5. /bye only right after account deletion, else home.
 * 6. Signed out and not allowed: /login, remembering the target in `search.redirect`.
 * 7. Sign-in and sign-up entry pages send a signed-in account home.
 * 8. Forced pages for accounts (not on /sorry, /maintenance, the 404 or /logout): a weak password
 *    forces /profile/change-password, incomplete single sign-on forces /signup/sso, a business that
 *    requires a second factor holds a member without one on /profile/security (issue 42), and an admin
 *    whose trial expired or whose business is locked is held on /business/members (upgrade and
 *    logout stay open).
 * 9. Business pages for accounts: admins leave the signup, register and signup-step pages for
 *    the business profile; members go from billing plan and payment to billing, and from every
 *    business page home with `business.not_allowed`; non-members see only the signup, register
 *    and upgrade pages; a manually invoiced business goes from billing to its invoices.
 * 10. Signed in and not allowed by the route's roles (strict or not): 404.
 * 11. /upload on the new free plan goes home.
 */
export function decideAccess(rule: RouteRule, context: AccessContext): AccessDecision {
  const { role, href } = context
  const on = (...paths: string[]) => paths.includes(rule.path)
  const home = homeOf(context)

  if (rule.unguarded) return allow
  if (rule.developmentOnly && context.production) return notFound

  if (!context.cookiesEnabled) return on('/cookiesblocked') ? allow : redirect('/cookiesblocked')
  if (on('/cookiesblocked')) return redirect(home)

  const blocked = context.maintenanceBlocking && !context.internalCookie
  if (blocked) return on('/maintenance') ? allow : redirect('/maintenance')
  // Nothing keeps this visitor on the maintenance page once it stops blocking them.
  if (on('/maintenance')) return redirect(home)

  if (rule.redirectTo)
    return redirect(rule.redirectTo.to, rule.redirectTo.search ? { search: rule.redirectTo.search } : {})

  if (on('/bye') && !context.justDeletedAccount) return redirect(home)

  const allowed = isRoleAllowed(rule, role)
  if (!allowed && role === 'unauthenticated') {
    // Resuming /logout after login would only sign the user out again (as for a 401, SPEC §8).
    return on('/logout') ? redirect('/login') : redirect('/login', { search: { redirect: href } })
  }

  if (!isAccount(role)) return allowed ? allow : notFound

  if (rule.guestOnly) return redirect(home)

  if (rule.group !== 'openToAll' && !on('/logout')) {
    if (context.user.weakPassword) {
      return on('/profile/change-password') ? allow : redirect('/profile/change-password')
    }
    if (isSsoIncomplete(context.user)) return on('/signup/sso') ? allow : redirect('/signup/sso')
    if (context.user.needsSecondFactor) return on('/profile/security') ? allow : redirect('/profile/security')
    const held = context.paymentMethod === 'NEEDS_PAYMENT_METHOD' || context.paymentMethod === 'BLOCKED'
    if (role === 'admin' && held && !on(...trialLockExempt)) return redirect('/business/members')
  }

  if (rule.path.startsWith('/business/')) {
    if (role === 'admin' && on(...businessSignupPages)) return redirect('/business/profile')
    // Ordered before the member rule, so members reach billing's own refusal as the SPEC lists it.
    if (role === 'member' && on(...billingSettingsPages)) return redirect('/business/billing')
    if (role === 'member') return redirect(home, { message: businessNotAllowedMessage })
    if (role === 'user' && !on(...nonMemberBusinessPages)) return redirect(home)
    if (context.paymentMethod === 'MANUAL' && on(...billingPages))
      return redirect('/business/billing/invoices')
  }

  if (!allowed) return notFound

  if (on('/upload') && isNewFreePlan(context.pricePlan)) return redirect(home)

  return allow
}
