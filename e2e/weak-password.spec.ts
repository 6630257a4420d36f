import { hashPassword } from '../server/accounts/hash-password.ts'
import { expect, test } from './fixtures.ts'
import { type OwnDatabaseServer, startOwnServerOnDatabase } from './own-server.ts'
import { ProfilePage } from './pages/profile-page.ts'
import { createAccountAt, type TestAccount } from './pages/test-account.ts'

// SPEC §6: a user whose password no longer meets the policy is forced to change it. Such accounts
// predate the policy; this spec makes one by writing an old password hash into a real PostgreSQL
// database, then signs in through the app like that user would.
const legacyPassword = 'password12'

test.describe('a password from before the policy', () => {
  test.describe.configure({ mode: 'serial' })
  let server: OwnDatabaseServer
  let account: TestAccount

  test.beforeAll(async ({ playwright }) => {
    server = await startOwnServerOnDatabase()
    account = await createAccountAt(playwright, server.url)
    await server.query('update users set password_hash = $1 where email = $2', [
      await hashPassword(legacyPassword),
      account.email,
    ])
  })

  test.afterAll(async () => {
    await server?.stop()
  })

  test('signing in forces the change-password page, which says why, until it is changed', async ({
    page,
  }) => {
    const profile = new ProfilePage(page)
    await profile.open(`${server.url}/login`)
    await page.getByLabel('E-mail address').fill(account.email)
    await page.getByLabel('Password', { exact: true }).fill(legacyPassword)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
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
