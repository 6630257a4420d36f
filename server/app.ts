import { join } from 'node:path'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import type { Logger } from 'pino'
import { embedPagePrefix } from '../contract/embedding.ts'
import { apiBase } from '../contract/paths.ts'
import type { BackupServices } from './backup/write-backup.ts'
import type { BillingProviders } from './billing/billing-services.ts'
import { createBillingProviders, createChargeProvider } from './billing/create-billing-providers.ts'
import { sandboxSeller } from './billing/seller.ts'
import type { AppConfig } from './config.ts'
import type { Database } from './db/open-database.ts'
import type { PageRenderer } from './documents/render-pages.ts'
import { embedFrameAncestors } from './embedding/embed-frame-ancestors.ts'
import type { ApiKeyMode } from './http/authenticate.ts'
import { checkPathParameters } from './http/check-path-parameters.ts'
import { resolveClientAddress } from './http/client-address.ts'
import { createErrorHandler, notFoundHandler, routeNotFound } from './http/error-handler.ts'
import { rejectMalformedJson } from './http/reject-malformed-json.ts'
import { rejectUnsafeQuery } from './http/reject-unsafe-query.ts'
import { requestLogger, withRequestIds } from './http/request-logger.ts'
import { securityHeaders } from './http/security-headers.ts'
import { gzipThreshold } from './http/send-json.ts'
import { createStaticFiles } from './http/static-files.ts'
import { createIdentificationServices } from './identification/create-identification-services.ts'
import type { JobQueue } from './jobs/job-queue.ts'
import { unfinishedJobs } from './jobs/unfinished-jobs.ts'
import type { KeyRing } from './keys/key-ring.ts'
import { createMetrics } from './metrics/create-metrics.ts'
import { createQualifiedSigning } from './providers/csc/create-qualified-signing.ts'
import type { ErrorReporter } from './providers/error-reporting/start-error-reporting.ts'
import { outboxDir } from './providers/mail/create-mail-provider.ts'
import type { MailQueue } from './providers/mail/mail-queue.ts'
import { createOutbox } from './providers/mail/outbox.ts'
import { createMobileSigningProvider } from './providers/mobile-signing/create-mobile-signing-provider.ts'
import { createStatusPageProvider } from './providers/status-page/status-page-provider.ts'
import { createAccountSecurityRoutes } from './routes/account-security.ts'
import { createActivityRoutes } from './routes/activity.ts'
import { createApiUserRoutes } from './routes/api-users.ts'
import { createAppConfigRoutes } from './routes/app-config.ts'
import { createAuthRoutes } from './routes/auth.ts'
import { createBackupRoutes } from './routes/backup.ts'
import { createBillingRoutes } from './routes/billing.ts'
import { createBulkSendRoutes } from './routes/bulk-sends.ts'
import { createBusinessRoutes } from './routes/businesses.ts'
import { createCspReportRoutes } from './routes/csp-reports.ts'
import { createDatetimeRoutes } from './routes/datetime.ts'
import { createDevClockRoutes } from './routes/dev-clock.ts'
import { createDirectRoutes } from './routes/direct.ts'
import { createDocumentRoutes } from './routes/documents.ts'
import { createEmbeddingRoutes } from './routes/embedding.ts'
import { createHealthRoutes } from './routes/health.ts'
import { createIdentificationRoutes } from './routes/identification.ts'
import { createMetricsRoutes } from './routes/metrics.ts'
import { createMobileSigningRoutes } from './routes/mobile-signing.ts'
import { createObserveRoutes } from './routes/observe.ts'
import { createOpenApiRoutes } from './routes/openapi.ts'
import { createOutboxRoutes } from './routes/outbox.ts'
import { createPkiRoutes } from './routes/pki.ts'
import { createReferralRoutes } from './routes/referral.ts'
import { createSealRoutes } from './routes/seals.ts'
import { createSendtoRoutes } from './routes/sendto.ts'
import { createSignatureRequestRoutes } from './routes/signature-requests.ts'
import { createSignerGroupRoutes } from './routes/signer-groups.ts'
import { createSigningRoutes } from './routes/signing.ts'
import { createSsoRoutes } from './routes/sso.ts'
import { createStatusRoutes } from './routes/status.ts'
import { createSurveyRoutes } from './routes/surveys.ts'
import { createTemplateRoutes } from './routes/templates.ts'
import { createTwilioStatusRoutes } from './routes/twilio-status.ts'
import { createUserRoutes } from './routes/user.ts'
import { createValidateRoutes } from './routes/validate.ts'
import { createDirectVisualSignatureRoutes, createVisualSignatureRoutes } from './routes/visual-signatures.ts'
import type { ServerClock } from './server-clock.ts'
import type { RequestServices } from './signature-requests/request-services.ts'
import type { PlatformSigning } from './signing/signing-services.ts'
import type { ValidationPool } from './signing/validate-pool.ts'
import { skribbleBodyLimit } from './skribble/skribble-body.ts'
import { createSkribbleRoutes } from './skribble/skribble-routes.ts'
import { createFileStorage, type FileStorageOptions } from './storage/create-file-storage.ts'

