import { type AnyRoute, createRouter, rootRouteId } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { decideAccess, homeOf, isRoleAllowed } from '../../machines/route-access/decide-access.ts'
import { notFoundRule } from '../../machines/route-access/route-access.ts'
import type {
  AccessContext,
  AccessDecision,
  RouteRule,
} from '../../machines/route-access/route-access.types.ts'
import { type Role, roles } from '../../machines/session/role.ts'
import { matchedRule } from '../../src/app/guard.ts'
import { routeTree } from '../../src/routeTree.gen.ts'

// The app's routes as the router knows them, each with the access its file declares, and the 404's rule. The
// router is not the app's (no context: it never navigates), so it takes the tree as any route tree.
const tree: AnyRoute = routeTree
const routes = Object.values(createRouter({ routeTree: tree }).routesById).filter((r) => r.id !== rootRouteId)
const routeTable: RouteRule[] = [
  ...routes.map((r) => matchedRule([{ routeId: r.id, staticData: r.options.staticData ?? {} }])),
  notFoundRule,
]

/** Every route SPEC §2 lists, in TanStack Router syntax, plus the test and development pages. */
const specPaths = [
  // Public
  '/bye',
  '/login',
  '/expired',
  '/cookiesblocked',
  '/signup',
  '/signup/mail-sent',
  '/signup/confirm',
  '/signup/steps',
  '/signup/flows/eidplus/new',
  '/signup/flows/eidplus/confirm',
  '/password-reset',
  '/password-reset/new',
  '/password-reset/confirm',
  '/password-reset/mail-sent',
  '/business/signup',
  '/business/signup/mail-sent',
  '/business/signup/steps',
  '/sso/error',
  '/sso/error/company',
  '/sso/callback',
  // Open to all roles
  '/sorry',
  '/maintenance',
  '/validate',
  // An observer's read-only link (issue 40): no account needed, any session will do.
  '/observe/$id',
  // The embedded signing page of a signing URL (issue 41 §3): its secret opens a direct-sign session.
  '/embed/$token',
  // A template's public link (issue 41 §1): a visitor confirms their e-mail and goes on to sign.
  '/t/$token',
  '/$',
  // User
  '/',
  '/dashboard',
  '/upload',
  '/templates',
  '/templates/$id/start',
  // The template editor (issue 41 §1).
  '/templates/$id/edit',
  // Bulk send from a template and its progress (issue 41 §2).
  '/templates/$id/bulk',
  '/bulk-sends/$id',
  '/upgrade',
  '/welcome',
  '/logout',
  '/signup/sso',
  '/not-available',
  '/profile',
  '/profile/confirm',
  '/profile/settings',
  '/profile/change-password',
  '/profile/security',
  '/profile/visual-signature',
  '/profile/signature-standards',
  ...[
    'update',
    'mobile-id',
    'legislation',
    'eidas',
    'eidas/self',
    'eidas/video',
    'zertes',
    'zertes/auto',
    'zertes/video',
    'id-austria-success',
  ].map((s) => `/profile/signature-standards/${s}`),
  '/sendto/$id',
  '/view/$srid',
  '/business/register',
  // Invite, admin or user
  '/invite/$id',
  '/business/upgrade',
  // Admin
  ...[
    'welcome',
    'dashboard',
    'activity',
    'members/activity',
    'settings',
    'seals',
    'seals/$accountname',
    'billing',
    'billing/plan',
    'billing/payment',
    'billing/invoices',
    'extras',
    'members',
    'members/domains',
    'profile',
    'profile/aes-for-business',
    'developers/api',
  ].map((s) => `/business/${s}`),
  // Direct-link signer
  '/view/$id/$userid',
  ...[
    'eidas',
    'eidas/self',
    'eidas/video',
    'zertes',
    'zertes/auto',
    'zertes/video',
    'zertes/personal-details',
    'id-austria-success',
    '$id/$userid',
    '$id/$userid/preview',
  ].map((s) => `/direct-sign/identification/${s}`),
  '/component-test',
  '/statecharts',
  '/dev/outbox',
]

