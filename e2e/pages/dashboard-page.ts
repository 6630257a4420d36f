import { type APIRequestContext, expect } from '@playwright/test'
import { AppPage } from './app-page.ts'
import { addDocument } from './request-api.ts'
import type { TestAccount } from './test-account.ts'
import { onePagePdf } from './test-pdfs.ts'

/** Makes a draft request with one signer and a one-page document through the real API and answers its id. */
export async function createRequest(request: APIRequestContext, account: TestAccount, title: string) {
  const created = await request.post('/api/v3/signature-requests', {
    headers: { Authorization: `Bearer ${account.token}` },
    data: {
      title,
      message: 'Please sign',
      signatures: [
        {
          signer_identity_data: {
            email_address: 'someone@example.com',
            first_name: 'Sam',
            last_name: 'Signer',
            language: 'en-gb',
          },
        },
      ],
    },
  })
  expect(created.ok(), await created.text()).toBe(true)
  const id = ((await created.json()) as { id: string }).id
  // The same one-page PDF in each: stored once, its page rendered once, however many requests a test makes.
  await addDocument(request, account, id, { ...(await onePage), name: `${title}.pdf` })
  return id
}

const onePage = onePagePdf('One page.pdf')

/** Sends a draft out to its signers through the real API. */
export async function initiateRequest(request: APIRequestContext, account: TestAccount, id: string) {
  const initiated = await request.post(`/api/v3/signature-requests/${id}/initiate`, {
    headers: { Authorization: `Bearer ${account.token}` },
  })
  expect(initiated.ok(), await initiated.text()).toBe(true)
}

/** The request list of /dashboard as a user sees it; methods map onto test steps. */
export class DashboardPage extends AppPage {
  async clickFilter(name: string) {
    await this.page.getByRole('navigation', { name: 'Filter requests' }).getByRole('link', { name }).click()
  }

  async seeActiveFilter(name: string) {
    const tabs = this.page.getByRole('navigation', { name: 'Filter requests' })
    await expect(tabs.getByRole('link', { name })).toHaveAttribute('aria-current', 'page')
  }

  async seeRequest(title: string, status?: string) {
    const link = this.page.getByRole('link', { name: new RegExp(title) })
    await expect(link).toBeVisible()
    if (status) await expect(link).toContainText(status)
  }

  async seeNoRequest(title: string) {
    await expect(this.page.getByRole('link', { name: new RegExp(title) })).toHaveCount(0)
  }

  async seeEmpty(text: string | RegExp) {
    await expect(this.page.getByRole('status').filter({ hasText: text })).toBeVisible()
  }

  async searchTitle(text: string) {
    await this.page.getByRole('searchbox', { name: 'Search by title' }).pressSequentially(text)
  }
}