/** What the app is composed from. */
export type AppOptions = {
  config: AppConfig
  db: Database
  /** Its lines written while a request is answered carry the request's id (see `withRequestIds`). */
  logger: Logger
  /** Sends the mails of requests after they are answered. */
  mail: MailQueue
  /** Writes work for later (a business's scheduled deletion) into the durable jobs. */
  jobs: Pick<JobQueue, 'enqueue' | 'wake' | 'laneOf'>
  /** The server's clock: token lifetimes, sign-in windows, trials, schedules. @default the system clock */
  now?: () => Date
  /** Outside production, the movable clock that `now` reads, for `/dev/clock`. @default none */
  devClock?: ServerClock
  /** Called when `/dev/clock` moved the clock, before the due jobs run. @default nothing */
  clockMoved?: () => void
  /** Directory of the built browser app. @default 'dist' */
  staticDir?: string
  /** Renders page images; the server starts it. @default none: page images answer 503 */
  renderer?: PageRenderer
  /** The PKI and timestamp authority; the server loads them. @default none: signing answers 503 */
  platform?: PlatformSigning
  /** Validates uploaded PDFs in worker threads; the server starts it. @default none: validation answers 503 */
  validator?: ValidationPool
  /** The card and subscription providers; the server makes them. @default made from `config` */
  billing?: BillingProviders | null
  /** Where unexpected errors go besides the log; the server starts it when SENTRY_DSN is set. @default none */
  errorReporter?: ErrorReporter | null
  /** What `POST /operator/backup` archives; the server gives it. @default none: no backups */
  backup?: BackupServices
  /** The key ring second-factor secrets are sealed with; the server loads it. @default none: they answer 503 */
  keys?: KeyRing
}

/** Largest uploaded document and largest total of one request's documents (issue 5). */
const defaultMaxDocumentBytes = 40 * 1024 * 1024
const defaultMaxRequestBytes = 60 * 1024 * 1024
/** Free signatures of a new account (SPEC §6 free_signatures_remaining). */
const defaultFreeSignatures = 10

/** Where uploaded PDFs and page images are stored: local disk under DATA_DIR. */
export function fileStorageOptions(config: AppConfig): FileStorageOptions {
  return { dataDir: config.dataDir, ...(config.s3 === undefined ? {} : { s3: config.s3 }) }
}

/** Largest document and largest total of one request's documents, as configured. */
export function requestLimits(config: AppConfig): RequestServices['limits'] {
  return {
    documentBytes: config.maxDocumentBytes ?? defaultMaxDocumentBytes,
    requestBytes: config.maxRequestBytes ?? defaultMaxRequestBytes,
  }
}

/** Where uploads are spooled while they are read and checked, before they are stored. */
export function uploadTempDir(config: AppConfig): string {
  return join(config.dataDir, 'tmp')
}