const rule = (path: string): RouteRule => {
  const found = routeTable.find((r) => r.path === path)
  if (!found) throw new Error(`no rule for ${path}`)
  return found
}

/** A settled, unremarkable session of the role: nothing forces, blocks or redirects it. */
const contextFor = (role: Role, overrides: Partial<AccessContext> = {}): AccessContext => ({
  href: '/target?x=1',
  role,
  directSign: role === 'nas' ? { userId: 'u-nas', requestId: 'sr-1' } : null,
  paymentMethod: role === 'admin' || role === 'member' ? 'STRIPE' : null,
  pricePlan: { name: 'pro', hasCurrentPlan: true },
  user: { weakPassword: false, acceptedGtc: true, hasSso: false, hasNames: true, needsSecondFactor: false },
  cookiesEnabled: true,
  justDeletedAccount: false,
  maintenanceBlocking: false,
  internalCookie: false,
  production: false,
  ...overrides,
})

const homes: Record<Role, string> = {
  unauthenticated: '/login',
  nas: '/view/sr-1/u-nas',
  user: '/dashboard',
  member: '/dashboard',
  admin: '/dashboard',
}
const allow: AccessDecision = { kind: 'allow' }
const notFound: AccessDecision = { kind: 'notFound' }
const to = (
  path: string,
  extra: { search?: Record<string, string>; message?: string } = {},
): AccessDecision => ({
  kind: 'redirect',
  to: path,
  ...extra,
})
const toLogin = to('/login', { search: { redirect: '/target?x=1' } })
const notAllowed = (role: Role) => to(homes[role], { message: 'business.not_allowed' })
const account = (role: Role) => role === 'user' || role === 'member' || role === 'admin'

/** What SPEC §2 and §6 say each role meets on each route, on an ordinary day. */
function expected(r: RouteRule, role: Role): AccessDecision {
  const home = to(homes[role])
  if (r.path === '/') return to('/dashboard')
  if (r.path === '/business/members/activity')
    return to('/business/activity', { search: { tab: 'signatures' } })
  if (r.path === '/cookiesblocked' || r.path === '/maintenance' || r.path === '/bye') return home
  if (['/login', '/signup', '/password-reset'].includes(r.path)) return account(role) ? home : allow
  if (r.group === 'public' && r.path.startsWith('/business/')) {
    if (role === 'admin' && r.path !== '/business/signup/mail-sent') return to('/business/profile')
    if (role === 'member') return notAllowed(role)
    return allow
  }
  if (['public', 'openToAll', 'componentTest', 'development'].includes(r.group)) return allow
  if (r.group === 'invite') return role === 'nas' ? notFound : allow
  if (role === 'unauthenticated') return r.path === '/logout' ? to('/login') : toLogin
  if (role === 'nas') return r.group === 'nas' ? allow : notFound
  if (r.group === 'nas') return notFound
  if (r.path === '/business/register') {
    return role === 'admin' ? to('/business/profile') : role === 'member' ? notAllowed(role) : allow
  }
  if (r.path === '/business/upgrade') return role === 'member' ? notAllowed(role) : allow
  if (r.group === 'admin') {
    if (role === 'admin') return allow
    if (role === 'member') {
      return ['/business/billing/plan', '/business/billing/payment'].includes(r.path)
        ? to('/business/billing')
        : notAllowed(role)
    }
    return home
  }
  return allow
}

