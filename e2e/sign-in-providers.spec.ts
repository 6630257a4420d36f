import { expect, test } from './fixtures.ts'
import { LoginPage } from './pages/login-page.ts'
import { createAccount } from './pages/test-account.ts'

test.describe('sign-in providers on /login, the sandbox standing in for them', () => {
  test('on a phone, by keyboard: "Continue with Google" signs an existing account in to the dashboard', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, 'Gina')
    await page.setViewportSize({ width: 390, height: 844 })
    const login = new LoginPage(page)
    await login.openLogin()

    const providers = page.getByRole('navigation', { name: 'Sign-in providers' })
    await expect(providers.getByRole('link')).toHaveText([
      'Continue with Google',
      'Continue with Microsoft',
      'Continue with the Swiss e-ID',
      'Continue with SwissID',
      'Continue with eID+',
    ])
    const google = providers.getByRole('link', { name: 'Continue with Google' })
    // Each shows its mark (an SVG the stylesheet draws before the name), within the phone's width.
    const mark = await google.evaluate((link) => getComputedStyle(link, '::before').maskImage)
    expect(mark).toContain('/sign-in/google.svg')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    // By keyboard: from the last button of the form, the next stop is the first provider.
    await page.getByRole('button', { name: 'Sign in with a passkey' }).focus()
    await page.keyboard.press('Tab')
    await expect(google).toBeFocused()
    await page.keyboard.press('Enter')

    await expect(page.getByRole('heading', { name: 'Sandbox identity provider' })).toBeVisible()
    await page.getByLabel('E-mail address').fill(account.email)
    await page.getByRole('button', { name: 'Sign in', exact: true }).press('Enter')

    await login.seeDashboard()
    // The token came in the fragment, which must not stay in the address bar.
    expect(new URL(page.url()).hash).toBe('')
  })
})
