import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { type OwnServer, startOwnServer } from './own-server.ts'
import { AppPage } from './pages/app-page.ts'
import { createAccount, createAccountAt, signInTab } from './pages/test-account.ts'

// SPEC §7, §8: with the referral service's credentials the app loads its component for signed-in accounts with a
// token the server signs; without them it loads nothing and says nothing. The sandbox (CELLO_SANDBOX) serves the
// server's own stand-in of the service's script, so nothing leaves this machine.

/** Every request of the page that goes anywhere but `origin`, refused and noted. */
async function keepLocal(page: Page, origin: string): Promise<string[]> {
  const elsewhere: string[] = []
  await page.route('**/*', (route) => {
    const url = route.request().url()
    if (new URL(url).origin === origin || url.startsWith('data:') || url.startsWith('blob:'))
      return route.fallback()
    elsewhere.push(url)
    return route.abort()
  })
  return elsewhere
}

test.describe('the referral component', () => {
  let server: OwnServer

  test.beforeAll(async () => {
    server = await startOwnServer('staging', {
      CELLO_PRODUCT_ID: 'signet-e2e',
      CELLO_PRODUCT_SECRET: 'the-e2e-product-secret-of-cello',
      CELLO_SANDBOX: 'true',
    })
  })

  test.afterAll(async () => {
    await server?.stop()
  })

  test('boots for a signed-in account with its own token and language, and goes on sign-out', async ({
    page,
    playwright,
  }, testInfo) => {
    const elsewhere = await keepLocal(page, server.url)
    const account = await createAccountAt(playwright, server.url)
    const api = await playwright.request.newContext({ baseURL: server.url })
    const me = (await (
      await api.get('/api/v1/user', { headers: { Authorization: `Bearer ${account.token}` } })
    ).json()) as { id: string }
    await api.dispose()

    // Signed out, nothing of it.
    await page.goto(`${server.url}/login`)
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Refer a friend (sandbox)' })).toHaveCount(0)

    await signInTab(page, account, server.url)
    const screen = new AppPage(page)
    await screen.open(`${server.url}/dashboard`)
    const launcher = page.getByRole('button', { name: 'Refer a friend (sandbox)' })
    await launcher.click()
    await expect(page.getByRole('region', { name: 'Referral (sandbox)' })).toHaveText(
      `Product signet-e2e, user ${me.id}, language en`,
    )
    await testInfo.attach('referral', { body: await page.screenshot(), contentType: 'image/png' })
    // It stays on the account's other screens.
    await page.getByRole('link', { name: 'Profile' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(launcher).toHaveCount(1)

    // In German, it boots again in German.
    const panel = page.getByRole('region', { name: 'Referral (sandbox)' })
    await expect(panel).toHaveCount(1)
    await screen.chooseLanguage('Deutsch')
    // Booted again, it starts closed: a click before that would only close the English panel.
    await expect(panel).toHaveCount(0)
    await launcher.click()
    await expect(panel).toHaveText(/language de$/)

    await page.goto(`${server.url}/logout`)
    await expect(page).toHaveURL(/\/login/)
    await expect(launcher).toHaveCount(0)
    expect(elsewhere).toEqual([])
  })
})

test('without the referral service the app loads nothing of it and says nothing', async ({
  page,
  request,
  baseURL,
}) => {
  const elsewhere = await keepLocal(page, new URL(baseURL ?? '').origin)
  const asked: number[] = []
  page.on('response', (response) => {
    if (response.url().endsWith('/api/v1/user/cello')) asked.push(response.status())
  })
  const account = await createAccount(request)
  await signInTab(page, account)
  const screen = new AppPage(page)
  await screen.open('/dashboard')
  await expect(page.getByRole('heading', { name: 'Your signature requests' })).toBeVisible()
  await expect.poll(() => asked).toEqual([404])
  await expect(page.locator('script[src*="cello"]')).toHaveCount(0)
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(page.getByRole('button', { name: /Refer/ })).toHaveCount(0)
  expect(elsewhere).toEqual([])
})
