import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { openBusiness } from './pages/business-api.ts'
import { createAccount, signInTab } from './pages/test-account.ts'

/** The API reference page (Swagger UI at /api/docs), as a developer uses it. */
class ApiReferencePage {
  readonly page: Page
  /** What went wrong on the page: a script or style the Content-Security-Policy refused, or an exception. */
  readonly errors: string[] = []

  constructor(page: Page) {
    this.page = page
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        this.errors.push(message.text())
      }
    })
    page.on('pageerror', (error) => this.errors.push(error.message))
  }

  async open() {
    await this.page.goto('/api/docs')
    await ApiReferencePage.seeRendered(this.page)
  }

  /**
   * Waits for Swagger UI's first render: it parses the half-megabyte description of 140 operations before it
   * shows anything, 2–3 s on a quiet machine and several times that on a busy two-core one.
   */
  static async seeRendered(page: Page) {
    await expect(page.getByRole('heading', { name: /Signet API/ })).toBeVisible({ timeout: 20_000 })
  }

  /** Shows only the operations of tags (or paths) containing `phrase`: the page lists the rest lazily. */
  async filter(phrase: string) {
    await this.page.getByPlaceholder('Filter by tag or path').fill(phrase)
  }

  operation(method: string, path: string): Locator {
    return this.page
      .locator(`.opblock-${method.toLowerCase()}`)
      .filter({ has: this.page.locator(`.opblock-summary-path[data-path="${path}"]`) })
  }

  async seeOperations(tag: string, operations: readonly (readonly [string, string, string])[]) {
    await this.filter(tag)
    await expect(this.page.getByRole('heading', { name: tag })).toBeVisible()
    for (const [method, path, summary] of operations) {
      const operation = this.operation(method, path)
      await expect(operation).toBeVisible()
      await expect(operation.locator('.opblock-summary-description')).toHaveText(summary)
    }
  }

  async authorizeWithBearer(token: string) {
    await this.page.getByRole('button', { name: 'Authorize', exact: true }).click()
    const dialog = this.page.locator('.modal-ux')
    await expect(dialog.getByRole('heading', { name: 'Available authorizations' })).toBeVisible()
    const bearer = dialog
      .locator('.auth-container')
      .filter({ has: this.page.getByRole('heading', { name: 'bearer (http, Bearer)' }) })
    await bearer.getByRole('textbox', { name: 'auth-bearer-value' }).fill(token)
    await bearer.getByRole('button', { name: 'Apply credentials' }).click()
    await expect(bearer.getByRole('heading', { name: 'Authorized' })).toBeVisible()
    await bearer.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
  }

  /** Opens the operation and executes it ("Try it out" is on from the start); answers its live response. */
  async tryOut(method: string, path: string): Promise<Locator> {
    const operation = this.operation(method, path)
    await operation.locator('.opblock-summary-control').click()
    await operation.getByRole('button', { name: 'Execute' }).click()
    const response = operation.locator('.live-responses-table .response')
    await expect(response).toBeVisible()
    return response
  }
}

test('a developer reads the API reference and tries GET /v1/user with their token', async ({
  page,
  request,
}, testInfo) => {
  // Swagger UI renders 140 operations before it answers, on each of the two loads here: on CI's busy two cores
  // that has taken a minute.
  test.setTimeout(120_000)
  const account = await createAccount(request, 'Ada')
  const reference = new ApiReferencePage(page)
  await reference.open()

  await reference.seeOperations('Signature requests', [
    ['GET', '/v3/signature-requests', 'List the requests the caller sends or signs'],
    ['POST', '/v3/signature-requests', 'Create a draft request'],
    ['POST', '/v3/signature-requests/{id}/initiate', 'Send a draft to its signers'],
  ])
  await testInfo.attach('api-reference', { body: await page.screenshot(), contentType: 'image/png' })

  // Without a token the call is refused, in the error shape the page describes.
  await reference.filter('Accounts')
  const refused = await reference.tryOut('GET', '/v1/user')
  await expect(refused.locator('.response-col_status')).toHaveText('401')
  await expect(refused.locator('.response-col_description')).toContainText('auth.unauthenticated')

  await reference.authorizeWithBearer(account.token)
  await reference.operation('GET', '/v1/user').getByRole('button', { name: 'Execute' }).click()
  const answer = reference.operation('GET', '/v1/user').locator('.live-responses-table .response')
  await expect(answer.locator('.response-col_status')).toHaveText('200')
  await expect(answer.locator('.response-col_description')).toContainText(`"email": "${account.email}"`)
  await testInfo.attach('api-reference-try-it-out', {
    body: await reference.operation('GET', '/v1/user').screenshot(),
    contentType: 'image/png',
  })

  // The token stays across a reload (persistAuthorization), so a developer does not paste it again.
  await page.reload()
  await ApiReferencePage.seeRendered(page)
  await expect(page.getByRole('button', { name: 'Authorize', exact: true })).toHaveClass(/locked/)
  await expect(page.locator('.btn.authorize.unlocked')).toHaveCount(0)

  // On a phone the same page reflows (no third load of the description).
  await page.setViewportSize({ width: 390, height: 844 })
  await reference.seeOperations('Signature requests', [
    ['GET', '/v3/signature-requests', 'List the requests the caller sends or signs'],
  ])
  await testInfo.attach('api-reference-phone', { body: await page.screenshot(), contentType: 'image/png' })
  expect(reference.errors).toEqual([])
})

test('the API users screen links to the reference and the OpenAPI description', async ({ page, request }) => {
  const admin = await createAccount(request, 'Grace')
  await openBusiness(request, admin, 'Reference Reader AG')
  await signInTab(page, admin)
  await page.goto('/business/developers/api')
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Calling the API' }) })
  const reference = card.getByRole('link', { name: /API reference/ })
  await expect(reference).toHaveAttribute('href', '/api/docs')
  await expect(reference).toHaveAttribute('target', '_blank')
  const description = card.getByRole('link', { name: 'OpenAPI description' })
  await expect(description).toHaveAttribute('href', '/api/openapi.json')

  // The reference opens in a tab of its own (the journey above reads it).
  const [docs] = await Promise.all([page.context().waitForEvent('page'), reference.click()])
  await expect(docs).toHaveURL(/\/api\/docs$/)
  const served = await request.get('/api/openapi.json')
  expect(((await served.json()) as { openapi: string }).openapi).toBe('3.1.0')
})
