import { randomBytes, randomUUID } from 'node:crypto'
import { pino } from 'pino'
import { apiUrl } from '../../../contract/paths.ts'
import type { SignatureQuality } from '../../../contract/signature-qualities.ts'
import { hashToken } from '../../../server/accounts/hash-token.ts'
import { createApp } from '../../../server/app.ts'
import { type Database, openDatabase } from '../../../server/db/open-database.ts'
import { sessions, users } from '../../../server/db/schema/accounts.ts'
import { apiUsers, businessMembers } from '../../../server/db/schema/businesses.ts'
import { identifications } from '../../../server/db/schema/identification.ts'
import { seals } from '../../../server/db/schema/seals.ts'
import { signatureRequests, signatures } from '../../../server/db/schema/signature-requests.ts'
import { createJobQueue } from '../../../server/jobs/job-queue.ts'
import { createMailQueue } from '../../../server/providers/mail/mail-queue.ts'
import { insertBusiness } from '../businesses/business-rows.ts'
import { testAppConfig } from '../test-app-config.ts'
import { createTestDatabase, type Driver } from '../test-database.ts'

/** The server's clock in these tests: the default range is the 30 days ending 2026-03-15. */
const today = new Date('2026-03-15T12:00:00Z')

/** A person made for a test: their account id, address and bearer token. */
export type Person = { id: string; email: string; token: string }

/**
 * The app in-process on its own database with the clock at {@link today}, and the rows the activity reads
 * (businesses, their people, requests, signatures, seals) written directly: what other parts of the product
 * write when people sign.
 */
export type ActivityApp = {
  db: Database
  call(method: string, path: string, token?: string): Promise<Response>
  /** A new account; `names` null for one without a name. */
  person(email: string, names?: { first: string; last: string } | null): Promise<Person>
  /** A business with `admin` as its admin. */
  business(name: string, admin: Person): Promise<string>
  join(businessId: string, person: Person, role: 'admin' | 'member', joinedAt?: Date): Promise<void>
  /** An API user of the business: an account of its own, without a session. */
  apiUser(businessId: string, username: string): Promise<string>
  seal(businessId: string, displayName: string): Promise<string>
  /** A request that `ownerId` sent at `at` (a draft when `draft`). */
  request(ownerId: string, title: string, at: Date, draft?: boolean): Promise<string>
  /** A signature of `signerId` on the request, signed at `signedAt` (open when null). */
  signature(
    requestId: string,
    signerId: string,
    signedAt: Date | null,
    quality?: SignatureQuality,
    sealId?: string,
  ): Promise<string>
  /** An identification of `userId` at the provider, completed at `completedAt` with `status`. */
  identification(
    userId: string,
    provider: 'eidas' | 'zertes',
    mode: 'video' | 'robo' | 'autoident',
    completedAt: Date,
    status?: 'success' | 'failure',
  ): Promise<string>
  stop(): Promise<void>
}

export async function startActivityApp(driver: Driver): Promise<ActivityApp> {
  const testDatabase = await createTestDatabase(driver)
  const config = testAppConfig(testDatabase.dataDir, { database: testDatabase.database })
  const handle = await openDatabase(config.database)
  await handle.migrate()
  const db = handle.db
  const logger = pino({ level: 'silent' })
  const now = () => today
  const jobs = createJobQueue({ db, handlers: {}, logger, now })
  const app = createApp({ config, db, logger, mail: createMailQueue(jobs), jobs, now })
  const emailOf = new Map<string, string>()
  return {
    db,
    call: async (method, path, token) =>
      app.request(apiUrl(path), {
        method,
        headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      }),
    async person(email, names = { first: 'Ada', last: 'Lovelace' }) {
      const [user] = await db
        .insert(users)
        .values({ email, emailVerified: true, firstName: names?.first, lastName: names?.last })
        .returning({ id: users.id })
      if (user === undefined) throw new Error('no user row')
      const token = randomBytes(24).toString('base64url')
      await db.insert(sessions).values({
        tokenHash: hashToken(token),
        userId: user.id,
        createdAt: today,
        expiresAt: new Date(today.getTime() + 60 * 60 * 1000),
      })
      emailOf.set(user.id, email)
      return { id: user.id, email, token }
    },
    business: (name, admin) => insertBusiness(db, name, admin.id, new Date('2026-01-01T00:00:00Z')),
    async join(businessId, person, role, joinedAt = new Date('2026-02-01T09:00:00Z')) {
      await db.insert(businessMembers).values({ userId: person.id, businessId, role, joinedAt })
    },
    async apiUser(businessId, username) {
      const email = `${username}@api.signet.invalid`
      const [user] = await db
        .insert(users)
        .values({ email, emailVerified: true, firstName: 'Machine', lastName: `(${username})` })
        .returning({ id: users.id })
      if (user === undefined) throw new Error('no user row')
      const created = new Date('2026-02-10T10:00:00Z')
      await db.insert(apiUsers).values({
        userId: user.id,
        businessId,
        username,
        keyHash: hashToken(randomBytes(16).toString('hex')),
        scope: 'sign',
        callbackSecret: 'secret',
        createdAt: created,
        keyIssuedAt: created,
      })
      emailOf.set(user.id, email)
      return user.id
    },
    async seal(businessId, displayName) {
      const [seal] = await db
        .insert(seals)
        .values({
          businessId,
          accountName: `seal-${randomUUID().slice(0, 8)}`,
          displayName,
          quality: 'aes',
          certificatePem: 'certificate',
          sealedPrivateKey: 'key',
          createdAt: today,
        })
        .returning({ id: seals.id })
      if (seal === undefined) throw new Error('no seal row')
      return seal.id
    },
    async request(ownerId, title, at, draft = false) {
      const [request] = await db
        .insert(signatureRequests)
        .values({ ownerId, title, statusOverall: draft ? 'DRAFT' : 'OPEN', createdAt: at, updatedAt: at })
        .returning({ id: signatureRequests.id })
      if (request === undefined) throw new Error('no request row')
      return request.id
    },
    async signature(requestId, signerId, signedAt, quality = 'ses', sealId) {
      const [signature] = await db
        .insert(signatures)
        .values({
          requestId,
          signerId,
          accountEmail: emailOf.get(signerId) ?? 'someone@example.com',
          status: signedAt === null ? 'OPEN' : 'SIGNED',
          signedAt,
          quality: signedAt === null ? null : quality,
          sealId,
        })
        .returning({ id: signatures.id })
      if (signature === undefined) throw new Error('no signature row')
      return signature.id
    },
    async identification(userId, provider, mode, completedAt, status = 'success') {
      const [row] = await db
        .insert(identifications)
        .values({
          userId,
          provider,
          mode,
          status,
          providerRef: `test-${randomUUID()}`,
          identUrl: 'https://provider.example/ident',
          createdAt: completedAt,
          updatedAt: completedAt,
          completedAt,
        })
        .returning({ id: identifications.id })
      if (row === undefined) throw new Error('no identification row')
      return row.id
    },
    async stop() {
      await handle.close()
      await testDatabase.drop()
    },
  }
}
