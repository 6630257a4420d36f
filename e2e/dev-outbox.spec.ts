import { ports } from '../playwright.config.ts'
import { expect, test } from './fixtures.ts'
import { type OwnServer, startOwnServer } from './own-server.ts'
import { AppPage } from './pages/app-page.ts'
import { DevOutboxPage } from './pages/dev-outbox-page.ts'

// A server of its own: the empty outbox must be empty, whatever the other specs mail meanwhile.
test.describe.configure({ mode: 'serial' })

let server: OwnServer

test.beforeAll(async () => {
  server = await startOwnServer('staging')
})

test.afterAll(async () => {
  await server?.stop()
})

test.describe('development outbox (/dev/outbox)', () => {
  test('an empty outbox says so', async ({ page }) => {
    const outbox = new DevOutboxPage(page)
    await outbox.open(server.url)
    await outbox.seeEmpty()
    await new AppPage(page).seeNoSeriousAccessibilityViolations()
  })

  test('a mailed confirmation is listed, readable, and its link can be followed', async ({
    page,
    request,
  }) => {
    const email = `outbox-${Date.now()}@example.com`
    const answer = await request.post(`${server.url}/api/v1/request-confirmation`, {
      data: { email, flow: 'signup' },
    })
    expect(answer.ok()).toBe(true)

    const outbox = new DevOutboxPage(page)
    await outbox.open(server.url)
    // The list polls, so the mail shows up without a reload once the server has written it.
    await outbox.seeMailListed(email, /Confirm your e-mail address/)
    await outbox.openMail(/Confirm your e-mail address/)
    await expect(page).toHaveURL(/\/dev\/outbox\?mail=/)
    await outbox.seeTextPart(/please confirm your e-mail address/)
    const html = await outbox.htmlPart()
    await expect(html.getByRole('link', { name: 'Confirm e-mail address' })).toBeVisible()
    await outbox.seeNoSeriousAccessibilityViolations()

    const link = outbox.link(/\/signup\/confirm\?token=/)
    await expect(link).not.toHaveAttribute('target', '_blank')
    await link.click()
    // The confirmation page checks the token and moves on to the signup steps.
    await expect(page).toHaveURL(/\/signup\/steps\?token=/)
  })

  test('a mail that is not there says so', async ({ page }) => {
    await page.goto(`${server.url}/dev/outbox?mail=no-such-mail`)
    await expect(page.getByText('There is no such mail in the outbox.')).toBeVisible()
  })

  test('in production the page does not exist', async ({ page }) => {
    const app = new AppPage(page)
    await app.open(`http://localhost:${ports.production}/dev/outbox`)
    await app.seeHeading('Page Not Found')
  })
})
