import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { LoginPage } from './pages/login-page.ts'

/** A company user of the sandbox provider's domain, new each run. */
const companyAddress = () => `anna+${randomUUID().slice(0, 8)}@sso.signet.test`

/** /login up to the sandbox provider's sign-in page, by way of "Continue with your company". */
async function continueWithCompany(page: Page, email: string) {
  const login = new LoginPage(page)
  await login.openLogin()
  await page.getByLabel('E-mail address').fill(email)
  // The app asks for the company's provider when the address field is left.
  await page.getByLabel('E-mail address').blur()
  await page.getByRole('button', { name: 'Continue with your company' }).click()
  await expect(page.getByRole('heading', { name: 'Sandbox identity provider' })).toBeVisible()
  await expect(page.getByLabel('E-mail address')).toHaveValue(email)
}

test.describe('single sign-on with the sandbox identity provider', () => {
  test('a new company user signs in, completes the account at /signup/sso and reaches the dashboard', async ({
    page,
  }) => {
    const email = companyAddress()
    await continueWithCompany(page, email)
    await page.getByLabel('First name').fill('Anna')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()

    await expect(page).toHaveURL(/\/signup\/sso$/)
    await expect(page.getByRole('heading', { name: 'Complete your account' })).toBeVisible()
    // The token came in the fragment, which must not stay in the address bar.
    expect(new URL(page.url()).hash).toBe('')
    await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Anna')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByLabel('Last name', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    await page.getByLabel('Last name', { exact: true }).fill('Muster')
    await page.getByLabel('I accept the general terms and conditions.').check()
    await page.getByRole('button', { name: 'Continue' }).click()

    const login = new LoginPage(page)
    await login.seeDashboard()
    // Complete now: the guard lets the user stay where they go.
    await page.goto('/dashboard')
    await login.seeDashboard()
  })

  test('cancelling at the provider lands on /sso/error', async ({ page }) => {
    await continueWithCompany(page, companyAddress())
    await page.getByRole('button', { name: 'Cancel' }).click()
    await expect(page).toHaveURL(/\/sso\/error\?reason=access_denied$/)
    await expect(page.getByRole('heading', { name: 'Single sign-on did not work' })).toBeVisible()
    await expect(page.getByText('Error code for your IT administrator: access_denied')).toBeVisible()
  })
})

test('SAML: a new company user signs in through the sandbox SAML identity provider', async ({ page }) => {
  const email = `anna+${randomUUID().slice(0, 8)}@saml.signet.test`
  const login = new LoginPage(page)
  await login.openLogin()
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('E-mail address').blur()
  await page.getByRole('button', { name: 'Continue with your company' }).click()
  await expect(page.getByRole('heading', { name: 'Sandbox identity provider' })).toBeVisible()
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('First name').fill('Anna')
  await page.getByLabel('Last name').fill('Muster')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  // The HTTP-POST binding: the provider's page posts the signed answer to the app.
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible()
  await page.getByRole('button', { name: 'Continue' }).click()

  // Signed in, with the account made just in time from the assertion's names: terms are still to accept.
  await expect(page).toHaveURL(/\/signup\/sso$/)
  await expect(page.getByRole('heading', { name: 'Complete your account' })).toBeVisible()
  await expect(page.getByLabel('Last name', { exact: true })).toHaveValue('Muster')
})
