import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { createAccount } from './pages/test-account.ts'

// Issue 42 §2: a passkey registered on /profile/security with Chromium's virtual authenticator, then signing
// in with it alone (no address, no password), then removing it.

/** A platform authenticator in `page`'s browser that holds discoverable passkeys and verifies its user. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  }
}

test('a passkey: registered, used to sign in without a password, removed', async ({ page, request }) => {
  const account = await createAccount(request, 'Ada', 'passkey')
  const authenticator = await addVirtualAuthenticator(page)
  await page.goto('/login')
  await page.getByLabel('E-mail address').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard$/)

  await page.goto('/profile/security')
  const card = page.getByRole('region', { name: 'Passkeys' })
  await card.getByLabel('Name of the new passkey').fill('Work laptop')
  await card.getByLabel('Password', { exact: true }).fill('not-the-password-1')
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(page.getByText('This password is not correct.')).toBeVisible()
  await card.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  const passkeys = page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem')
  await expect(passkeys).toHaveCount(1)
  await expect(passkeys.first()).toContainText('Work laptop')
  await expect(page.getByText('Passkey added.')).toBeVisible()
  await expect(card.getByLabel('Name of the new passkey')).toHaveValue('')
  expect(await authenticator.credentials()).toHaveLength(1)

  // Signed out, the passkey alone signs in: the browser offers it without an address.
  await page.goto('/logout')
  await expect(page).toHaveURL(/\/login/)
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/profile/security')
  await expect(passkeys.first()).toContainText('last used')

  await page.getByRole('button', { name: 'Remove passkey Work laptop' }).click()
  await expect(passkeys).toHaveCount(0)
  await expect(page.getByText('Passkey removed.')).toBeVisible()

  // Removed on the server, the passkey the browser still holds no longer signs in.
  await page.goto('/logout')
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page.getByText('This passkey could not be verified.')).toBeVisible()
  await expect(page).toHaveURL(/\/login/)
})
