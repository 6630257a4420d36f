import { readFile } from 'node:fs/promises'
import { readEtsiReport } from '../tests/server/signing/etsi-report.ts'
import { pdfsig, removeTemporaryDirectories, temporaryDirectory } from '../tests/server/signing/pdf-tools.ts'
import { expect, test } from './fixtures.ts'
import { addDocument, createDraft } from './pages/request-api.ts'
import { createAccount, type TestAccount } from './pages/test-account.ts'
import { threePagePdf } from './pages/test-pdfs.ts'

/** A PDF signed through the real API by `account`, who sends it to themselves and signs it. */
async function signedPdf(request: Parameters<typeof createAccount>[0], account: TestAccount) {
  const headers = { Authorization: `Bearer ${account.token}` }
  const id = await createDraft(request, account, 'Lease', [account.email])
  await addDocument(request, account, id, await threePagePdf('lease.pdf'))
  expect((await request.post(`/api/v3/signature-requests/${id}/initiate`, { headers })).ok()).toBe(true)
  const signed = await request.post('/api/v3/sign', {
    headers,
    data: { signature_requests: [{ signature_request_id: id, signing_reason: 'I agree' }], language: 'en' },
  })
  expect(signed.ok(), await signed.text()).toBe(true)
  const created = (await (await request.get(`/api/v3/signature-requests/${id}`, { headers })).json()) as {
    documents: { id: string }[]
  }
  const download = await request.get(`/api/v3/documents/${created.documents[0]?.id}/download?signed=true`, {
    headers,
  })
  expect(download.ok()).toBe(true)
  return Buffer.from(await download.body())
}

test.describe('/validate', () => {
  test.afterAll(removeTemporaryDirectories)

  test('anyone checks a signed PDF, and sees the damage of one flipped byte as pdfsig does', async ({
    page,
    request,
  }) => {
    const signer = await createAccount(request, 'Vera')
    const bytes = await signedPdf(request, signer)

    // A visitor without an account.
    await page.goto('/validate')
    await expect(page).toHaveTitle('Validate a signed PDF - Signet')
    const input = page.getByLabel('Choose a PDF')
    await input.setInputFiles({ name: 'lease-signed.pdf', mimeType: 'application/pdf', buffer: bytes })
    await expect(page.getByRole('heading', { name: 'lease-signed.pdf has 1 signature' })).toBeVisible()
    const card = page.getByRole('listitem').filter({ hasText: 'Signature 1 by' })
    await expect(card.getByRole('heading', { name: 'Valid signature' })).toBeVisible()
    await expect(card).toContainText(`Signature 1 by Vera Lovelace`)
    await expect(card).toContainText(signer.email)
    await expect(card).toContainText('I agree')
    await expect(card).toContainText('confirmed by the timestamp of')
    await expect(card).toContainText('Simple electronic signature')
    await expect(card).toContainText('demo certificate')
    await expect(card).toContainText('PAdES B-LTA: for the long term')
    await expect(card).toContainText('Not revoked, as the revocation data in the document says')
    // The completed document's archive timestamp keeps the signature verifiable once its certificate expires.
    const archive = page.getByRole('listitem').filter({ hasText: 'Archive timestamp by' })
    await expect(archive.getByRole('heading', { name: 'Valid archive timestamp' })).toBeVisible()
    await expect(archive).toContainText('Archive timestamp by Signet Timestamp Authority')

    // The same verdicts as an ETSI TS 119 102-2 report, for other validators and archives.
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download the report as ETSI XML' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe('lease-signed validation report.xml')
    const etsi = await readEtsiReport(await readFile(await download.path(), 'utf8'))
    expect(etsi.schemaErrors).toEqual([])
    expect(etsi.entries.map((entry) => entry.mainIndication)).toEqual([
      'urn:etsi:019102:mainindication:total-passed',
      'urn:etsi:019102:mainindication:total-passed',
    ])
    expect(etsi.entries[0]?.process).toBe('urn:etsi:019102:validationprocess:LTA')

    const flipped = Buffer.from(bytes)
    const at = flipped.indexOf('/ModDate (D:') + '/ModDate (D:'.length + 3
    flipped[at] = flipped[at] === 0x31 ? 0x32 : 0x31
    expect((await pdfsig(temporaryDirectory('e2e-validate'), flipped))[0]?.signature).not.toBe(
      'Signature is Valid.',
    )
    await input.setInputFiles({ name: 'lease-flipped.pdf', mimeType: 'application/pdf', buffer: flipped })
    await expect(page.getByRole('heading', { name: 'lease-flipped.pdf has 1 signature' })).toBeVisible()
    // The signature and the archive timestamp over it both show the damage.
    for (const name of ['Signature 1 by', 'Archive timestamp by']) {
      const damaged = page.getByRole('listitem').filter({ hasText: name })
      await expect(
        damaged.getByRole('heading', { name: 'Damaged: the signed content is not what was signed' }),
      ).toBeVisible()
      await expect(damaged.getByText('The signed bytes were changed after signing.')).toBeVisible()
    }
  })

  test('says plainly when a file is no PDF or has no signature, on a phone too', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/validate')
    const input = page.getByLabel('Choose a PDF')
    await input.setInputFiles({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('just some notes, renamed'),
    })
    await expect(page.getByRole('alert')).toHaveText('This file is not a PDF.')
    const unsigned = await threePagePdf('plain.pdf')
    await input.setInputFiles(unsigned)
    await expect(page.getByRole('heading', { name: 'plain.pdf has no signatures' })).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
    expect(overflow).toBe(false)
  })
})
