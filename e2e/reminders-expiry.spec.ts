import { randomUUID } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { e2eOperatorToken } from './operator-token.ts'
import { type OwnServer, startOwnServer } from './own-server.ts'
import { addDocument, createDraft } from './pages/request-api.ts'
import { RequestViewPage } from './pages/request-view-page.ts'
import { mailedDirectLink } from './pages/signing-page.ts'
import { createAccount, signInAgain, signInTab } from './pages/test-account.ts'
import { onePagePdf } from './pages/test-pdfs.ts'

const dayS = 24 * 60 * 60

/** The day `days` from now in the browser's and the server's time zone (both the machine's), as a date input takes it. */
function dayFromNow(days: number): string {
  const at = new Date(Date.now() + days * dayS * 1000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`
}

// Issue 40 §3. The journey moves the server's clock days ahead, so it has a server of its own.
test.describe('reminders and expiry', () => {
  let server: OwnServer
  let api: APIRequestContext

  test.beforeAll(async ({ playwright }) => {
    server = await startOwnServer('staging')
    api = await playwright.request.newContext({
      baseURL: server.url,
      extraHTTPHeaders: { 'x-operator-token': e2eOperatorToken },
    })
  })
  test.afterAll(async () => {
    await api?.dispose()
    await server?.stop()
  })

  test('a sender sets an expiry and reminders; once the clock passes it the request and the signer’s link say expired', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000)
    let owner = await createAccount(api, 'Olga')
    const tag = randomUUID().slice(0, 8)
    const title = `Offer ${tag}`
    const outside = `lia-${tag}@example.com`
    const id = await createDraft(api, owner, title, [outside])
    await addDocument(api, owner, id, await onePagePdf(`${title}.pdf`))
    const sent = await api.post(`/api/v3/signature-requests/${id}/initiate`, {
      headers: { Authorization: `Bearer ${owner.token}` },
    })
    expect(sent.ok(), await sent.text()).toBe(true)
    const link = await mailedDirectLink(api, outside, id)

    const view = new RequestViewPage(page)
    await signInTab(page, owner, server.url)
    await page.goto(`${server.url}/view/${id}`)
    await view.seeRequest(title, 'Open')
    await view.seeExpiry('Does not expire.')
    await view.chooseExpiry(dayFromNow(1))
    await view.seeExpiry(/^Expires on /)
    await view.seeHistoryEntry('Request details changed')
    await view.chooseReminders(2)
    await expect(
      page
        .getByRole('region', { name: 'Expiry and reminders' })
        .getByText('Signers are reminded every 2 days'),
    ).toContainText('at most 3 times')

    const moved = await api.post('/api/dev/clock', { data: { advance_seconds: 3 * dayS } })
    expect(moved.ok(), await moved.text()).toBe(true)
    // Sessions end within a day of the moved clock: the sender signs in again.
    owner = await signInAgain(api, owner)
    await signInTab(page, owner, server.url)
    await expect
      .poll(async () => {
        await page.goto(`${server.url}/view/${id}`)
        await view.seeHeading(title)
        return page.getByRole('main').getByText('Expired', { exact: true }).first().isVisible()
      })
      .toBe(true)
    await view.seeExpiry(/^Expired on /)
    await view.seeHistoryEntry('Expired')
    await view.seeSigner(outside, 'Not signed')
    await expect(page.getByRole('button', { name: 'Remind signers' })).toHaveCount(0)

    const mails = (await (await api.get('/api/dev/outbox')).json()) as {
      mails: { to: string; subject: string }[]
    }
    expect(mails.mails.filter((m) => m.to.includes(outside)).map((m) => m.subject)).toContain(
      `“${title}” has expired`,
    )

    const signer = await browser.newContext({ locale: 'en-GB' })
    const signerPage = await signer.newPage()
    await signerPage.goto(`${server.url}${link.pathname}${link.search}`)
    await expect(signerPage.getByRole('heading', { name: title })).toBeVisible()
    await expect(signerPage.getByText('This request has expired and can no longer be signed.')).toBeVisible()
    await expect(signerPage.getByRole('button', { name: 'Decline' })).toHaveCount(0)
    await signer.close()
  })
})
