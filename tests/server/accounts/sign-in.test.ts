import { eq } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AccountServices } from '../../../server/accounts/account-services.ts'
import { hashPassword } from '../../../server/accounts/hash-password.ts'
import { signIn } from '../../../server/accounts/sign-in.ts'
import { type DatabaseHandle, openDatabase } from '../../../server/db/open-database.ts'
import { users } from '../../../server/db/schema/accounts.ts'
import { createTestDatabase, featureDrivers, type TestDatabase } from '../test-database.ts'

describe.each(featureDrivers)('signIn on %s', (driver) => {
  let testDatabase: TestDatabase
  let handle: DatabaseHandle
  let services: AccountServices

  beforeAll(async () => {
    testDatabase = await createTestDatabase(driver)
    handle = await openDatabase(testDatabase.database)
    await handle.migrate()
    services = {
      db: handle.db,
      now: () => new Date(),
      mail: { post: async () => {} },
      publicUrl: 'http://localhost',
      termsVersion: '2026-01',
      demoQualifiedSigning: true,
      logger: pino({ level: 'silent' }),
    }
  })

  afterAll(async () => {
    await handle?.close()
    await testDatabase?.drop()
  })

  const attributesOf = async (email: string) => {
    const [user] = await handle.db.select().from(users).where(eq(users.email, email))
    return user?.attributes
  }

  it('sets weak_password for a password from before the policy, and clears it once it passes', async () => {
    // Accounts created before the policy (or before it was tightened) keep passwords it refuses today.
    await handle.db.insert(users).values([
      { email: 'old@example.com', passwordHash: await hashPassword('secret'), attributes: { lang: ['it'] } },
      {
        email: 'fixed@example.com',
        passwordHash: await hashPassword('Correct-horse-42'),
        attributes: { weak_password: ['true'] },
      },
    ])
    const device = { userAgent: null, address: '192.0.2.1' }
    const answer = await signIn(services, { email: 'old@example.com', password: 'secret' }, device)
    expect(answer).toMatchObject({ tokenType: 'Bearer' })
    expect(await attributesOf('old@example.com')).toEqual({ lang: ['it'], weak_password: ['true'] })

    await signIn(services, { email: 'fixed@example.com', password: 'Correct-horse-42' }, device)
    expect(await attributesOf('fixed@example.com')).toEqual({})
  })
})
