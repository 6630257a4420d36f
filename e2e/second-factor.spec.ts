import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { codeAt } from './pages/second-factor-api.ts'
import { createAccount } from './pages/test-account.ts'

// Issue 42 §1 and §4: two-step verification set up on /profile/security, then signing in with a code of the
// app and with a recovery code; a session signed out from another one is signed out on its next call.

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

test('two-step verification: set up, then sign in with a code and with a recovery code', async ({
  page,
  browser,
  request,
}) => {
  const account = await createAccount(request, 'Ada', 'totp')
  await signIn(page, account.email, account.password)
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/profile/security')
  await page.getByRole('button', { name: 'Set up two-step verification' }).click()
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? ''
  const twoStep = page.getByRole('region', { name: 'Two-step verification' })
  await twoStep.getByLabel('Password', { exact: true }).fill(account.password)
  await twoStep.getByLabel('Code from your authenticator app').fill(await codeAt(request, secret, 0))
  await page.getByRole('button', { name: 'Switch on' }).click()
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
  await expect(codes).toHaveCount(10)
  const recovery = (await codes.first().textContent()) ?? ''

  // Another browser: the password, then a code of the app (the one just used is spent: the next one).
  const other = await browser.newPage()
  await signIn(other, account.email, account.password)
  await other.getByLabel('Code').fill('000000')
  await other.getByRole('button', { name: 'Verify' }).click()
  await expect(other.getByText('This code is not correct.')).toBeVisible()
  // The code that switched it on is spent: the app's next one signs in.
  await other.getByLabel('Code').fill(await codeAt(request, secret, 1))
  await other.getByRole('button', { name: 'Verify' }).click()
  await expect(other).toHaveURL(/\/dashboard$/)

  // A third one, with a recovery code instead; then the security page counts what is left.
  const third = await browser.newPage()
  await signIn(third, account.email, account.password)
  await third.getByLabel('Code').fill(recovery)
  await third.getByRole('button', { name: 'Verify' }).click()
  await expect(third).toHaveURL(/\/dashboard$/)
  await third.goto('/profile/security')
  await expect(third.getByText('On. You have 9 recovery codes left.')).toBeVisible()

  // Signing the first browser out from the third: its next call finds it signed out.
  await third.getByRole('button', { name: 'Sign out everywhere else' }).click()
  await expect(third.getByRole('button', { name: 'Sign out', exact: true })).toHaveCount(0)
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/login/)
  await other.close()
  await third.close()
})
