import type { Page } from '@playwright/test'
import { a4 } from '../tests/fixtures/make-fixtures.ts'
import {
  pdftotext,
  removeTemporaryDirectories,
  temporaryDirectory,
} from '../tests/server/signing/pdf-tools.ts'
import { expect, test } from './fixtures.ts'
import { pageLoaderPatienceMs } from './pages/document-viewer-part.ts'
import { RequestViewPage } from './pages/request-view-page.ts'
import { SigningPage } from './pages/signing-page.ts'
import { createAccount, signInTab, type TestAccount } from './pages/test-account.ts'
import { threePagePdf } from './pages/test-pdfs.ts'
import { UploadPage } from './pages/upload-page.ts'

type Placed = {
  kind: string
  page: number
  x: number
  y: number
  width: number
  height: number
  required: boolean
  value: string | null
}

/** The sender's draft as the API answers it (snake_case). */
async function draftOf(page: Page, account: TestAccount) {
  const id = new URL(page.url()).searchParams.get('draft') ?? ''
  const answer = await page.request.get(`/api/v3/signature-requests/${id}`, {
    headers: { Authorization: `Bearer ${account.token}` },
  })
  expect(answer.ok()).toBe(true)
  return {
    id,
    ...((await answer.json()) as { signatures: { form_fields: Placed[]; fields_placed: boolean }[] }),
  }
}

