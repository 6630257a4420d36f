import { type Role, roles } from '../session/role.ts'
import type { Layout, RouteGroup, RouteRule } from './route-access.types.ts'

type Extra = Omit<Partial<RouteRule>, 'path' | 'group' | 'roles' | 'layout'>

const route = (
  path: string,
  group: RouteGroup,
  allowed: readonly Role[],
  layout: Layout,
  extra: Extra = {},
): RouteRule => ({ path, group, roles: allowed, strict: false, layout, ...extra })

// Public pages stay reachable when signed in: business signup, for one, is for signed-in users too.
const publicPage = (path: string, extra: Extra = {}) => route(path, 'public', roles, 'unauthenticated', extra)
const userPage = (path: string, layout: Layout = 'main', extra: Extra = {}) =>
  route(path, 'user', ['user'], layout, extra)
const adminPage = (path: string, extra: Extra = {}) => route(path, 'admin', ['admin'], 'admin', extra)
const nasPage = (path: string) => route(path, 'nas', ['nas'], 'simple')
// Identification steps are flows, so they drop the main navigation like signing does.
const standardsStep = (step: string) => userPage(`/profile/signature-standards/${step}`, 'simple')

/** Every route of SPEC §2 with its access rule, layout and title, in the SPEC's order. */
export const routeTable: readonly RouteRule[] = [
  publicPage('/bye'),
  publicPage('/login', { guestOnly: true }),
  publicPage('/expired'),
  publicPage('/cookiesblocked'),
  publicPage('/signup', { guestOnly: true }),
  publicPage('/signup/mail-sent'),
  publicPage('/signup/confirm'),
  publicPage('/signup/steps'),
  publicPage('/signup/flows/eidplus/new'),
  publicPage('/signup/flows/eidplus/confirm'),
  publicPage('/password-reset', { guestOnly: true }),
  publicPage('/password-reset/new'),
  publicPage('/password-reset/confirm'),
  publicPage('/password-reset/mail-sent'),
  publicPage('/business/signup'),
  publicPage('/business/signup/mail-sent'),
  publicPage('/business/signup/steps'),
  publicPage('/sso/error'),
  publicPage('/sso/error/company', { title: 'route.sso_error' }),
  // Where single sign-on hands the token over; not in SPEC §2, which leaves the hand-over open.
  route('/sso/callback', 'public', roles, 'simple', { title: 'route.sso_callback' }),

  route('/sorry', 'openToAll', roles, 'simple'),
  route('/maintenance', 'openToAll', roles, 'simple'),
  // Checking a signed PDF needs no account (issue 6); not in SPEC §2, which lists the app's own routes.
  route('/validate', 'openToAll', roles, 'simple', { title: 'route.validate' }),
  route('/$', 'openToAll', roles, 'none', { title: 'route.not_found' }),

  userPage('/', 'main', { redirectTo: { to: '/dashboard' } }),
  userPage('/dashboard'),
  userPage('/upload'),
  userPage('/upgrade', 'simple'),
  userPage('/welcome', 'simple'),
  userPage('/logout', 'none'),
  userPage('/signup/sso', 'simple'),
  userPage('/not-available', 'simple'),
  userPage('/profile'),
  userPage('/profile/confirm'),
  userPage('/profile/settings'),
  userPage('/profile/change-password'),
  userPage('/profile/visual-signature'),
  userPage('/profile/signature-standards'),
  standardsStep('update'),
  standardsStep('mobile-id'),
  standardsStep('legislation'),
  standardsStep('eidas'),
  standardsStep('eidas/self'),
  standardsStep('eidas/video'),
  standardsStep('zertes'),
  standardsStep('zertes/auto'),
  standardsStep('zertes/video'),
  standardsStep('id-austria-success'),
  userPage('/sendto/$id'),
  // The document viewer needs the width of the main layout.
  userPage('/view/$srid'),
  userPage('/business/register', 'simple', { strict: true }),

  route('/invite/$id', 'invite', ['member'], 'simple'),

  route('/business/upgrade', 'adminOrUser', ['admin', 'user'], 'simple', { strict: true }),

  adminPage('/business/welcome'),
  adminPage('/business/dashboard'),
  adminPage('/business/activity'),
  adminPage('/business/members/activity', {
    redirectTo: { to: '/business/activity', search: { tab: 'signatures' } },
  }),
  adminPage('/business/settings'),
  adminPage('/business/seals'),
  adminPage('/business/seals/$accountname'),
  adminPage('/business/billing'),
  adminPage('/business/billing/plan'),
  adminPage('/business/billing/payment'),
  adminPage('/business/billing/invoices'),
  adminPage('/business/extras'),
  adminPage('/business/members'),
  adminPage('/business/members/domains'),
  adminPage('/business/profile'),
  adminPage('/business/profile/aes-for-business'),
  adminPage('/business/developers/api'),

  // A direct-link signer reads the documents in the viewer, which needs the width of the main layout.
  route('/view/$id/$userid', 'nas', ['nas'], 'main'),
  nasPage('/direct-sign/identification/eidas'),
  nasPage('/direct-sign/identification/eidas/self'),
  nasPage('/direct-sign/identification/eidas/video'),
  nasPage('/direct-sign/identification/zertes'),
  nasPage('/direct-sign/identification/zertes/auto'),
  nasPage('/direct-sign/identification/zertes/video'),
  nasPage('/direct-sign/identification/zertes/personal-details'),
  nasPage('/direct-sign/identification/id-austria-success'),
  nasPage('/direct-sign/identification/$id/$userid'),
  nasPage('/direct-sign/identification/$id/$userid/preview'),

  route('/component-test', 'componentTest', roles, 'none', { unguarded: true }),
  route('/statecharts', 'development', roles, 'main', { developmentOnly: true }),
  route('/dev/outbox', 'development', roles, 'main', { developmentOnly: true }),
]
