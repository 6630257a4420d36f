import { mkdir } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import type { Logger } from 'pino'
import type { ApiErrorBody } from '../contract/errors.ts'
import { requestCallbackHandler, requestCallbackJob } from './api-users/request-callbacks.ts'
import { createApp, fileStorageOptions, requestLimits, uploadTempDir } from './app.ts'
import { paymentGraceHandler, paymentGraceJob } from './billing/apply-subscription.ts'
import { createBillingProviders, createChargeProvider } from './billing/create-billing-providers.ts'
import { billingSyncHandler, billingSyncJob } from './billing/provider-events.ts'
import { bulkSendRowHandler, bulkSendRowJob } from './bulk-sends/bulk-send-row-job.ts'
import { businessDeletionHandler, businessDeletionJob } from './businesses/business-deletion.ts'
import { trialEndHandler, trialEndJob } from './businesses/trial-end.ts'
import type { AppConfig } from './config.ts'
import { openDatabase } from './db/open-database.ts'
import { createPageRenderer, type PageRenderer } from './documents/render-pages.ts'
import { lingerAfterEarlyAnswers } from './http/linger-after-early-answers.ts'
import {
  identificationPaymentSyncHandler,
  identificationPaymentSyncJob,
} from './identification/sync-identification-payment.ts'
import { archiveRenewalHandler, archiveRenewalJob, scheduleArchiveRenewal } from './jobs/archive-renewal.ts'
import { createJobQueue, type JobKind, type JobQueue } from './jobs/job-queue.ts'
import { nightlyBackupHandler, nightlyBackupJob, scheduleNightlyBackup } from './jobs/nightly-backup.ts'
import { scheduleUpkeep, upkeepJob, upkeepJobHandler } from './jobs/upkeep.ts'
import { loadKeyRing } from './keys/load-key-ring.ts'
import { createLogger } from './logger.ts'
import { sandboxRenewJob } from './providers/billing/sandbox-billing-provider.ts'
import { type ErrorReporter, startErrorReporting } from './providers/error-reporting/start-error-reporting.ts'
import { createMailProvider } from './providers/mail/create-mail-provider.ts'
import type { MailProvider } from './providers/mail/mail-provider.ts'
import { createMailQueue, mailJob, mailJobHandler } from './providers/mail/mail-queue.ts'
import {
  createMarketingForms,
  marketingFormHandler,
  marketingFormJob,
} from './providers/marketing-forms/marketing-forms.ts'
import { createServerClock } from './server-clock.ts'
import { autoRemindHandler, autoRemindJob } from './signature-requests/auto-remind-signers.ts'
import { requestExpiryHandler, requestExpiryJob } from './signature-requests/expire-signature-request.ts'
import { senderReportPdf } from './signature-requests/request-report-pdf.ts'
import { archiveRenewalMs, loadPlatformSigning } from './signing/load-platform-signing.ts'
import {
  createValidationPool,
  type ValidationPool,
  type ValidationPoolOptions,
} from './signing/validate-pool.ts'
import { seedSandboxDomains } from './sso/sandbox/seed-sandbox-domains.ts'
import { ssoSettings } from './sso/sso-settings.ts'
import { createFileStorage } from './storage/create-file-storage.ts'

/** Options of {@link startServer} beyond the configuration, for tests and tools. */
export type StartServerOptions = {
  /** @default a pino logger at the configured level */
  logger?: Logger
  /** Directory of the built browser app. @default 'dist' */
  staticDir?: string
  /** The clock of token lifetimes, mailed links and sign-in windows. @default the system clock */
  now?: () => Date
  /** @default the outbox outside production, and SMTP when SMTP_URL is set */
  mailProvider?: MailProvider
  /** How long close() lets in-flight requests finish before cutting their connections. @default 10000 */
  shutdownTimeoutMs?: number
  /** Page render worker threads. @default available cores - 1, at least 1 */
  renderWorkers?: number
  /** How often the process looks for due jobs it did not enqueue itself. @default 1000 */
  jobPollMs?: number
  /** Workers, queue and time limit of PDF validation. @default one worker, 8 waiting, 20 s each */
  validation?: Omit<ValidationPoolOptions, 'trustedRoots'>
}

/** A running server. */
export type RunningServer = {
  /** Base address, e.g. `http://localhost:8080`. */
  url: string
  port: number
  /**
   * Stops accepting, lets in-flight requests finish and the jobs under way end (each bounded; jobs that do not
   * are handed back, due at once), then closes the database. Idempotent.
   */
  close(): Promise<void>
}

/**
 * Creates DATA_DIR if missing, opens and migrates the database, loads the PKI (created in DATA_DIR/pki on
 * the first start), then serves the app on `config.port` (0 picks a free port).
 */
