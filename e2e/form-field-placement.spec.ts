import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { a4, a4Landscape } from '../tests/fixtures/make-fixtures.ts'
import {
  pdftotext,
  removeTemporaryDirectories,
  temporaryDirectory,
} from '../tests/server/signing/pdf-tools.ts'
import { expect, test } from './fixtures.ts'
import { initiateRequest } from './pages/dashboard-page.ts'
import { pageLoaderPatienceMs } from './pages/document-viewer-part.ts'
import { addDocument, createDraft } from './pages/request-api.ts'
import { RequestViewPage } from './pages/request-view-page.ts'
import { SigningPage } from './pages/signing-page.ts'
import { createAccount, signInTab, type TestAccount } from './pages/test-account.ts'
import { threePagePdf } from './pages/test-pdfs.ts'
import { UploadPage } from './pages/upload-page.ts'

type Placed = {
  id: string
  kind: string
  page: number
  x: number
  y: number
  width: number
  height: number
  required: boolean
  value: string | null
}

type Box = { page: number; x: number; y: number; width: number; height: number }

const overlap = (a: Box, b: Box) =>
  a.page === b.page &&
  a.x < b.x + b.width &&
  b.x < a.x + a.width &&
  a.y < b.y + b.height &&
  b.y < a.y + a.height

