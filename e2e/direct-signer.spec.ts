import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { e2eOperatorToken } from './operator-token.ts'
import { type OwnServer, startOwnServer } from './own-server.ts'
import { openBusiness, subscribeByCard } from './pages/business-api.ts'
import { addDocument } from './pages/request-api.ts'
import { mailedDirectLink, mailedTan } from './pages/signing-page.ts'
import { createAccount, signInAgain, signInTab, type TestAccount } from './pages/test-account.ts'
import { onePagePdf } from './pages/test-pdfs.ts'
import { UploadPage } from './pages/upload-page.ts'

const dayS = 24 * 60 * 60

// The journey moves the server's clock a month ahead for the retention notice, so it has a server of its own.
test.describe('a direct-link signer', () => {
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

  const auth = (account: TestAccount) => ({ Authorization: `Bearer ${account.token}` })
  const mailsTo = async (to: string) =>
    (
      (await (await api.get('/api/dev/outbox')).json()) as {
        mails: { id: string; to: string; subject: string }[]
      }
    ).mails.filter((m) => m.to.includes(to))

  /** The business deletes signed requests 30 days after they end, as its admin set it. */
  const turnRetentionOn = async (admin: TestAccount, businessId: string) => {
    const path = `/api/v1/businesses/${businessId}/settings`
    const settings = (await (await api.get(path, { headers: auth(admin) })).json()) as {
      signature_requests: Record<string, unknown>
    }
    settings.signature_requests.retention = { enabled: true, terminal_state: 'SIGNED' }
    const saved = await api.put(path, { headers: auth(admin), data: settings })
    expect(saved.ok(), await saved.text()).toBe(true)
  }

  test('reads and signs in the browser’s German, downloads what they signed, and follows the retention notice', async ({
    browser,
  }) => {
    test.setTimeout(180_000)
    const admin = await createAccount(api, 'Grace')
    const businessId = await openBusiness(api, admin, 'Hopper Treuhand AG')
    await subscribeByCard(api, businessId, admin)
    const tag = randomUUID().slice(0, 8)
    const title = `Mietvertrag ${tag}`
    const signer = `hans-${tag}@example.com`

    // The sender chose no language for this signer.
    const created = await api.post('/api/v3/signature-requests', {
      headers: auth(admin),
      data: {
        title,
        signatures: [
          { signer_identity_data: { email_address: signer, first_name: 'Hans', last_name: 'Muster' } },
        ],
      },
    })
    expect(created.ok(), await created.text()).toBe(true)
    const requestId = ((await created.json()) as { id: string }).id
    await addDocument(api, admin, requestId, await onePagePdf(`${title}.pdf`))
    const sent = await api.post(`/api/v3/signature-requests/${requestId}/initiate`, { headers: auth(admin) })
    expect(sent.ok(), await sent.text()).toBe(true)
    const link = await mailedDirectLink(api, signer, requestId)

    // A browser that prefers Swiss German gets the page in German, without an account.
    const swiss = await browser.newContext({ locale: 'de-CH', acceptDownloads: true })
    const page = await swiss.newPage()
    await page.goto(`${server.url}${link.pathname}${link.search}`)
    await expect(page.getByRole('heading', { name: title })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-ch')
    await expect(
      page.getByText('Bitte lesen Sie die Dokumente und unterschreiben oder lehnen Sie dann ab.'),
    ).toBeVisible()

    // It signs in German, and the TAN comes in the page's language.
    await page.getByRole('main').getByRole('button', { name: 'Unterschreiben', exact: true }).click()
    await page
      .getByRole('dialog', { name: 'Nutzungsbedingungen für das Unterschreiben' })
      .getByRole('button', { name: 'Zustimmen und weiter' })
      .click()
    const nameDialog = page.getByRole('dialog', { name: 'Ihre Unterschrift', exact: true })
    await expect(nameDialog.getByLabel('Name in Ihrer Unterschrift')).toHaveValue('Hans Muster')
    await nameDialog.getByRole('button', { name: 'Weiter' }).click()
    const tanDialog = page.getByRole('dialog', { name: 'TAN eingeben' })
    await expect(tanDialog).toBeVisible()
    const tan = await mailedTan(api, signer)
    expect((await mailsTo(signer)).map((m) => m.subject)).toContain(
      `Ihre Signet-TAN zum Unterschreiben von «${title}»`,
    )
    await tanDialog.getByLabel('TAN aus der E-Mail').fill(tan)
    await tanDialog.getByLabel('TAN aus der E-Mail').press('Enter')
    const overlay = page.locator('[data-overlay]')
    await expect(overlay.getByRole('heading', { name: 'Unterschrieben' })).toBeVisible({ timeout: 15_000 })
    await overlay.getByRole('button', { name: 'Fertig' }).click()

    // Afterwards the signer downloads the signed PDF.
    await expect(page.getByText('Sie haben diese Anfrage unterschrieben. Vielen Dank.')).toBeVisible()
    const downloading = page.waitForEvent('download')
    await page.getByRole('main').getByRole('button', { name: 'Herunterladen' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe(`${title} (signiert).pdf`)
    const bytes = await readFile(await download.path())
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    expect(bytes.toString('latin1')).toContain('/ByteRange')
    await swiss.close()

    // A month later automatic deletion is turned on: the notice reaches the signer in German, with a link that
    // opens the request without an account, where the signed PDF can still be downloaded.
    await moveClock(api, 31 * dayS)
    // A month on, the admin's token has expired: they sign in again.
    await turnRetentionOn(await signInAgain(api, admin), businessId)
    await moveClock(api, 60 * 60)
    let notice: { id: string; subject: string } | undefined
    await expect
      .poll(
        async () => {
          notice = (await mailsTo(signer)).find((m) => m.subject.startsWith(`«${title}» wird am`))
          return notice !== undefined
        },
        { timeout: 20_000 },
      )
      .toBe(true)
    const mail = (await (await api.get(`/api/dev/outbox/${notice?.id}`)).json()) as { links: string[] }
    const noticeLink = mail.links.map((l) => new URL(l)).find((url) => url.pathname.startsWith('/view/'))
    expect(noticeLink?.pathname).toBe(`/view/${requestId}/${link.pathname.split('/')[3]}`)
    const fresh = await browser.newContext({ acceptDownloads: true })
    const later = await fresh.newPage()
    await later.goto(`${server.url}${noticeLink?.pathname}${noticeLink?.search}`)
    await expect(later).toHaveURL(/\/view\/[0-9a-f-]{36}\/[0-9a-f-]{36}/)
    await expect(later.getByRole('heading', { name: title })).toBeVisible()
    // The page keeps the signer's language.
    await expect(later.locator('html')).toHaveAttribute('lang', 'de-ch')
    const again = later.waitForEvent('download')
    await later.getByRole('main').getByRole('button', { name: 'Herunterladen' }).click()
    expect((await again).suggestedFilename()).toBe(`${title} (signiert).pdf`)
    await fresh.close()
  })
})

async function moveClock(api: APIRequestContext, seconds: number) {
  const moved = await api.post('/api/dev/clock', { data: { advance_seconds: seconds } })
  expect(moved.ok(), await moved.text()).toBe(true)
}

test('a direct-link signer gets the language the sender picked for them, in the mail and on the page', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const owner = await createAccount(request, 'Olga')
  const tag = randomUUID().slice(0, 8)
  const title = `Contratto ${tag}`
  const outside = `lia-${tag}@example.com`
  const upload = new UploadPage(page)
  await signInTab(page, owner)
  await upload.openUpload()
  await upload.chooseFiles([await onePagePdf(`${title}.pdf`)])
  await upload.seeUploaded(`${title}.pdf`)
  await upload.addSigner(outside, 'Lia', 'Rossi', 'Italiano')
  await expect(page.getByRole('listitem').filter({ hasText: outside })).toContainText('Language: Italiano')
  await upload.clickSend()
  await expect(page).toHaveURL(/\/view\/[0-9a-f-]{36}$/)
  const requestId = new URL(page.url()).pathname.split('/')[2] ?? ''

  const link = await mailedDirectLink(request, outside, requestId)
  const list = (await (await request.get('/api/dev/outbox')).json()) as {
    mails: { to: string; subject: string }[]
  }
  expect(list.mails.filter((m) => m.to.includes(outside)).map((m) => m.subject)).toContain(
    `Olga Lovelace Le chiede di firmare «${title}»`,
  )
  // The signer's browser prefers English, but the sender's choice comes first.
  const outsider = await browser.newContext({ locale: 'en-GB' })
  const signerPage = await outsider.newPage()
  await signerPage.goto(`${link.pathname}${link.search}`)
  await expect(signerPage.getByRole('heading', { name: title })).toBeVisible()
  await expect(signerPage.locator('html')).toHaveAttribute('lang', 'it')
  await expect(signerPage.getByText('Legga i documenti, poi firmi o rifiuti.')).toBeVisible()
  await outsider.close()
})