/** Composes the API under `/api` and the built browser app for every other path. */
export function createApp({
  config,
  db,
  logger: givenLogger,
  mail,
  jobs,
  now = () => new Date(),
  devClock,
  clockMoved,
  staticDir = 'dist',
  renderer,
  platform,
  validator,
  billing = createBillingProviders(config, { db, now, jobs }),
  errorReporter = null,
  backup,
  keys,
}: AppOptions): Hono {
  const logger = withRequestIds(givenLogger)
  const metrics = createMetrics({ db, now, laneOf: jobs.laneOf, validator })
  const production = config.appMode === 'production'
  const qualifiedSigning = createQualifiedSigning(config)
  const demoQualifiedSigning = qualifiedSigning === 'demo'
  const accounts = {
    db,
    now,
    mail,
    publicUrl: config.publicUrl,
    termsVersion: config.termsVersion,
    demoQualifiedSigning,
    logger,
    production,
    keys,
  }
  const requests: RequestServices & ApiKeyMode = {
    db,
    now,
    production,
    mail,
    publicUrl: config.publicUrl,
    logger,
    storage: createFileStorage(fileStorageOptions(config)),
    renderer,
    limits: requestLimits(config),
    tempDir: uploadTempDir(config),
  }
  const api = new Hono()
  // Text answers of 1 KB or more (CSV, PEM; JSON gzips itself in sendJson) go gzipped to clients that accept
  // it; PDFs, images and ZIPs are compressed already and go as they are.
  api.use(compress({ encoding: 'gzip', threshold: gzipThreshold }))
  api.use(rejectMalformedJson((path) => skribbleBodyLimit(path, requests.limits.documentBytes)))
  api.use(rejectUnsafeQuery)
  api.use(checkPathParameters)
  api.route('/', createHealthRoutes(db, now, jobs.laneOf))
  api.route('/', createMetricsRoutes(metrics, config.operatorToken))
  api.route('/', createDatetimeRoutes(now))
  api.route('/', createAppConfigRoutes(config))
  api.route(
    '/',
    createStatusRoutes({ statusPage: createStatusPageProvider({ source: config.statusPage, logger }) }),
  )
  api.route('/', createAuthRoutes(accounts))
  api.route('/', createUserRoutes(accounts))
  api.route('/', createAccountSecurityRoutes(accounts))
  api.route('/', createReferralRoutes({ db, now, production, referral: config.referral }))
  api.route('/', createSurveyRoutes({ db, now, production }))
  api.route('/', createSsoRoutes({ config, db, logger, now }))
  api.route('/', createSignatureRequestRoutes(requests))
  api.route('/', createDocumentRoutes(requests))
  api.route('/', createTemplateRoutes(requests))
  api.route('/', createBulkSendRoutes({ ...requests, jobs }))
  const signing = {
    ...requests,
    platform,
    freeSignatures: config.freeSignatures ?? defaultFreeSignatures,
    qualifiedSigning,
    mobileSigning: createMobileSigningProvider(config),
    keys,
  }
  api.route('/', createSigningRoutes(signing))
  api.route('/', createMobileSigningRoutes(signing))
  api.route('/', createTwilioStatusRoutes({ twilio: config.twilio, publicUrl: config.publicUrl, logger }))
  api.route('/', createPkiRoutes({ db, now, platform }))
  api.route('/', createDirectRoutes(signing))
  api.route('/', createSendtoRoutes(requests))
  api.route('/', createObserveRoutes(requests))
  const businesses = {
    db,
    now,
    mail,
    jobs,
    storage: requests.storage,
    publicUrl: config.publicUrl,
    logger,
    billing,
    production,
    seller: config.seller ?? (production ? null : sandboxSeller),
    demoQualifiedSigning,
    marketingForms: config.marketingFormUrl !== undefined,
  }
  api.route('/', createBusinessRoutes(businesses))
  api.route('/', createBillingRoutes(businesses))
  api.route('/', createActivityRoutes(businesses))
  api.route('/', createSealRoutes({ ...businesses, platform, qualifiedSigning }))
  const visual = { db, now, storage: requests.storage, publicUrl: config.publicUrl, production }
  api.route('/', createVisualSignatureRoutes(visual))
  api.route('/', createDirectVisualSignatureRoutes(visual))
  api.route('/', createApiUserRoutes({ db, now, production }))
  api.route('/', createSignerGroupRoutes({ db, now, production }))
  api.route('/', createSkribbleRoutes({ ...signing, laneOf: jobs.laneOf, demoQualifiedSigning, validator }))
  api.route('/', createEmbeddingRoutes({ db, now, production, publicUrl: config.publicUrl }))
  api.route('/', createValidateRoutes({ validator, maxBytes: requests.limits.documentBytes, now, db }))
  api.route(
    '/',
    createIdentificationRoutes({
      ...createIdentificationServices({
        db,
        now,
        publicUrl: config.publicUrl,
        production,
        logger,
        sandboxSecret: config.identificationSandboxSecret,
        idnow: config.idnow,
        idAustria: config.idAustria,
        charges: createChargeProvider(config, { db, now }, billing),
      }),
      production,
    }),
  )
  api.route(
    '/',
    createOpenApiRoutes(() => api.routes),
  )
  api.route('/', createCspReportRoutes({ db, now, logger }))
  const operator = config.appMode === 'development' ? 'anyone' : config.operatorToken
  if (backup !== undefined) api.route('/', createBackupRoutes(backup, operator))
  if (!production) {
    const outbox = createOutbox(outboxDir(config.dataDir))
    api.route(
      '/',
      createOutboxRoutes(outbox, operator, () => unfinishedJobs(db)),
    )
    if (devClock !== undefined)
      api.route(
        '/',
        createDevClockRoutes(devClock, operator, () => {
          clockMoved?.()
          jobs.wake()
        }),
      )
  }
  // Registered last, so it only answers paths no route above knows, whatever the method.
  api.all('*', (c) => {
    throw routeNotFound(c)
  })

  const app = new Hono()
  const policy = {
    production,
    stripe: config.stripe !== undefined,
    errorReportingOrigin:
      config.errorReporting === null || config.errorReporting.disabled
        ? null
        : new URL(config.errorReporting.dsn).origin,
    guidance: config.guidanceToken !== undefined,
    referral: config.referral !== undefined && !config.referral.sandbox,
  }
  // First, so that its headers reach every answer: error pages and the answers of the middleware below too.
  app.use(securityHeaders(policy))
  app.use(resolveClientAddress(config.trustedProxies ?? 0))
  app.use(requestLogger(logger))
  app.use(metrics.measureRequests)
  app.onError(createErrorHandler(logger, errorReporter))
  app.notFound(notFoundHandler)
  app.route(apiBase, api)
  app.use(`${embedPagePrefix}*`, embedFrameAncestors(db, policy))
  app.route('/', createStaticFiles(staticDir))
  return app
}
