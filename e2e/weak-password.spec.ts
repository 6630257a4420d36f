import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { hashPassword } from '../server/accounts/hash-password.ts'
import { expect, test } from './fixtures.ts'
import { type OwnServer, startOwnServer } from './own-server.ts'
import { ProfilePage } from './pages/profile-page.ts'
import { createAccount, type TestAccount } from './pages/test-account.ts'

// SPEC §6: a user whose password no longer meets the policy is forced to change it. Such accounts
// predate the policy; this spec makes one by writing an old password hash into a real PostgreSQL
// database, then signs in through the app like that user would.
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const legacyPassword = 'password12'

test.describe('a password from before the policy', () => {
  test.describe.configure({ mode: 'serial' })
  const database = `signet_e2e_${randomBytes(6).toString('hex')}`
  let server: OwnServer
  let account: TestAccount

  test.beforeAll(async ({ playwright }) => {
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${database}`)
    await admin.end()
    const url = new URL(adminUrl)
    url.pathname = `/${database}`
    server = await startOwnServer('staging', { DATABASE_URL: url.href })
    const api = await playwright.request.newContext({ baseURL: server.url })
    account = await createAccount(api)
    await api.dispose()
    const db = new pg.Client({ connectionString: url.href })
    await db.connect()
    await db.query('update users set password_hash = $1 where email = $2', [
      await hashPassword(legacyPassword),
      account.email,
    ])
    await db.end()
  })

  test.afterAll(async () => {
    await server?.stop()
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`drop database if exists ${database}`)
    await admin.end()
  })

  test('signing in forces the change-password page, which says why, until it is changed', async ({
    page,
  }) => {
    const profile = new ProfilePage(page)
    await profile.open(`${server.url}/login`)
    await page.getByLabel('E-mail address').fill(account.email)
    await page.getByLabel('Password', { exact: true }).fill(legacyPassword)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/profile\/change-password$/)
    await expect(
      page.getByText('Your password no longer meets our password rules.', { exact: false }),
    ).toBeVisible()
    await profile.open(`${server.url}/profile/settings`)
    await expect(page).toHaveURL(/\/profile\/change-password$/)

    await profile.changePassword(legacyPassword, 'A much better 2nd one')
    await expect(page).toHaveURL(/\/dashboard$/)
    await profile.open(`${server.url}/profile/settings`)
    await profile.seeHeading('Settings')
  })
})
