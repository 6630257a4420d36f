import { expect, test } from './fixtures.ts'
import { createAccount, signInTab } from './pages/test-account.ts'

test.describe('identification', () => {
  test('a zertes video identification through the sandbox provider unlocks the qualified Swiss standard', async ({
    page,
    request,
  }, testInfo) => {
    const account = await createAccount(request, 'Grace')
    await signInTab(page, account)
    await page.goto('/profile/signature-standards')

    const standard = (name: string) => page.getByTestId(`standard-${name}`).locator('[data-state]')
    await expect(standard('ses')).toHaveAttribute('data-state', 'available')
    await expect(standard('aes')).toHaveAttribute('data-state', 'locked')
    await expect(standard('qes_zertes')).toHaveAttribute('data-state', 'locked')
    await expect(standard('qes_eidas')).toHaveAttribute('data-state', 'locked')
    // Without a business: the SPEC §2 "not covered" methods, with the price of the licence.
    await expect(page.getByTestId('method-zertes-loc')).toBeVisible()
    await expect(page.getByTestId('method-zertes-external-sc')).toBeVisible()
    await expect(page.getByTestId('method-zertes-video')).toHaveCount(0)
    await expect(page.getByTestId('legislation-zertes')).toContainText('59.00')
    await page.screenshot({ path: testInfo.outputPath('standards-not-covered.png'), fullPage: true })

    // In a business's trial, the business pays: video identification is offered.
    const opened = await request.post('/api/v2/businesses', {
      headers: { authorization: `Bearer ${account.token}` },
      data: {
        name: 'Hopper AG',
        email: 'office@hopper.example',
        billing: {
          address1: 'Bahnhofstrasse 1',
          city: 'Zürich',
          postal_code: '8001',
          country: 'ch',
          vat: 'CHE-123.456.789',
        },
      },
    })
    expect(opened.status()).toBe(201)
    await page.reload()
    await expect(page.getByTestId('method-zertes-auto')).toBeVisible()
    await page.screenshot({ path: testInfo.outputPath('standards-desktop.png'), fullPage: true })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: testInfo.outputPath('standards-phone.png'), fullPage: true })
    await page.setViewportSize({ width: 1280, height: 800 })

    // The start goes to the provider's page (the sandbox, on our server), prefilled from the user.
    await page.getByTestId('method-zertes-video').getByRole('button').click()
    await expect(page).toHaveURL(/\/api\/sandbox\/identification\//)
    await expect(page.getByLabel('First name')).toHaveValue('Grace')
    await page.getByRole('button', { name: 'Complete' }).click()

    await expect(page).toHaveURL(/\/profile\/signature-standards\?identification=done$/)
    await expect(page.getByRole('status')).toBeVisible()
    await expect(standard('qes_zertes')).toHaveAttribute('data-state', 'available')
    await expect(standard('aes')).toHaveAttribute('data-state', 'available')
    await expect(standard('qes_eidas')).toHaveAttribute('data-state', 'locked')
    await page.screenshot({ path: testInfo.outputPath('standards-done.png'), fullPage: true })
  })
})
