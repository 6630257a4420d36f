import { randomUUID } from 'node:crypto'
import type { Page, TestInfo } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { pageLoaderPatienceMs } from './pages/document-viewer-part.ts'
import { addDocument, createDraft } from './pages/request-api.ts'
import { RequestViewPage } from './pages/request-view-page.ts'
import { createAccount, signInTab, type TestAccount } from './pages/test-account.ts'
import { agreementPdf } from './pages/test-pdfs.ts'
import { UploadPage } from './pages/upload-page.ts'

type Box = { x: number; y: number; width: number; height: number }

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

// The accessible name of a signer's field starts so; the rest says how to move it.
const fieldName = (email: string) => new RegExp(`^Signature field of ${email.replace(/[.]/g, '\\.')}`)

/** The page as the user sees it, attached to the report and kept for a look. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`)
  await page.screenshot({ path, fullPage: true })
  await testInfo.attach(name, { path, contentType: 'image/png' })
}

const sizes = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const

for (const size of sizes) {
  test.describe(`drafting a request (${size.name})`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.name === 'phone' })
    test.describe.configure({ timeout: 60_000 + pageLoaderPatienceMs })

    test('title, standard and signers are chosen on the upload screen; after Send the result has the focus', async ({
      page,
      request,
    }, testInfo) => {
      const account = await createAccount(request)
      const tag = randomUUID().slice(0, 8)
      const upload = new UploadPage(page)
      const view = new RequestViewPage(page)
      await signInTab(page, account)

      await upload.openUpload()
      await upload.chooseFiles([await agreementPdf(`scan-${tag}.pdf`)])
      await upload.seeUploaded(`scan-${tag}.pdf`)
      const title = page.getByLabel('Title', { exact: true })
      await expect(title).toHaveValue(`scan-${tag}`)
      await title.fill(`Service agreement ${tag}`)
      await upload.addSigner(`anna-${tag}@example.com`)
      // The standard is chosen here; the title typed stays.
      const standard = page.getByLabel('Signers sign with')
      await standard.selectOption({ label: 'Advanced (AES) or better' })
      await expect(page.getByRole('region', { name: 'Signature standard' })).not.toHaveAttribute(
        'aria-busy',
        'true',
      )
      await expect(standard).toHaveValue('aes')
      await expect(title).toHaveValue(`Service agreement ${tag}`)
      await upload.seeNoSeriousAccessibilityViolations()
      await shoot(page, testInfo, `upload-${size.name}`)

      await upload.clickSend()
      await expect(page).toHaveURL(/\/view\/[0-9a-f-]{36}$/)
      await view.seeRequest(`Service agreement ${tag}`, 'Open')
      // Nobody signed yet: its sender may still change the standard.
      await expect(page.getByLabel('Signers sign with')).toHaveValue('aes')
      // The focus is on what Send did, not lost on the page.
      await expect(page.locator(':focus')).toHaveText('The request was sent to the signers.')
      await shoot(page, testInfo, `sent-${size.name}`)
    })

    test('a draft says so, and its owner renames it', async ({ page, request }, testInfo) => {
      const account = await createAccount(request)
      const tag = randomUUID().slice(0, 8)
      const id = await createDraft(request, account, `Lease ${tag}`, [`ben-${tag}@example.com`])
      const view = new RequestViewPage(page)
      await signInTab(page, account)
      await page.goto(`/view/${id}`)
      await view.seeRequest(`Lease ${tag}`, 'Draft')
      await expect(page.getByText('Draft, not sent yet')).toBeVisible()
      await expect(page.getByText('Sent by you')).toHaveCount(0)

      const titleField = page.getByLabel('Title of the request')
      const rename = page.getByRole('button', { name: 'Rename' })
      await titleField.fill(' ')
      await rename.click()
      await expect(page.getByText('This field is required.')).toBeVisible()
      await titleField.fill(`Flat lease ${tag}`)
      await rename.click()
      await view.seeNotice('The title was saved.')
      await view.seeRequest(`Flat lease ${tag}`, 'Draft')
      await view.seeNoSeriousAccessibilityViolations()
      await shoot(page, testInfo, `draft-${size.name}`)
      await page.reload()
      await view.seeRequest(`Flat lease ${tag}`, 'Draft')
    })

    test('placing a field leaves the other suggestion where it was, and fields never overlap', async ({
      page,
      request,
    }, testInfo) => {
      const owner = await createAccount(request, 'Olga')
      const contractor = await createAccount(request, 'Carl')
      const tag = randomUUID().slice(0, 8)
      const title = `Agreement ${tag}`
      const id = await createDraft(request, owner, title, [owner.email, contractor.email])
      await addDocument(request, owner, id, await agreementPdf(`${title}.pdf`))
      const fieldOf = async (account: TestAccount) => {
        const answer = await request.get(`/api/v3/signature-requests/${id}`, {
          headers: { Authorization: `Bearer ${owner.token}` },
        })
        const body = (await answer.json()) as {
          signatures: { account_email: string; fields_placed: boolean; document_signatures: Box[] }[]
        }
        const signature = body.signatures.find((s) => s.account_email === account.email)
        const field = signature?.document_signatures[0]
        if (signature === undefined || field === undefined) throw new Error(`${account.email} has no field`)
        const { x, y, width, height } = field
        return { placed: signature.fields_placed, box: { x, y, width, height } }
      }
      const suggested = await fieldOf(contractor)
      expect(suggested.placed).toBe(false)

      const view = new RequestViewPage(page)
      await signInTab(page, owner)
      await page.goto(`/view/${id}`)
      await view.viewer.seePage(1, 1, title)
      const field = (account: TestAccount) => page.getByRole('button', { name: fieldName(account.email) })
      // Where Carl's field shows on the page, in pixels from the page's corner.
      const sheet = page.locator('[data-page]').first()
      const carlOnPage = async () => {
        const [box, on] = [await field(contractor).boundingBox(), await sheet.boundingBox()]
        if (box === null || on === null) throw new Error('no field for Carl')
        return { x: box.x - on.x, y: box.y - on.y, width: box.width, height: box.height }
      }
      const carlOnScreen = await carlOnPage()

      // Escape leaves placing mode wherever the focus is (here on the button that started it).
      const placeOlga = page.getByRole('button', { name: `Place field for ${owner.email}` })
      await placeOlga.click()
      const prompt = page.getByText(`Click or tap the page where ${owner.email} signs.`)
      await expect(prompt).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(prompt).toHaveCount(0)

      // Olga's field put right onto Carl's suggestion goes to the nearest free place instead.
      await placeOlga.click()
      // In the middle of the screen, clear of the placing bar that stays at its top.
      await field(contractor).evaluate((element) => element.scrollIntoView({ block: 'center' }))
      const carlBox = await field(contractor).boundingBox()
      if (carlBox === null) throw new Error('no field for Carl')
      const [x, y] = [carlBox.x + carlBox.width / 2, carlBox.y + carlBox.height / 2]
      await (size.name === 'phone' ? page.touchscreen.tap(x, y) : page.mouse.click(x, y))
      await expect.poll(async () => (await fieldOf(owner)).placed).toBe(true)
      const olga = (await fieldOf(owner)).box
      // Carl's suggestion stayed where it was, at its size, and nothing overlaps.
      const carl = await fieldOf(contractor)
      expect(carl).toEqual(suggested)
      expect(overlap(olga, carl.box)).toBe(false)
      expect(await carlOnPage()).toEqual(carlOnScreen)

      // From the keyboard, Olga's field moves away, then back until it stops at Carl's.
      const [away, back] =
        olga.y >= carl.box.y + carl.box.height
          ? ['ArrowUp', 'ArrowDown']
          : olga.y + olga.height <= carl.box.y
            ? ['ArrowDown', 'ArrowUp']
            : olga.x >= carl.box.x + carl.box.width
              ? ['ArrowRight', 'ArrowLeft']
              : ['ArrowLeft', 'ArrowRight']
      await field(owner).focus()
      for (let step = 0; step < 3; step++) await page.keyboard.press(away)
      await expect.poll(async () => (await fieldOf(owner)).box).not.toEqual(olga)
      for (let step = 0; step < 8; step++) await page.keyboard.press(back)
      await expect.poll(async () => (await fieldOf(owner)).box).toEqual(olga)
      expect(await fieldOf(contractor)).toEqual(suggested)
      await shoot(page, testInfo, `fields-${size.name}`)

      // Sending puts the focus on its outcome.
      await page.getByRole('button', { name: 'Send to signers' }).click()
      await view.seeRequest(title, 'Open')
      await expect(page.locator(':focus')).toHaveText('The request was sent to the signers.')
      await view.seeNoSeriousAccessibilityViolations()
    })
  })
}