/** Drags with the mouse from the middle of `from` by `dx`, `dy` CSS pixels. */
async function drag(
  page: Page,
  from: { x: number; y: number; width: number; height: number },
  dx: number,
  dy: number,
) {
  const x = from.x + from.width / 2
  const y = from.y + from.height / 2
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 4 })
  await page.mouse.move(x + dx, y + dy, { steps: 4 })
  await page.mouse.up()
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
    ...((await answer.json()) as {
      signatures: { form_fields: Placed[]; fields_placed: boolean; document_signatures: Box[] }[]
    }),
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
    // Saved again, the field is the same field: its id stays.
    expect((await fieldsOf())[0]?.id).toBe(put?.id)
    // With the mouse: dragged right and down, it is stored there, still the same field.
    const keyed = (await fieldsOf())[0] as Placed
    const shown = await text.boundingBox()
    if (shown === null) throw new Error('the text field is not shown')
    await drag(page, shown, 80, 40)
    await expect.poll(async () => (await fieldsOf())[0]?.x ?? 0).toBeGreaterThan(keyed.x + 30)
    const dragged = (await fieldsOf())[0] as Placed
    expect(dragged.y).toBeLessThan(keyed.y - 15)
    expect(dragged).toMatchObject({ id: put?.id, width: keyed.width, height: keyed.height })
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
    // Given beforehand, the date need not be required: the sender unticks it, on the page it says so.
    await date.getByLabel('Required').uncheck()
    await expect(page.getByRole('button', { name: `Field “Date” of ${carl.email}, optional` })).toBeVisible()
    await expect.poll(async () => (await fieldsOf()).find((f) => f.kind === 'date')?.required).toBe(false)

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
    // One box on each page, fitted to pages of every size (the second is A4 landscape, the third Letter).
    const sizes = [a4, a4Landscape, [612, 792]]
    const initials = (await fieldsOf()).filter((f) => f.kind === 'initials')
    for (const f of initials) {
      const [width, height] = sizes[f.page] ?? [0, 0]
      expect(f.x + f.width).toBeLessThanOrEqual(width + 0.01)
      expect(f.y + f.height).toBeLessThanOrEqual(height + 0.01)
    }
    // Clicked near the top of the first page, it is higher there than the landscape page's top.
    expect(initials[0]?.y).toBeGreaterThan(a4Landscape[1])

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
    // Carl drags his signature onto his initials on its page: it drops clear of them, where it may be signed.
    const carlsRequest = async () => {
      const answer = await request.get(`/api/v3/signature-requests/${id}`, {
        headers: { Authorization: `Bearer ${carl.token}` },
      })
      return (await answer.json()) as {
        signatures: { form_fields: Placed[]; document_signatures: Box[] }[]
      }
    }
    const suggested = (await carlsRequest()).signatures[0]?.document_signatures[0] as Box
    const under = (await carlsRequest()).signatures[0]?.form_fields.find(
      (f) => f.kind === 'initials' && f.page === suggested.page,
    ) as Placed
    const own = carlPage.getByRole('button', { name: /^Your signature, / })
    await own.scrollIntoViewIfNeeded()
    const ownBox = await own.boundingBox()
    const pageImage = await carlPage
      .getByRole('img', { name: `Page ${suggested.page + 1} of 3 of Fields` })
      .boundingBox()
    if (ownBox === null || pageImage === null) throw new Error('the signature field is not shown')
    const [pageWidth, pageHeight] = sizes[suggested.page] ?? [1, 1]
    const scale = pageImage.width / pageWidth
    const target = {
      x: pageImage.x + (under.x + under.width / 2) * scale,
      y: pageImage.y + (pageHeight - under.y - under.height / 2) * scale,
    }
    await drag(
      carlPage,
      ownBox,
      target.x - (ownBox.x + ownBox.width / 2),
      target.y - (ownBox.y + ownBox.height / 2),
    )
    await expect.poll(async () => (await own.boundingBox())?.x).not.toBe(ownBox.x)
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
    // He signed where he dropped it, which is not where the app suggested, nor over his initials.
    const signedAt = (await carlsRequest()).signatures[0]?.document_signatures[0] as Box
    expect(signedAt).not.toEqual(suggested)
    expect(overlap(signedAt, under)).toBe(false)
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

  test('the sender adds a field to an open request sent through the API without any', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    const owner = await createAccount(request, 'Olga')
    const carl = await createAccount(request, 'Carl')
    const title = `Sent bare ${randomUUID().slice(0, 8)}`
    const id = await createDraft(request, owner, title, [carl.email])
    await addDocument(request, owner, id, await threePagePdf(`${title}.pdf`))
    await initiateRequest(request, owner, id)
    const fieldsOf = async () => {
      const answer = await request.get(`/api/v3/signature-requests/${id}`, {
        headers: { Authorization: `Bearer ${owner.token}` },
      })
      return (
        ((await answer.json()) as { signatures: { form_fields: Placed[] }[] }).signatures[0]?.form_fields ??
        []
      )
    }
    const view = new RequestViewPage(page)
    await signInTab(page, owner)
    await view.open(`/view/${id}`)
    await view.seeRequest(title, 'Open')
    // From the keyboard, as on a draft.
    await page.getByRole('button', { name: `Place field for ${carl.email}` }).focus()
    await page.keyboard.press('Enter')
    const kind = page.getByLabel(`Field for ${carl.email}`, { exact: true })
    await kind.selectOption({ label: 'Text' })
    await page.getByRole('button', { name: `Place the field “Text” of ${carl.email} on page 1` }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('button', { name: `Field “Text” of ${carl.email}, required` })).toBeVisible()
    await expect.poll(async () => (await fieldsOf()).length).toBe(1)
    await view.seeNoSeriousAccessibilityViolations()
    await page.setViewportSize({ width: 390, height: 844 })
    await testInfo.attach('field added to an open request (phone)', {
      body: await page.screenshot({ path: testInfo.outputPath('open-request-field-phone.png') }),
      contentType: 'image/png',
    })
    // Carl, still to sign, finds it among his fields.
    const other = await browser.newContext()
    const carlPage = await other.newPage()
    await signInTab(carlPage, carl)
    await carlPage.goto(`/view/${id}`)
    const carlSigning = new SigningPage(carlPage)
    await carlSigning.seeSignEnabled(false)
    await carlSigning.fillField('Text, page 1', 'Added-later')
    await carlSigning.seeSignEnabled(true)
    await other.close()
  })
})