describe('the routes of the route tree (SPEC §2)', () => {
  it('every route declares who may see it', () => {
    expect(routes.filter((r) => r.options.staticData?.access === undefined).map((r) => r.id)).toEqual([])
  })

  it('SPEC §2: lists every route once', () => {
    expect([...routeTable.map((r) => r.path)].sort()).toEqual([...specPaths].sort())
    expect(new Set(routeTable.map((r) => r.path)).size).toBe(routeTable.length)
  })

  it('SPEC §2: strict routes are /business/register and /business/upgrade', () => {
    expect(routeTable.filter((r) => r.strict).map((r) => r.path)).toEqual([
      '/business/register',
      '/business/upgrade',
    ])
  })

  it('SPEC §2: roles per section', () => {
    const rolesOf = (group: RouteRule['group']) => [
      ...new Set(routeTable.filter((r) => r.group === group).map((r) => r.roles.join(','))),
    ]
    expect(rolesOf('public')).toEqual([roles.join(',')])
    expect(rolesOf('openToAll')).toEqual([roles.join(',')])
    expect(rolesOf('user')).toEqual(['user'])
    // The invitation link welcomes visitors and tells any account where it stands (SPEC §2 says member).
    expect(rolesOf('invite')).toEqual(['unauthenticated,user'])
    expect(rolesOf('adminOrUser')).toEqual(['admin,user'])
    expect(rolesOf('admin')).toEqual(['admin'])
    expect(rolesOf('nas')).toEqual(['nas'])
    expect(rule('/component-test').unguarded).toBe(true)
    expect(rule('/statecharts').developmentOnly).toBe(true)
  })

  it('layouts: auth pages unauthenticated, user pages (and the request views) main, business admin pages admin, flows simple', () => {
    expect(rule('/login').layout).toBe('unauthenticated')
    expect(rule('/dashboard').layout).toBe('main')
    expect(rule('/business/dashboard').layout).toBe('admin')
    expect(rule('/view/$srid').layout).toBe('main')
    expect(rule('/profile/signature-standards/eidas/video').layout).toBe('simple')
    expect(rule('/view/$id/$userid').layout).toBe('main')
    const nasFlows = routeTable.filter((r) => r.group === 'nas' && r.path !== '/view/$id/$userid')
    expect(nasFlows.every((r) => r.layout === 'simple')).toBe(true)
    expect(rule('/$')).toMatchObject({ layout: 'none', title: 'route.not_found' })
  })
})

describe('decideAccess over the whole table', () => {
  for (const role of roles) {
    it(`SPEC §2, §6: every route for role ${role}`, () => {
      for (const r of routeTable) {
        expect([r.path, decideAccess(r, contextFor(role))]).toEqual([r.path, expected(r, role)])
      }
    })
  }
})

