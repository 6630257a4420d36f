import { createHash } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { apiBase } from '../../contract/paths.ts'
import { guidanceServiceOrigins as guidance } from '../providers/guidance/guidance-service.ts'
import { referralServiceOrigins as referralService } from '../providers/referral/referral-service.ts'

/** Where browsers post what a Content-Security-Policy refused, under the API (server/routes/csp-reports.ts). */
export const cspReportPath = '/csp-reports'

/** What the app's policy admits beyond its own origin, from the configuration. */
export type SecurityHeaderOptions = {
  /** Production: HSTS, and none of the test systems' tools (the statecharts' Graphviz, the outbox's mail view). */
  production: boolean
  /** STRIPE_* is set: Stripe.js comes from js.stripe.com, draws its fields in its frames and calls its API. */
  stripe: boolean
  /** SENTRY_DSN's origin while error reporting is on: the SDK posts there and compresses replays in a worker. */
  errorReportingOrigin: string | null
  /** GUIDANCE_TOKEN is set: the guidance SDK loads from its origins, talks to its service and styles its tips. */
  guidance: boolean
  /** CELLO_* is set, without its sandbox: the referral component loads from the service and draws in its frame. */
  referral: boolean
}

/** Stripe's origins for Stripe.js and the Payment Element, as its security guide lists them. */
const stripeOrigins = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
}

type Directives = Record<string, readonly string[]>

const serialize = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ')

/**
 * Every policy reports what it refuses to the server, which logs it. By `report-uri` alone: Chromium ignores it
 * beside `report-to` and sends the Reporting API's reports batched, late or not at all (none came within a
 * minute from Chromium 156, `report-uri`'s at once), and Firefox knows no `report-to`.
 */
const reporting: Directives = { 'report-uri': [`${apiBase}${cspReportPath}`] }

/**
 * The app's policy: its scripts, styles, fonts and calls come from its own origin only, no inline script and
 * no eval, and no site may frame it. Stripe's origins are admitted only where Stripe is configured, Sentry's
 * only where error reporting is on, the guidance service's (with the inline styles its tips are drawn with)
 * only where it is configured, the referral service's likewise. Outside production, /statecharts compiles Graphviz' WebAssembly and
 * /dev/outbox shows a mail's HTML (written with style attributes) in a frame that inherits this policy.
 */
function appContentSecurityPolicy(
  { production, stripe, errorReportingOrigin, guidance: withGuidance, referral }: SecurityHeaderOptions,
  frameAncestors: readonly string[] = ["'none'"],
): string {
  const from = (origins: readonly string[]) => (withGuidance ? origins : [])
  const ofReferral = (origins: readonly string[]) => (referral ? origins : [])
  const reports = errorReportingOrigin === null ? [] : [errorReportingOrigin]
  return serialize({
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      ...(production ? [] : ["'wasm-unsafe-eval'"]),
      ...(stripe ? stripeOrigins.script : []),
      ...from(guidance.script),
      ...ofReferral(referralService.script),
    ],
    'style-src': ["'self'", ...from(["'unsafe-inline'"])],
    ...(production ? {} : { 'style-src-attr': ["'unsafe-inline'"] }),
    // The app shows page images, previews, signatures, seals and logos from object URLs of what it fetched.
    'img-src': ["'self'", 'blob:', ...from(guidance.img), ...ofReferral(referralService.img)],
    ...(withGuidance
      ? { 'font-src': ["'self'", ...guidance.font], 'media-src': ["'self'", ...guidance.media] }
      : {}),
    'connect-src': [
      "'self'",
      ...(stripe ? stripeOrigins.connect : []),
      ...reports,
      ...from(guidance.connect),
      ...ofReferral(referralService.connect),
    ],
    'frame-src': ["'self'", ...(stripe ? stripeOrigins.frame : []), ...ofReferral(referralService.frame)],
    'worker-src': ["'self'", ...(errorReportingOrigin === null ? [] : ['blob:'])],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': frameAncestors,
    ...reporting,
  })
}

/**
 * The app's policy for an embedded signing page (issue 41 §3), which exactly these origins may frame: the
 * embed origins of the API user that asked for its signing URL.
 */
export function embeddedPagePolicy(options: SecurityHeaderOptions, origins: readonly string[]): string {
  return appContentSecurityPolicy(options, origins)
}

/** The hash source of an inline `<style>` element's exact text, for a policy that admits only it. */
const styleHash = (css: string) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`

/**
 * The policy of a page the server writes itself (a sandbox provider's page, a refused return): no script at all,
 * its one inline stylesheet `css` by its hash, images and forms of this origin only.
 */
export function serverPageContentSecurityPolicy(css: string): string {
  return serialize({
    'default-src': ["'none'"],
    'style-src': [styleHash(css)],
    'img-src': ["'self'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...reporting,
  })
}

/** Adds {@link reporting} to a policy a route writes itself (the API reference's). */
export function withReporting(directives: Directives): string {
  return serialize({ ...directives, ...reporting })
}

/**
 * Powerful features nothing of the app uses: identification happens on the provider's own site, and only
 * Stripe's frame may ask for a payment (a wallet of the Payment Element) where Stripe is configured. Only
 * features Chromium knows: it warns of any other on every page.
 */
const permissionsPolicy = (stripe: boolean) =>
  [
    'accelerometer=()',
    'camera=()',
    'display-capture=()',
    'geolocation=()',
    'gyroscope=()',
    'hid=()',
    'magnetometer=()',
    'microphone=()',
    'midi=()',
    stripe ? 'payment=(self "https://js.stripe.com")' : 'payment=()',
    'serial=()',
    'usb=()',
  ].join(', ')

/** A script or stylesheet: never a document, so no policy of a document applies to it. */
const subresourceType = /^(text|application)\/(javascript|css)\b/i

/**
 * Middleware that gives every answer (API, app pages, static files, error pages) the security headers: the app's
 * {@link appContentSecurityPolicy} unless the route wrote a policy of its own, `nosniff`, the referrer policy,
 * the permissions policy, and in production HSTS (browsers heed it only over HTTPS, which a production server is
 * reached through). Scripts and stylesheets get `nosniff` alone: the others govern documents (HSTS is learned
 * from the page that loads them), and their 600 bytes on each of /login's scripts put it 6 KB over its budget
 * on HTTP/1.1 (e2e/wire.spec.ts).
 */
export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler {
  const nosniff = { 'X-Content-Type-Options': 'nosniff' }
  const headers: Record<string, string> = {
    'Content-Security-Policy': appContentSecurityPolicy(options),
    ...nosniff,
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': permissionsPolicy(options.stripe),
    ...(options.production ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  }
  return async (c, next) => {
    await next()
    const subresource = subresourceType.test(c.res.headers.get('Content-Type') ?? '')
    for (const [name, value] of Object.entries(subresource ? nosniff : headers)) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value)
    }
  }
}