test.describe('placing fields besides the signature', () => {
  test.describe.configure({ timeout: 120_000 + pageLoaderPatienceMs })
  test.afterAll(removeTemporaryDirectories)

  test('the sender places a text, a prefilled date and initials on every page; the signer fills them and the signed PDF holds them', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    const owner = await createAccount(request, 'Olga')
    const carl = await createAccount(request, 'Carl')
    const upload = new UploadPage(page)
    await signInTab(page, owner)
    await upload.openUpload()
    await upload.chooseFiles([await threePagePdf('Fields.pdf')])
    await upload.seeUploaded('Fields.pdf')
    await upload.addSigner(carl.email)
    const fieldsOf = async () => (await draftOf(page, owner)).signatures[0]?.form_fields ?? []

    // From the keyboard only: the signer's place-field button, the kind, Enter on the page, arrows to move.
    const placeFor = page.getByRole('button', { name: `Place field for ${carl.email}` })
    await placeFor.focus()
    await page.keyboard.press('Enter')
    const kind = page.getByLabel(`Field for ${carl.email}`, { exact: true })
    await kind.focus()
    await kind.selectOption({ label: 'Text' })
    await expect(
      page.getByText(`Click or tap the page where the field “Text” of ${carl.email} goes.`),
    ).toBeVisible()
    await page.getByRole('button', { name: `Place the field “Text” of ${carl.email} on page 1` }).focus()
    await page.keyboard.press('Enter')
    const text = page.getByRole('button', { name: `Field “Text” of ${carl.email}, required` })
    await expect(text).toBeVisible()
    await expect.poll(async () => (await fieldsOf()).length).toBe(1)
    const [put] = await fieldsOf()
    expect(put).toMatchObject({ kind: 'text', page: 0, required: true, value: null })
    await text.focus()
    for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowUp')
    for (let step = 0; step < 2; step++) await page.keyboard.press('Shift+ArrowRight')
    await expect.poll(async () => (await fieldsOf())[0]?.width).toBe((put?.width ?? 0) + 12)
    expect((await fieldsOf())[0]?.y).toBeCloseTo((put?.y ?? 0) + 18, 5)
    // The signature field is still the app's suggestion: placing other fields does not place it.
    expect((await draftOf(page, owner)).signatures[0]?.fields_placed).toBe(false)

    // With the mouse: a date, which the sender fills in beforehand.
    await placeFor.click()
    await kind.selectOption({ label: 'Date' })
    await page
      .getByRole('button', { name: `Place the field “Date” of ${carl.email} on page 1` })
      .click({ position: { x: 120, y: 120 } })
    await expect(page.getByRole('button', { name: `Field “Date” of ${carl.email}, required` })).toBeVisible()
    await expect.poll(async () => (await fieldsOf()).length).toBe(2)
    const date = page.getByRole('group', { name: `Date for ${carl.email}, page 1` })
    await date.getByLabel('Date given beforehand (empty: the signing date)').fill('2026-05-01')
    await date.getByLabel('Date given beforehand (empty: the signing date)').press('Enter')
    await expect.poll(async () => (await fieldsOf()).find((f) => f.kind === 'date')?.value).toBe('2026-05-01')

    // Initials, asked on every page with one choice.
    await placeFor.click()
    await kind.selectOption({ label: 'Initials' })
    await page.getByLabel('On every page').check()
    await page
      .getByRole('button', { name: `Place the field “Initials” of ${carl.email} on page 1` })
      .click({ position: { x: 300, y: 60 } })
    await expect
      .poll(async () => (await fieldsOf()).filter((f) => f.kind === 'initials').map((f) => f.page))
      .toEqual([0, 1, 2])
    await expect(page.getByRole('group', { name: `Initials for ${carl.email}, page 3` })).toBeVisible()
    // The same box on each page, inside the smallest of them (the second is A4 landscape).
    for (const f of (await fieldsOf()).filter((f) => f.kind === 'initials')) {
      expect(f.y + f.height).toBeLessThanOrEqual(a4[0])
      expect(f.x + f.width).toBeLessThanOrEqual(a4[0])
    }

    await testInfo.attach('fields placed (desktop)', {
      body: await page.screenshot(),
      contentType: 'image/png',
    })
    await page.setViewportSize({ width: 390, height: 844 })
    await text.scrollIntoViewIfNeeded()
    await page.screenshot({ path: testInfo.outputPath('placed-phone.png') })
    await page.getByRole('group', { name: `Date for ${carl.email}, page 1` }).scrollIntoViewIfNeeded()
    await page.screenshot({ path: testInfo.outputPath('placed-phone-list.png') })
    // The bar that asks which kind of field goes where, on a phone; Escape leaves it.
    await placeFor.click()
    await kind.selectOption({ label: 'Initials' })
    await expect(page.getByLabel('On every page')).toBeVisible()
    await page.screenshot({ path: testInfo.outputPath('placing-phone.png') })
    await page.keyboard.press('Escape')
    await expect(kind).toBeHidden()
    await page.setViewportSize({ width: 1280, height: 800 })

    const { id } = await draftOf(page, owner)
    await upload.clickSend()
    await expect(page).toHaveURL(new RegExp(`/view/${id}`))

    // Carl fills his fields (the date is given already) and signs.
    const other = await browser.newContext()
    const carlPage = await other.newPage()
    await signInTab(carlPage, carl)
    const view = new RequestViewPage(carlPage)
    const signing = new SigningPage(carlPage)
    await view.open(`/view/${id}`)
    await signing.seeSignEnabled(false)
    await signing.fillField('Text, page 1', 'Carl-placed-by-sender')
    for (const n of [1, 2, 3]) await signing.fillField(`Initials, page ${n}`, 'CL')
    await signing.seeSignEnabled(true)
    await signing.clickSign()
    // The first signature of an account asks for its name once its visual signatures are read: a while, on a busy machine.
    await expect(carlPage.getByRole('dialog', { name: 'Your signature', exact: true })).toBeVisible({
      timeout: 20_000,
    })
    await signing.confirmSignatureName('Carl Lovelace')
    await signing.seeOverlay('Signed')
    await other.close()

    const done = (await (
      await request.get(`/api/v3/signature-requests/${id}`, {
        headers: { Authorization: `Bearer ${owner.token}` },
      })
    ).json()) as { status_overall: string; documents: { id: string }[] }
    expect(done.status_overall).toBe('SIGNED')
    const signed = await request.get(`/api/v3/documents/${done.documents[0]?.id}/download?signed=true`, {
      headers: { Authorization: `Bearer ${owner.token}` },
    })
    expect(signed.ok()).toBe(true)
    const words = pdftotext(temporaryDirectory('e2e-form-field-placement'), await signed.body()).replace(
      /\s+/g,
      ' ',
    )
    expect(words).toContain('Carl-placed-by-sender')
    expect(words).toContain('2026-05-01')
    expect(words.match(/\bCL\b/g)?.length).toBeGreaterThanOrEqual(3)
  })
})
