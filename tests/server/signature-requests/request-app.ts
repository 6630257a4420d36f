import { randomBytes } from 'node:crypto'
import { pino } from 'pino'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import { hashToken } from '../../../server/accounts/hash-token.ts'
import { createApp, fileStorageOptions, uploadTempDir } from '../../../server/app.ts'
import type { DatabaseConfig } from '../../../server/config.ts'
import { type Database, openDatabase } from '../../../server/db/open-database.ts'
import { sessions, users } from '../../../server/db/schema/accounts.ts'
import { createPageRenderer, type PageRenderer } from '../../../server/documents/render-pages.ts'
import { createJobQueue } from '../../../server/jobs/job-queue.ts'
import { createMailQueue } from '../../../server/providers/mail/mail-queue.ts'
import { createFileStorage } from '../../../server/storage/create-file-storage.ts'
import type { FileStorage } from '../../../server/storage/file-storage.ts'
import { testAppConfig } from '../test-app-config.ts'
import { createTestDatabase, type Driver } from '../test-database.ts'
import { testLimits } from './requests-client.ts'

/**
 * The app in-process on its own database, for what a test cannot do through the API: write what another
 * part of the product writes (a signed version of a document) or hold a row lock. Accounts are made
 * directly in the database, signed in with a session of their own.
 */
export type RequestApp = {
  db: Database
  database: DatabaseConfig
  storage: FileStorage
  /** Where the app spools uploads. */
  tempDir: string
  /** Reads its uploads and renders their pages. */
  renderer: PageRenderer
  call(method: string, path: string, options?: { token?: string; body?: unknown }): Promise<Response>
  /** Any call of the API at `path` (under /api), as `fetch` makes it. */
  request(path: string, init: RequestInit): Promise<Response>
  /** POST .../documents with `bytes` as the PDF titled `title`. */
  upload(token: string, id: string, bytes: Uint8Array, title: string): Promise<Response>
  /** A new account of `email`; answers its bearer token. */
  account(email: string): Promise<string>
  stop(): Promise<void>
}

/**
 * Starts the app of {@link RequestApp}; `renderer` reads its uploads and renders its page images (by default
 * one PDF worker of its own).
 */
export async function startRequestApp(driver: Driver, given?: PageRenderer): Promise<RequestApp> {
  const testDatabase = await createTestDatabase(driver)
  const config = testAppConfig(testDatabase.dataDir, { database: testDatabase.database, ...testLimits })
  const renderer = given ?? createPageRenderer({ storage: fileStorageOptions(config), workers: 1 })
  const handle = await openDatabase(config.database)
  await handle.migrate()
  const logger = pino({ level: 'silent' })
  // Mails are written as jobs, which no one runs here.
  const jobs = createJobQueue({ db: handle.db, handlers: {}, logger, now: () => new Date() })
  const mail = createMailQueue(jobs)
  const app = createApp({ config, db: handle.db, logger, mail, jobs, renderer })
  return {
    db: handle.db,
    database: config.database,
    storage: createFileStorage(fileStorageOptions(config)),
    tempDir: uploadTempDir(config),
    renderer,
    call: async (method, path, options = {}) =>
      app.request(apiUrl(path), {
        method,
        headers: {
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      }),
    request: async (path, init) => app.request(apiUrl(path), init),
    async upload(token, id, bytes, title) {
      const form = new FormData()
      form.set('title', title)
      form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), 'file.pdf')
      return app.request(apiUrl(apiPaths.signatureRequestDocuments(id)), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
    },
    async account(email) {
      const [user] = await handle.db
        .insert(users)
        .values({ email, emailVerified: true, firstName: 'Ada', lastName: 'Lovelace' })
        .returning()
      if (user === undefined) throw new Error('no user row')
      const token = randomBytes(24).toString('base64url')
      const now = new Date()
      await handle.db.insert(sessions).values({
        tokenHash: hashToken(token),
        userId: user.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + 60 * 60 * 1000),
      })
      return token
    },
    async stop() {
      if (given === undefined) await renderer.close()
      await handle.close()
      await testDatabase.drop()
    },
  }
}