describe('decideAccess special rules (SPEC §6)', () => {
  const decide = (path: string, role: Role, overrides: Partial<AccessContext> = {}) =>
    decideAccess(rule(path), contextFor(role, overrides))

  it('SPEC §6: cookies disabled send everyone to /cookiesblocked; cookies enabled there go home', () => {
    for (const role of roles) {
      for (const r of routeTable.filter((x) => !x.unguarded && x.path !== '/cookiesblocked')) {
        expect(decideAccess(r, contextFor(role, { cookiesEnabled: false }))).toEqual(to('/cookiesblocked'))
      }
      expect(decide('/cookiesblocked', role, { cookiesEnabled: false })).toEqual(allow)
      expect(decide('/cookiesblocked', role)).toEqual(to(homes[role]))
    }
    expect(decide('/component-test', 'user', { cookiesEnabled: false })).toEqual(allow)
  })

  it('SPEC §6: blocking maintenance forces /maintenance unless the internal cookie is set', () => {
    for (const role of roles) {
      expect(decide('/dashboard', role, { maintenanceBlocking: true })).toEqual(to('/maintenance'))
      expect(decide('/login', role, { maintenanceBlocking: true })).toEqual(to('/maintenance'))
      expect(decide('/maintenance', role, { maintenanceBlocking: true })).toEqual(allow)
      expect(decide('/maintenance', role, { maintenanceBlocking: true, internalCookie: true })).toEqual(
        to(homes[role]),
      )
    }
    expect(decide('/dashboard', 'user', { maintenanceBlocking: true, internalCookie: true })).toEqual(allow)
  })

  it('SPEC §6: a denied signed-out visitor goes to login and the target is remembered', () => {
    expect(decide('/business/dashboard', 'unauthenticated', { href: '/business/dashboard?tab=1' })).toEqual(
      to('/login', { search: { redirect: '/business/dashboard?tab=1' } }),
    )
    expect(decide('/logout', 'unauthenticated')).toEqual(to('/login'))
  })

  it('SPEC §6: a denied signed-in user gets the 404', () => {
    expect(decide('/business/dashboard', 'nas')).toEqual(notFound)
    expect(decide('/invite/$id', 'nas')).toEqual(notFound)
    expect(decide('/view/$id/$userid', 'admin')).toEqual(notFound)
  })

  it('SPEC §6: strict mode accepts only the exact role', () => {
    expect(isRoleAllowed(rule('/business/register'), 'user')).toBe(true)
    expect(isRoleAllowed(rule('/business/register'), 'member')).toBe(false)
    expect(isRoleAllowed(rule('/business/register'), 'admin')).toBe(false)
    expect(isRoleAllowed(rule('/business/upgrade'), 'member')).toBe(false)
    expect(isRoleAllowed(rule('/dashboard'), 'admin')).toBe(true)
    expect(isRoleAllowed(rule('/invite/$id'), 'admin')).toBe(true)
  })

  it('SPEC §6: a weak password forces /profile/change-password', () => {
    const weak = {
      user: {
        weakPassword: true,
        acceptedGtc: true,
        hasSso: false,
        hasNames: true,
        needsSecondFactor: false,
      },
    }
    for (const role of ['user', 'member', 'admin'] as const) {
      expect(decide('/dashboard', role, weak)).toEqual(to('/profile/change-password'))
      expect(decide('/business/members', role, weak)).toEqual(to('/profile/change-password'))
      expect(decide('/profile/change-password', role, weak)).toEqual(allow)
      expect(decide('/logout', role, weak)).toEqual(allow)
      expect(decide('/sorry', role, weak)).toEqual(allow)
    }
    // The page stays reachable even when the trial also holds an admin elsewhere.
    expect(decide('/profile/change-password', 'admin', { ...weak, paymentMethod: 'BLOCKED' })).toEqual(allow)
    expect(decide('/login', 'unauthenticated', weak)).toEqual(allow)
  })

  it('issue 42: a business requiring a second factor holds a member without one on /profile/security', () => {
    const bare = {
      user: {
        weakPassword: false,
        acceptedGtc: true,
        hasSso: false,
        hasNames: true,
        needsSecondFactor: true,
      },
    }
    for (const role of ['member', 'admin'] as const) {
      expect(decide('/dashboard', role, bare)).toEqual(to('/profile/security'))
      expect(decide('/business/members', role, bare)).toEqual(to('/profile/security'))
      expect(decide('/profile/security', role, bare)).toEqual(allow)
      expect(decide('/logout', role, bare)).toEqual(allow)
    }
    // A weak password is changed first.
    const weak = { user: { ...bare.user, weakPassword: true } }
    expect(decide('/profile/security', 'member', weak)).toEqual(to('/profile/change-password'))
  })

  it('SPEC §6: incomplete single sign-on (no names or terms not accepted) forces /signup/sso', () => {
    const sso = (hasNames: boolean, acceptedGtc: boolean) => ({
      user: { weakPassword: false, acceptedGtc, hasSso: true, hasNames, needsSecondFactor: false },
    })
    expect(decide('/dashboard', 'user', sso(false, true))).toEqual(to('/signup/sso'))
    expect(decide('/profile', 'user', sso(true, false))).toEqual(to('/signup/sso'))
    expect(decide('/signup/sso', 'user', sso(false, false))).toEqual(allow)
    expect(decide('/dashboard', 'user', sso(true, true))).toEqual(allow)
    expect(
      decide('/dashboard', 'user', {
        user: {
          weakPassword: false,
          acceptedGtc: false,
          hasSso: false,
          hasNames: false,
          needsSecondFactor: false,
        },
      }),
    ).toEqual(allow)
  })

  it('SPEC §6: admins leave the signup, register and signup-step pages for the business profile', () => {
    for (const path of ['/business/signup', '/business/register', '/business/signup/steps']) {
      expect(decide(path, 'admin')).toEqual(to('/business/profile'))
    }
  })

  it('SPEC §6: members on business pages see business.not_allowed and go home', () => {
    expect(decide('/business/dashboard', 'member')).toEqual(
      to('/dashboard', { message: 'business.not_allowed' }),
    )
    expect(decide('/business/signup', 'member')).toEqual(
      to('/dashboard', { message: 'business.not_allowed' }),
    )
  })

  it('SPEC §6: non-members may only see the signup and register business pages', () => {
    for (const path of [
      '/business/signup',
      '/business/signup/steps',
      '/business/register',
      '/business/upgrade',
    ]) {
      expect(decide(path, 'user')).toEqual(allow)
    }
    expect(decide('/business/settings', 'user')).toEqual(to('/dashboard'))
  })

  it.each(['NEEDS_PAYMENT_METHOD', 'BLOCKED'] as const)(
    'SPEC §6: with payment method %s admins are held on /business/members',
    (paymentMethod) => {
      expect(decide('/dashboard', 'admin', { paymentMethod })).toEqual(to('/business/members'))
      expect(decide('/business/billing', 'admin', { paymentMethod })).toEqual(to('/business/members'))
      expect(decide('/business/members', 'admin', { paymentMethod })).toEqual(allow)
      expect(decide('/business/upgrade', 'admin', { paymentMethod })).toEqual(allow)
      expect(decide('/logout', 'admin', { paymentMethod })).toEqual(allow)
      // Locked members get a dialog instead (SPEC §6), not a redirect.
      expect(decide('/dashboard', 'member', { paymentMethod })).toEqual(allow)
    },
  )

  it('SPEC §6: billing settings and usage send members to billing', () => {
    expect(decide('/business/billing/plan', 'member')).toEqual(to('/business/billing'))
    expect(decide('/business/billing/payment', 'member')).toEqual(to('/business/billing'))
  })

  it('SPEC §6: manually invoiced businesses go from billing to invoices', () => {
    for (const path of ['/business/billing', '/business/billing/plan', '/business/billing/payment']) {
      expect(decide(path, 'admin', { paymentMethod: 'MANUAL' })).toEqual(to('/business/billing/invoices'))
    }
    expect(decide('/business/billing/invoices', 'admin', { paymentMethod: 'MANUAL' })).toEqual(allow)
    expect(decide('/business/members', 'admin', { paymentMethod: 'MANUAL' })).toEqual(allow)
  })

  it.each([
    ['free_v1', true, to('/dashboard')],
    ['free_v1', false, to('/dashboard')],
    ['free_migrated', false, to('/dashboard')],
    ['free_migrated', true, allow],
    ['free_legacy', false, allow],
    [null, false, allow],
  ] as const)('SPEC §4, §6: /upload on plan %s (current plan %s)', (name, hasCurrentPlan, decision) => {
    expect(decide('/upload', 'user', { pricePlan: { name, hasCurrentPlan } })).toEqual(decision)
  })

  it('SPEC §6: /bye only right after account deletion', () => {
    expect(decide('/bye', 'unauthenticated', { justDeletedAccount: true })).toEqual(allow)
    expect(decide('/bye', 'unauthenticated')).toEqual(to('/login'))
  })

  it('/statecharts is open to all outside production and absent in production', () => {
    for (const role of roles) {
      expect(decide('/statecharts', role)).toEqual(allow)
      expect(decide('/statecharts', role, { production: true })).toEqual(notFound)
    }
  })

  it('home is the dashboard, a direct-link signer’s request, or login', () => {
    expect(homeOf({ role: 'admin', directSign: null })).toBe('/dashboard')
    expect(homeOf({ role: 'nas', directSign: { userId: 'u', requestId: 'r' } })).toBe('/view/r/u')
    expect(homeOf({ role: 'nas', directSign: null })).toBe('/login')
    expect(homeOf({ role: 'unauthenticated', directSign: null })).toBe('/login')
  })
})
