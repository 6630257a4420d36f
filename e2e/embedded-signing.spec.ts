import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, type Page, test } from '@playwright/test'
import { ApiUsersPage } from './pages/api-users-page.ts'
import { openBusiness } from './pages/business-api.ts'
import { mailedTan } from './pages/signing-page.ts'
import { createAccount, signInTab } from './pages/test-account.ts'
import { onePagePdf } from './pages/test-pdfs.ts'

/**
 * The host application's pages: docs/embed-host-example.html, served from its own origin on a port of its own.
 * Reached as http://localhost:<port> it is the origin the API user allows; as http://127.0.0.1:<port> it is a
 * third origin that may not frame the signing page.
 */
let host: Server
let hostPort: number

test.beforeAll(async () => {
  const page = await readFile(new URL('../docs/embed-host-example.html', import.meta.url))
  host = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    response.end(page)
  })
  await new Promise<void>((resolve) => host.listen(0, resolve))
  hostPort = (host.address() as AddressInfo).port
})
test.afterAll(async () => {
  await new Promise((resolve) => host?.close(resolve))
})

/** What the host page logged of Signet's messages. */
const hostLog = (page: Page) => page.getByRole('list', { name: 'Messages from Signet' })

// Not ./fixtures.ts' test: this journey provokes a Content-Security-Policy refusal and checks it itself.
test('a host page on an allowed origin embeds the signing page and hears signed; a third origin cannot frame it', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const allowed = `http://localhost:${hostPort}`
  const admin = await createAccount(request, 'Grace')
  const businessId = await openBusiness(request, admin, 'Hopper Staffing AG')
  const username = `hr-${randomUUID().slice(0, 8)}`
  const made = await request.post(`/api/v1/businesses/${businessId}/apis`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { username },
  })
  expect(made.status(), await made.text()).toBe(201)
  const { api_key: key } = (await made.json()) as { api_key: string }
  // Its admin lets the HR system's origin frame its signing pages, where the API users are managed.
  await signInTab(page, admin)
  const screen = new ApiUsersPage(page)
  await screen.open('/business/developers/api')
  await screen.setEmbedOrigins(username, 'http://hr.example.com')
  await screen.seeEmbedOriginsError('http://hr.example.com is not an https origin')
  await screen.setEmbedOrigins(username, allowed)
  await expect(page.getByText('Embedding origins saved')).toBeVisible()

  // The HR system sends an employment contract to a new employee without an account.
  const basic = { Authorization: `Basic ${Buffer.from(`${username}:${key}`).toString('base64')}` }
  const signer = `new-hire-${randomUUID().slice(0, 8)}@example.com`
  const created = await request.post('/api/v3/signature-requests', {
    headers: basic,
    data: {
      title: 'Employment contract',
      signatures: [
        { signer_identity_data: { email_address: signer, first_name: 'Ada', last_name: 'Byron' } },
      ],
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  const uploaded = await request.post(`/api/v3/signature-requests/${id}/documents`, {
    headers: basic,
    multipart: { file: await onePagePdf('contract.pdf') },
  })
  expect(uploaded.status(), await uploaded.text()).toBe(201)
  expect((await request.post(`/api/v3/signature-requests/${id}/initiate`, { headers: basic })).ok()).toBe(
    true,
  )
  const answer = await request.post(`/api/v3/signature-requests/${id}/signing-url`, {
    headers: basic,
    data: { account_email: signer },
  })
  expect(answer.status(), await answer.text()).toBe(201)
  const { url } = (await answer.json()) as { url: string }

  const context = await browser.newContext()
  const refused: string[] = []
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text())
  })

  // A page of a third origin cannot frame it: Chromium refuses by frame-ancestors, the page never runs.
  const intruder = await context.newPage()
  await intruder.goto(`http://127.0.0.1:${hostPort}/?signing_url=${encodeURIComponent(url)}`)
  await expect.poll(() => refused.join('\n')).toMatch(/frame-ancestors/)
  expect(refused.join('\n')).toContain(allowed)
  await expect(hostLog(intruder).getByRole('listitem')).toHaveCount(0)
  await intruder.close()

  // The allowed origin frames the same URL, which the blocked page never opened.
  const hostPage = await context.newPage()
  await hostPage.goto(`${allowed}/?signing_url=${encodeURIComponent(url)}`)
  await expect(hostLog(hostPage).getByRole('listitem')).toHaveText([`loaded ${id}`])
  const frame = hostPage.frameLocator('iframe')
  await expect(frame.getByRole('heading', { name: 'Employment contract' })).toBeVisible()
  await frame.getByRole('button', { name: 'Sign', exact: true }).click()
  await frame
    .getByRole('dialog', { name: 'Terms of use for signing' })
    .getByRole('button', { name: 'Agree and continue' })
    .click()
  const nameDialog = frame.getByRole('dialog', { name: 'Your signature', exact: true })
  await expect(nameDialog.getByLabel('Name on your signature')).toHaveValue('Ada Byron')
  await nameDialog.getByRole('button', { name: 'Continue' }).click()
  const tanDialog = frame.getByRole('dialog', { name: 'Enter your TAN' })
  await expect(tanDialog).toBeVisible()
  await tanDialog.getByLabel('TAN from the e-mail').fill(await mailedTan(request, signer))
  await tanDialog.getByLabel('TAN from the e-mail').press('Enter')
  await expect(hostLog(hostPage).getByRole('listitem')).toHaveText([`loaded ${id}`, `signed ${id}`], {
    timeout: 20_000,
  })
  // Nothing else was refused on the way.
  expect(refused.filter((text) => !/frame-ancestors/.test(text))).toEqual([])
  await context.close()
})
