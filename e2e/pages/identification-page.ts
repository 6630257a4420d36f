import { type APIRequestContext, expect, type Page } from '@playwright/test'
import type { TestAccount } from './test-account.ts'

/** Opens a business for the account through the API: in its trial the business pays for identification. */
export async function openBusinessFor(request: APIRequestContext, account: TestAccount, name: string) {
  const opened = await request.post('/api/v2/businesses', {
    headers: { authorization: `Bearer ${account.token}` },
    data: {
      name,
      email: `office-${account.email}`,
      billing: {
        address1: 'Bahnhofstrasse 1',
        city: 'Zürich',
        postal_code: '8001',
        country: 'ch',
        vat: 'CHE-123.456.789',
      },
    },
  })
  expect(opened.status(), await opened.text()).toBe(201)
}

/** Sends a request asking `quality` to one signer without an account, with one document; answers its id. */
export async function sendRequestAsking(
  request: APIRequestContext,
  account: TestAccount,
  title: string,
  signer: string,
  quality: 'aes' | 'qes',
  file: { name: string; mimeType: string; buffer: Buffer },
  legislation?: 'eidas' | 'zertes',
): Promise<string> {
  const headers = { authorization: `Bearer ${account.token}` }
  const created = await request.post('/api/v3/signature-requests', {
    headers,
    data: {
      title,
      quality,
      legislation,
      signatures: [{ signer_identity_data: { email_address: signer, first_name: 'Nora', last_name: 'Nas' } }],
    },
  })
  expect(created.ok(), await created.text()).toBe(true)
  const id = ((await created.json()) as { id: string }).id
  const uploaded = await request.post(`/api/v3/signature-requests/${id}/documents`, {
    headers,
    multipart: { file },
  })
  expect(uploaded.ok(), await uploaded.text()).toBe(true)
  const initiated = await request.post(`/api/v3/signature-requests/${id}/initiate`, { headers })
  expect(initiated.ok(), await initiated.text()).toBe(true)
  return id
}

/**
 * Starts a ZertES identification by `method` through the API and completes it at the sandbox provider, through
 * its page as a browser submits it (another tab's identification, or a quality needed before the journey's
 * own steps).
 */
export async function completeZertesIdentification(
  request: APIRequestContext,
  account: TestAccount,
  method: 'video' | 'autoident',
  /** The names the provider verified; without, none. */
  names?: { firstName: string; lastName: string },
) {
  const started = await request.post(`/api/v1/user/identification/zertes/${method}`, {
    headers: { authorization: `Bearer ${account.token}` },
  })
  expect(started.status(), await started.text()).toBe(201)
  const { ident_url: identUrl } = (await started.json()) as { ident_url: string }
  const completed = await request.post(new URL(identUrl).pathname, {
    form: {
      outcome: 'complete',
      ...(names ? { first_name: names.firstName, last_name: names.lastName } : {}),
    },
    maxRedirects: 0,
  })
  expect(completed.status()).toBe(303)
}

/** The identification flow's screens, as a person uses them. */
export class IdentificationFlowPage {
  readonly page: Page

  constructor(page: Page) {
    this.page = page
  }

  standard(name: string) {
    return this.page.getByTestId(`standard-${name}`).locator('[data-state]')
  }

  async seeStandard(name: string, state: 'available' | 'locked', text?: string) {
    await expect(this.standard(name)).toHaveAttribute('data-state', state)
    if (text) await expect(this.standard(name)).toHaveText(text)
  }

  async chooseLegislation(legislation: 'eidas' | 'zertes') {
    await this.page.getByTestId(`choose-${legislation}`).click()
    await expect(this.page).toHaveURL(new RegExp(`/${legislation}(\\?|$)`))
  }

  async chooseMethod(legislation: string, method: string) {
    await this.page
      .getByTestId(`method-${legislation}-${method}`)
      .getByRole('link', { name: 'Choose' })
      .click()
  }

  async agreeAndStart() {
    await this.page.getByRole('checkbox', { name: /I agree that the identification provider/ }).check()
    await this.page.getByRole('button', { name: 'Start identification' }).click()
    await expect(this.page).toHaveURL(/\/api\/sandbox\/identification\//)
  }

  /** Fills the identification licence's card form with a sandbox card and pays. */
  async payByCard(number: string) {
    const payment = this.page.getByTestId('identification-payment')
    await expect(payment.getByRole('heading', { name: 'Pay for your identification' })).toBeVisible()
    await payment.getByLabel('Card number').fill(number)
    await payment.getByLabel('Expiry date').fill('12 / 35')
    await payment.getByLabel('Security code').fill('123')
    await payment.getByRole('button', { name: 'Pay', exact: true }).click()
  }

  /**
   * Someone no business pays for buys one licence of the legislation on its methods page, with the sandbox's
   * card that is paid: the server starts no identification but the Austrian eID without one.
   */
  async payLicence(legislation: 'eidas' | 'zertes') {
    await this.page.goto(`/profile/signature-standards/${legislation}`)
    await this.page.getByRole('button', { name: /^Pay .+ for video and other methods$/ }).click()
    await this.payByCard('4242 4242 4242 4242')
    await expect(this.page.getByText('Your identification licence is paid.')).toBeVisible()
  }

  async finishAtProvider(outcome: 'Complete' | 'Fail' | 'Abandon') {
    await this.page.getByRole('button', { name: outcome }).click()
  }

  async seeDone() {
    // The flow polls every 5 s: the appointment, then the new quality.
    await expect(this.page.getByTestId('identification-done')).toBeVisible({ timeout: 30_000 })
    await expect(this.page.getByRole('heading', { name: 'You are identified' })).toBeVisible()
  }

  async seeFailed() {
    await expect(this.page.getByTestId('identification-failed')).toBeVisible({ timeout: 30_000 })
    await expect(this.page.getByText('Your signature standards are unchanged.')).toBeVisible()
  }

  async screenshots(path: (name: string) => string, name: string) {
    await this.page.screenshot({ path: path(`${name}-desktop.png`), fullPage: true })
    const size = this.page.viewportSize()
    await this.page.setViewportSize({ width: 390, height: 844 })
    await this.page.screenshot({ path: path(`${name}-phone.png`), fullPage: true })
    if (size) await this.page.setViewportSize(size)
  }
}
