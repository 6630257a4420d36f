import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './fixtures.ts'
import { type OwnServer, startOwnServer } from './own-server.ts'
import { ProfilePage } from './pages/profile-page.ts'
import { createAccount, signInTab, type TestAccount } from './pages/test-account.ts'

// SPEC §6: the terms dialog appears when the general terms are not accepted. Accounts accept the
// terms of their day; the server then publishes a new version (TERMS_VERSION) on the same data.
// Where this deployment publishes its terms; the dialogs link there.
const termsUrl = 'https://sign.example.ch/terms-2026-06'

test.describe('general terms in a new version', () => {
  test.describe.configure({ mode: 'serial' })
  let dataDir: string
  let server: OwnServer
  const accounts: TestAccount[] = []

  test.beforeAll(async ({ playwright }) => {
    dataDir = mkdtempSync(join(tmpdir(), 'signet-e2e-terms-'))
    const before = await startOwnServer('staging', { E2E_DATA_DIR: dataDir, TERMS_VERSION: '2026-01' })
    const api = await playwright.request.newContext({ baseURL: before.url })
    accounts.push(await createAccount(api), await createAccount(api))
    await api.dispose()
    await before.stop()
    server = await startOwnServer('staging', {
      E2E_DATA_DIR: dataDir,
      TERMS_VERSION: '2026-06',
      TERMS_URL: termsUrl,
    })
  })

  test.afterAll(async () => {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  test('the dialog asks again for the new version and goes once accepted', async ({ page, request }) => {
    const [account] = accounts
    if (!account) throw new Error('no account')
    const profile = new ProfilePage(page)
    await signInTab(page, account, server.url)
    await profile.open(`${server.url}/profile`)
    await profile.seeDialog('Please accept our general terms')
    // The terms being accepted can be read, in a new tab.
    const read = profile.dialog.getByRole('link', { name: /Read the general terms and conditions/ })
    await expect(read).toHaveAttribute('href', termsUrl)
    await expect(read).toHaveAttribute('target', '_blank')
    await page.keyboard.press('Escape')
    await profile.seeDialog('Please accept our general terms')
    await expect(profile.dialog.getByRole('button', { name: 'Close' })).toHaveCount(0)
    await profile.seeNoSeriousAccessibilityViolations()

    await profile.clickInDialog('Accept the terms')
    await profile.seeNoDialog()
    const user = await request.get(`${server.url}/api/v1/user`, {
      headers: { Authorization: `Bearer ${account.token}` },
    })
    expect(((await user.json()) as { attributes: Record<string, string[]> }).attributes.accepted_gtc).toEqual(
      ['2026-06'],
    )
    await page.reload()
    await profile.seeHeading('Your profile')
    await profile.seeNoDialog()
  })

  test('the dialog offers to sign out instead', async ({ page }) => {
    const [, account] = accounts
    if (!account) throw new Error('no account')
    const profile = new ProfilePage(page)
    await signInTab(page, account, server.url)
    await profile.open(`${server.url}/profile`)
    await profile.seeDialog('Please accept our general terms')
    await profile.clickInDialog('Sign out')
    await expect(page).toHaveURL(/\/login/)
    await profile.seeNoDialog()
    expect(await page.evaluate(() => sessionStorage.getItem('accessToken'))).toBeNull()
  })
})
