import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { e2eOperatorToken } from './operator-token.ts'
import { type OwnServer, startOwnServer } from './own-server.ts'
import { ActivityPage } from './pages/activity-page.ts'
import { openBusiness, subscribeByCard } from './pages/business-api.ts'
import { BusinessPage } from './pages/business-page.ts'
import { addDocument, createDraft } from './pages/request-api.ts'
import { createAccount, signInAgain, signInTab } from './pages/test-account.ts'
import { onePagePdf } from './pages/test-pdfs.ts'

const dayS = 24 * 60 * 60

// The journey moves the server's clock weeks ahead and looks into its data folder, so it has a server of its own.
test.describe('automatic deletion', () => {
  let dataDir: string
  let server: OwnServer
  let api: APIRequestContext

  test.beforeAll(async ({ playwright }) => {
    dataDir = mkdtempSync(join(tmpdir(), 'signet-e2e-retention-'))
    server = await startOwnServer('staging', { E2E_DATA_DIR: dataDir })
    api = await playwright.request.newContext({
      baseURL: server.url,
      extraHTTPHeaders: { 'x-operator-token': e2eOperatorToken },
    })
  })
  test.afterAll(async () => {
    await api?.dispose()
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const moveClock = async (seconds: number) => {
    const moved = await api.post('/api/dev/clock', { data: { advance_seconds: seconds } })
    expect(moved.ok(), await moved.text()).toBe(true)
  }
  const mailSubjects = async (to: string) => {
    const list = (await (await api.get('/api/dev/outbox')).json()) as {
      mails: { to: string; subject: string }[]
    }
    return list.mails.filter((m) => m.to === to).map((m) => m.subject)
  }
  const stored = (sha256: string) => join(dataDir, 'files', 'documents', sha256.slice(0, 2), `${sha256}.pdf`)

  test('an admin turns it on; a signed request is announced, then deleted with its files, not its activity', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000)
    let admin = await createAccount(api, 'Grace')
    const businessId = await openBusiness(api, admin, 'Hopper Archive AG')
    await subscribeByCard(api, businessId, admin)

    // The admin signs a one-page agreement of their own.
    const file = await onePagePdf('agreement.pdf')
    const id = await createDraft(api, admin, 'Old agreement', [admin.email])
    await addDocument(api, admin, id, file)
    const auth = { Authorization: `Bearer ${admin.token}` }
    expect((await api.post(`/api/v3/signature-requests/${id}/initiate`, { headers: auth })).ok()).toBe(true)
    const signed = await api.post('/api/v3/sign', {
      headers: auth,
      data: { signature_requests: [{ signature_request_id: id }], language: 'en' },
    })
    expect(signed.ok(), await signed.text()).toBe(true)
    const view = (await (await api.get(`/api/v3/signature-requests/${id}`, { headers: auth })).json()) as {
      documents: { id: string }[]
      signatures: { signed_at: string | null }[]
    }
    const documentId = view.documents[0]?.id ?? ''
    const signedDay = view.signatures[0]?.signed_at?.slice(0, 10) ?? ''
    const signedPdf = await api.get(`/api/v3/documents/${documentId}/download?signed=true`, { headers: auth })
    const hashes = [file.buffer, await signedPdf.body()].map((b) =>
      createHash('sha256').update(b).digest('hex'),
    )
    for (const sha256 of hashes) expect(existsSync(stored(sha256))).toBe(true)

    // A month later the admin turns automatic deletion on; the dialog counts what it would delete.
    await moveClock(31 * dayS)
    admin = await signInAgain(api, admin)
    await signInTab(page, admin, server.url)
    const screen = new BusinessPage(page)

    // The business's activity of that day: the signature, in the list, the statistics and the cost centre report.
    const activity = new ActivityPage(page)
    const monthly = page.getByRole('table', { name: 'Signatures per month, by quality' })
    const thatDay = `${server.url}/business/activity?tab=signatures&start_date=${signedDay}&end_date=${signedDay}`
    await activity.open(thatDay)
    await activity.seeRow('Signatures', ['Grace Lovelace', admin.email, 'Old agreement', 'SES'])
    await expect(monthly.getByRole('row').last().getByRole('cell')).toHaveText(['1', '0', '0', '1'])
    const costCentres = await activity.download('Cost centre report (CSV)')
    expect(costCentres.records).toContainEqual([
      'Grace Lovelace',
      admin.email,
      'Admin',
      '1',
      '0',
      '0',
      '0',
      '1',
    ])

    await screen.open(`${server.url}/business/settings`)
    await expect(page.getByText('Off: ended requests are kept until someone deletes them.')).toBeVisible()
    await page.getByRole('button', { name: 'Turn on automatic deletion' }).click()
    await screen.seeDialog('Turn on automatic deletion?')
    // It says what goes and what stays.
    await expect(screen.dialog).toContainText(
      'Deleted: the documents and their signed versions, attachments, page images, titles and messages.',
    )
    await expect(screen.dialog).toContainText(
      'Kept for 731 days: the record of each signature (who signed, at which level, when), so your activity, statistics, CSV exports and invoices stay as they are.',
    )
    await expect(screen.dialog.getByRole('status')).toHaveText(
      '1 ended request is old enough to be deleted. Once you save the settings, everyone taking part is told, and the deletion follows 7 days later.',
    )
    await screen.choose('Delete a request', 'Once it is declined')
    await expect(screen.dialog.getByRole('status')).toHaveText(
      'No ended request is old enough to be deleted now.',
    )
    await screen.choose('Delete a request', 'Once it is signed')
    await expect(screen.dialog.getByRole('status')).toContainText('1 ended request')
    await testInfo.attach('activate-retention', { body: await page.screenshot(), contentType: 'image/png' })
    await screen.clickInDialog('Turn on')
    await page.getByRole('button', { name: 'Save settings' }).click()
    await screen.seeSnackbar('Settings saved')
    await expect(
      page.getByText('On: a request is deleted with its documents 30 days after it ends.'),
    ).toBeVisible()

    // The next upkeep announces it; a week later it is gone, files and all.
    await moveClock(60 * 60)
    await expect
      .poll(
        async () =>
          (await mailSubjects(admin.email)).some((s) => s.startsWith('“Old agreement” will be deleted on')),
        {
          timeout: 20_000,
        },
      )
      .toBe(true)
    await moveClock(7 * dayS + 60 * 60)
    await expect
      .poll(() => mailSubjects(admin.email), { timeout: 20_000 })
      .toContain('“Old agreement” was deleted')
    admin = await signInAgain(api, admin)
    const gone = await api.get(`/api/v3/signature-requests/${id}`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    })
    expect(gone.status()).toBe(404)
    for (const sha256 of hashes) expect(existsSync(stored(sha256))).toBe(false)
    expect(existsSync(join(dataDir, 'files', 'pages', hashes[0]?.slice(0, 2) ?? '', hashes[0] ?? ''))).toBe(
      false,
    )

    // The activity of that day is as it was: the signature stays, only its request's title is gone.
    await signInTab(page, admin, server.url)
    await activity.open(thatDay)
    await activity.seeRow('Signatures', ['Grace Lovelace', admin.email, 'Deleted', 'SES'])
    await expect(monthly.getByRole('row').last().getByRole('cell')).toHaveText(['1', '0', '0', '1'])
    expect((await activity.download('Cost centre report (CSV)')).records).toEqual(costCentres.records)
    await testInfo.attach('activity-after-deletion', {
      body: await page.screenshot(),
      contentType: 'image/png',
    })

    // Turned off, it says what stops.
    await screen.open(`${server.url}/business/settings`)
    await page.getByRole('button', { name: 'Turn off automatic deletion' }).click()
    await screen.seeDialog('Turn off automatic deletion?')
    await screen.clickInDialog('Turn off')
    await page.getByRole('button', { name: 'Save settings' }).click()
    await screen.seeSnackbar('Settings saved')
    await screen.seeNoSeriousAccessibilityViolations()
  })
})
