import { randomUUID } from 'node:crypto'
import {
  documentTimestamp,
  pdfsig,
  pdftotext,
  removeTemporaryDirectories,
  temporaryDirectory,
  trustStore,
} from '../tests/server/signing/pdf-tools.ts'
import { expect, test } from './fixtures.ts'
import { initiateRequest } from './pages/dashboard-page.ts'
import { pageLoaderPatienceMs } from './pages/document-viewer-part.ts'
import { addDocument, addSignerWithFields, createDraft, documentIds } from './pages/request-api.ts'
import { RequestViewPage } from './pages/request-view-page.ts'
import { mailedDirectLink, mailedTan, SigningPage } from './pages/signing-page.ts'
import { createAccount, signInTab } from './pages/test-account.ts'
import { threePagePdf } from './pages/test-pdfs.ts'

const valid = { signature: 'Signature is Valid.', certificate: 'Certificate is Trusted.' }
const pages = [1, 2, 3]

/** A text, a date and a checkbox on each of the three pages, and initials on every page, in column `x`. */
const fieldsAt = (documentId: string, x: number) => [
  ...[0, 1, 2].flatMap((page) => [
    { kind: 'text', document_id: documentId, page, x, y: 400, width: 200, height: 20 },
    { kind: 'date', document_id: documentId, page, x, y: 370, width: 120, height: 20 },
    { kind: 'checkbox', document_id: documentId, page, x, y: 340, width: 20, height: 20 },
  ]),
  { kind: 'initials', document_id: documentId, page: 0, x, y: 300, width: 60, height: 20, every_page: true },
]

test.describe('fields besides the signature', () => {
  test.describe.configure({ timeout: 30_000 + pageLoaderPatienceMs })
  test.afterAll(removeTemporaryDirectories)

  test('two signers fill a text, a date, a checkbox and initials on three pages; the signed PDF has them', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(180_000)
    const owner = await createAccount(request, 'Olga')
    const tag = randomUUID().slice(0, 8)
    const title = `Fields ${tag}`
    const outside = `otto-${tag}@example.com`
    const id = await createDraft(request, owner, title, [])
    await addDocument(request, owner, id, await threePagePdf(`${title}.pdf`))
    const [documentId = ''] = await documentIds(request, owner, id)
    await addSignerWithFields(request, owner, id, { account_email: owner.email }, fieldsAt(documentId, 72))
    await addSignerWithFields(
      request,
      owner,
      id,
      { account_email: outside, signer_identity_data: { email_address: outside, first_name: 'Otto' } },
      [
        ...fieldsAt(documentId, 320),
        // Without an account Otto has no company to take: he types it.
        { kind: 'company', document_id: documentId, page: 0, x: 320, y: 250, width: 160, height: 20 },
      ],
    )
    await initiateRequest(request, owner, id)

    // The account signer: Sign waits for the required fields; a date left empty is the signing date.
    const view = new RequestViewPage(page)
    const signing = new SigningPage(page)
    await signInTab(page, owner)
    await view.open(`/view/${id}`)
    await view.seeRequest(title, 'Open')
    await signing.seeSignEnabled(false)
    for (const n of pages) {
      await signing.fillField(`Text, page ${n}`, `Olga-wrote-page-${n}`)
      await signing.tickField(`Checkbox, page ${n}`)
      await signing.fillField(`Initials, page ${n}`, 'OL')
    }
    await signing.fillField('Date, page 1', '2026-03-15')
    await view.viewer.seeOnPage('Olga-wrote-page-1')
    await signing.seeSignEnabled(true)
    await signing.fillField('Initials, page 2', '')
    await signing.seeSignEnabled(false)
    await signing.fillField('Initials, page 2', 'OL')

    // A value the server refuses is said at its field, and Sign waits until it is changed.
    await page.route(
      '**/api/v3/sign',
      (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            code: 'request.invalid',
            message: 'signature_requests.0.form_values.0.value: must be at most 500 characters',
            field: 'signature_requests.0.form_values.0.value',
          }),
        }),
      { times: 1 },
    )
    await signing.clickSign()
    await signing.confirmSignatureName('Olga Lovelace')
    await signing.seeOverlay('Signing did not work')
    await signing.clickOverlayButton('Close')
    await signing.seeFieldError('Text, page 1', 'This value was not accepted. Please check it.')
    await signing.seeSignEnabled(false)
    await signing.fillField('Text, page 1', 'Olga-wrote-page-1-again')
    await signing.seeSignEnabled(true)

    // The name on the signature was kept from the first try.
    await signing.clickSign()
    await signing.seeOverlay('Signed')
    await signing.clickOverlayButton('Done')
    await view.seeSigner(owner.email, 'Signed')

    // The outside signer, on a phone, through their direct link.
    const link = await mailedDirectLink(request, outside, id)
    const outsider = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const direct = new SigningPage(await outsider.newPage())
    await direct.open(`${link.pathname}${link.search}`)
    await direct.seeHeading(title)
    await direct.seeSignEnabled(false)
    for (const n of pages) {
      await direct.fillField(`Text, page ${n}`, `Otto-wrote-page-${n}`)
      await direct.tickField(`Checkbox, page ${n}`)
      await direct.fillField(`Initials, page ${n}`, 'OO')
    }
    await direct.fillField('Date, page 3', '2026-04-01')
    await direct.seeSignEnabled(false)
    await direct.fillField('Company, page 1', 'Otto-Works-AG')
    await direct.seeNoSeriousAccessibilityViolations()
    await testInfo.attach('filling fields as an outside signer (phone)', {
      body: await direct.page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })
    await direct.clickSign()
    await direct.agreeToTerms()
    await direct.confirmSignatureName('Otto')
    await direct.seeTanEntry()
    await direct.enterTan(await mailedTan(request, outside))
    await direct.seeOverlay('Signed')
    await outsider.close()

    await view.open(`/view/${id}`)
    await view.seeRequest(title, 'Signed')
    const bytes = await view.downloadBytes('Download')
    const dir = temporaryDirectory('e2e-form-fields')
    // Each value is one word: pdftotext sorts the words of the fields in among the page's own lines.
    const text = pdftotext(dir, bytes).replace(/\s+/g, ' ')
    for (const n of pages) {
      expect(text).toContain(`Olga-wrote-page-${n}`)
      expect(text).toContain(`Otto-wrote-page-${n}`)
    }
    expect(text).toContain('2026-03-15')
    expect(text).toContain('2026-04-01')
    expect(text).toContain('Otto-Works-AG')
    expect(text.match(/OL/g)?.length).toBeGreaterThanOrEqual(3)
    expect(text.match(/OO/g)?.length).toBeGreaterThanOrEqual(3)
    const ca = await (await request.get('/api/pki/ca.pem')).text()
    expect(await pdfsig(dir, bytes, trustStore(dir, ca))).toEqual([valid, valid, documentTimestamp])

    // The request answers each value and who gave it: the ticked checkboxes too, which are drawn, not written.
    const answer = await request.get(`/api/v3/signature-requests/${id}`, {
      headers: { Authorization: `Bearer ${owner.token}` },
    })
    const signed = (await answer.json()) as {
      signatures: {
        account_email: string
        form_fields: { kind: string; value: string | null; filled_by: string | null }[]
      }[]
    }
    for (const signature of signed.signatures) {
      expect(signature.form_fields).toHaveLength(signature.account_email === outside ? 13 : 12)
      for (const field of signature.form_fields) {
        expect(field.value).not.toBeNull()
        expect(field.filled_by).toBe('signer')
        if (field.kind === 'checkbox') expect(field.value).toBe('true')
      }
    }
  })
})