export async function startServer(
  config: AppConfig,
  options: StartServerOptions = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel)
  await mkdir(config.dataDir, { recursive: true })
  const database = await openDatabase(config.database, (error) =>
    logger.warn({ err: error }, 'database connection lost while idle'),
  )
  let renderer: PageRenderer | undefined
  let validator: ValidationPool | undefined
  let jobs: JobQueue | undefined
  let errorReporter: ErrorReporter | null = null
  try {
    await database.migrate()
    // Outside production the clock can be moved forward (/dev/clock), unless a test brings its own.
    const devClock =
      options.now === undefined && config.appMode !== 'production' ? createServerClock() : undefined
    const now = options.now ?? devClock?.now ?? (() => new Date())
    // The PKI records its certificates in the migrated database as it loads (or is created on the first start).
    const platform = await loadPlatformSigning(config, database.db, now)
    // The ring loadPlatformSigning sealed every key with (second-factor secrets too) and opens them with.
    const keys = await loadKeyRing(config)
    // The sandboxes' company domains are there before the first call asks where its users sign in.
    const { sandbox } = ssoSettings(config)
    if (sandbox !== null)
      await seedSandboxDomains(database.db, { oidc: sandbox.issuer, saml: sandbox.samlIdp })
    const storage = createFileStorage(fileStorageOptions(config))
    const mailProvider = options.mailProvider ?? createMailProvider(config, logger)
    const handlers: Record<string, JobKind> = {
      [mailJob]: {
        lane: 'mail',
        run: mailJobHandler(mailProvider, storage, (id, locale) =>
          senderReportPdf({ db: database.db, now }, id, locale),
        ),
      },
    }
    const reporter = await startErrorReporting(config.errorReporting)
    errorReporter = reporter
    const queue = createJobQueue({
      db: database.db,
      logger,
      now,
      pollMs: options.jobPollMs,
      handlers,
      reporter,
    })
    const mail = createMailQueue(queue)
    handlers[upkeepJob] = {
      lane: 'upkeep',
      run: upkeepJobHandler({
        database,
        storage,
        tempDir: uploadTempDir(config),
        now,
        logger,
        mail,
        publicUrl: config.publicUrl,
      }),
    }
    // Jobs that mail write their mails into the same queue, so their handlers come once it exists.
    handlers[trialEndJob] = {
      lane: 'billing',
      run: trialEndHandler({ db: database.db, now, mail, publicUrl: config.publicUrl }),
    }
    const billing = createBillingProviders(config, { db: database.db, now, jobs: queue })
    const billingServices = {
      db: database.db,
      now,
      mail,
      jobs: queue,
      storage,
      publicUrl: config.publicUrl,
      logger,
      billing,
      marketingForms: config.marketingFormUrl !== undefined,
    }
    // A business's deletion cancels its subscription with the billing provider first.
    handlers[businessDeletionJob] = {
      lane: 'billing',
      run: businessDeletionHandler({ db: database.db, now, storage, billing }),
    }
    handlers[billingSyncJob] = { lane: 'billing', run: billingSyncHandler(billingServices) }
    handlers[paymentGraceJob] = { lane: 'billing', run: paymentGraceHandler(billingServices) }
    handlers[identificationPaymentSyncJob] = {
      lane: 'billing',
      run: identificationPaymentSyncHandler({
        db: database.db,
        now,
        charges: createChargeProvider(config, { db: database.db, now }, billing),
      }),
    }
    const followUp = { db: database.db, now, mail, publicUrl: config.publicUrl }
    handlers[requestExpiryJob] = { lane: 'mail', run: requestExpiryHandler(followUp) }
    handlers[autoRemindJob] = { lane: 'mail', run: autoRemindHandler(followUp) }
    handlers[requestCallbackJob] = {
      lane: 'callbacks',
      run: requestCallbackHandler({ db: database.db, now, production: config.appMode === 'production' }),
    }
    const marketingForms = createMarketingForms(config)
    if (marketingForms)
      handlers[marketingFormJob] = { lane: 'callbacks', run: marketingFormHandler(marketingForms) }
    if (billing?.sandbox) handlers[sandboxRenewJob] = { lane: 'billing', run: billing.sandbox.renewHandler() }
    const backup = { database, driver: config.database.driver, storage: fileStorageOptions(config), now }
    if (config.backup !== undefined)
      handlers[nightlyBackupJob] = {
        lane: 'upkeep',
        run: nightlyBackupHandler({ ...backup, backup: config.backup, logger }),
      }
    const pages = createPageRenderer({
      storage: fileStorageOptions(config),
      workers: options.renderWorkers,
      maxPages: config.maxPages,
    })
    renderer = pages
    handlers[archiveRenewalJob] = {
      lane: 'upkeep',
      run: archiveRenewalHandler({
        db: database.db,
        storage,
        renderer: pages,
        platform,
        queue,
        now,
        logger,
        renewalMs: archiveRenewalMs(config),
      }),
    }
    // A bulk send's rows start requests as the API does, with the same services.
    handlers[bulkSendRowJob] = {
      lane: 'bulk',
      run: bulkSendRowHandler({
        db: database.db,
        now,
        mail,
        publicUrl: config.publicUrl,
        logger,
        storage,
        renderer: pages,
        limits: requestLimits(config),
        tempDir: uploadTempDir(config),
      }),
    }
    jobs = queue
    queue.start()
    const upkeep = scheduleUpkeep(queue, database, now, logger)
    const nightly = config.backup === undefined ? undefined : scheduleNightlyBackup(queue, backup, logger)
    const archiveRenewal = scheduleArchiveRenewal(queue, database.db, now, logger)
    const validation = createValidationPool({
      ...options.validation,
      trustedRoots: async () => [
        ...(await platform.pki.roots()).map((root) => root.der),
        ...(config.csc?.trustAnchors ?? []),
      ],
    })
    validator = validation
    const app = createApp({
      config,
      db: database.db,
      logger,
      mail,
      jobs: queue,
      now,
      devClock,
      // The upkeep of the hour, the backup of the night and the archive renewal of the day the clock moved into
      // run at once: retention, cleanups and renewals fall due by it.
      clockMoved: () => {
        upkeep.enqueue()
        void nightly?.enqueue()
        archiveRenewal.enqueue()
      },
      staticDir: options.staticDir,
      renderer: pages,
      platform,
      validator: validation,
      billing,
      errorReporter: reporter,
      backup,
      keys,
    })
    const listener = getRequestListener(app.fetch)
    // Responses still running at shutdown must not keep their connection alive, or close() would wait for
    // the client's keep-alive timeout after the last answer.
    const inFlight = new Set<ServerResponse>()
    let stopping = false
    const server = createServer((req, res) => {
      // A request that comes once the server is stopping (on a connection kept alive) is not started: it would
      // hold up the stop, and a client tries a 503 again (after Retry-After), on the next process.
      if (stopping) {
        refuseWhileStopping(req, res)
        return
      }
      inFlight.add(res)
      res.once('close', () => inFlight.delete(res))
      void listener(req, res)
    })
    lingerAfterEarlyAnswers(server)
    // A client that reuses an idle connection (a balancer, whose idle timeout is commonly 60 s, or a browser)
    // must close it first: a request sent just as the server closes it is reset (ECONNRESET).
    server.keepAliveTimeout = 65_000
    server.headersTimeout = 66_000
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(config.port, () => {
        server.off('error', reject)
        resolve()
      })
    })
    const { port } = server.address() as AddressInfo
    const url = `http://localhost:${port}`
    logger.info(
      { url, appMode: config.appMode, database: config.database.driver },
      `Signet listening on ${url}`,
    )

    const shutdownTimeoutMs = options.shutdownTimeoutMs ?? 10_000
    let closing: Promise<void> | undefined
    const close = () => {
      closing ??= (async () => {
        stopping = true
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()))
        server.closeIdleConnections()
        for (const res of inFlight) {
          if (res.headersSent) res.once('finish', () => res.socket?.end())
          else res.setHeader('Connection', 'close')
        }
        const timer = setTimeout(() => {
          logger.warn({ shutdownTimeoutMs }, 'requests still running at shutdown: closing their connections')
          server.closeAllConnections()
        }, shutdownTimeoutMs)
        await stopped
        clearTimeout(timer)
        await Promise.all([pages.close(), validation.close()])
        upkeep.stop()
        nightly?.stop()
        archiveRenewal.stop()
        // Jobs under way finish or are handed back; the rest wait in the database for the next start, here or
        // elsewhere.
        await queue.stop(config.jobHandBackMs ?? 10_000)
        await reporter?.close()
        await database.close()
        logger.info('Signet stopped')
      })()
      return closing
    }
    return { url, port, close }
  } catch (error) {
    await Promise.all([renderer?.close(), validator?.close(), jobs?.stop(), errorReporter?.close()])
    await database.close()
    throw error
  }
}

/** Answers 503 `server.unavailable` and closes the connection: the server stops, another process takes over. */
function refuseWhileStopping(req: IncomingMessage, res: ServerResponse) {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname
  const body: ApiErrorBody = {
    status: 503,
    code: 'server.unavailable',
    message: 'The server is stopping: try again in a moment',
    path,
  }
  const text = JSON.stringify(body)
  res.writeHead(503, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    'Retry-After': '5',
    Connection: 'close',
  })
  res.end(text)
}
