import { randomUUID } from 'node:crypto'
import { a4, agreementLines } from '../tests/fixtures/make-fixtures.ts'
import {
  compareRasters,
  rasterize,
  removeTemporaryDirectories,
  temporaryDirectory,
} from '../tests/server/signing/pdf-tools.ts'
import { expect, test } from './fixtures.ts'
import { initiateRequest } from './pages/dashboard-page.ts'
import { pageLoaderPatienceMs } from './pages/document-viewer-part.ts'
import { ProfilePage } from './pages/profile-page.ts'
import { addDocument, createDraft } from './pages/request-api.ts'
import { RequestViewPage } from './pages/request-view-page.ts'
import { SigningPage } from './pages/signing-page.ts'
import { createAccount, signInTab, type TestAccount } from './pages/test-account.ts'
import { agreementPdf } from './pages/test-pdfs.ts'
import { UploadPage } from './pages/upload-page.ts'

const [pageWidth, pageHeight] = a4

// The accessible name of a signer's field starts so; the rest says how to move it.
const fieldName = (email: string) => new RegExp(`^Signature field of ${email.replace(/[.]/g, '\\.')}`)

type Box = { x: number; y: number; width: number; height: number }

test.describe('signature fields', () => {
  test.describe.configure({ timeout: 90_000 + pageLoaderPatienceMs })
  test.afterAll(removeTemporaryDirectories)

  test('the sender places each signer’s field on their line; the signed page is untouched around them', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    // Signers are listed by address: Carl's comes first, so the app suggests him the first free place and
    // Olga the next, clear of where the sender puts Olga's (fields never go onto a suggestion).
    const owner = await createAccount(request, 'Olga', 'b-olga')
    const contractor = await createAccount(request, 'Carl', 'a-carl')
    const title = `Agreement ${randomUUID().slice(0, 8)}`
    const id = await createDraft(request, owner, title, [owner.email, contractor.email])
    const original = await agreementPdf(`${title}.pdf`)
    await addDocument(request, owner, id, original)
    const read = async (account: TestAccount) => {
      const answer = await request.get(`/api/v3/signature-requests/${id}`, {
        headers: { Authorization: `Bearer ${account.token}` },
      })
      expect(answer.ok()).toBe(true)
      // The API's own spelling (snake_case).
      return (await answer.json()) as {
        status_overall: string
        signatures: { account_email: string; fields_placed: boolean; document_signatures: Box[] }[]
        documents: { id: string; signed_sha256: string | null }[]
      }
    }
    const fieldOf = async (email: string) => {
      const signature = (await read(owner)).signatures.find((s) => s.account_email === email)
      return { placed: signature?.fields_placed, box: signature?.document_signatures[0] }
    }

    const view = new RequestViewPage(page)
    await signInTab(page, owner)
    await page.goto(`/view/${id}`)
    await view.viewer.seePage(1, 1, title)
    // The page is a picture; its words are there for screen readers.
    await expect(page.getByRole('img', { name: `Page 1 of 1 of ${title}` })).toHaveAccessibleDescription(
      /Service agreement.*Signature Contractor:/s,
    )
    // Signers with an account are named by their address.
    const field = (email: string) => page.getByRole('button', { name: fieldName(email) })
    // Before anyone places them, the app suggests a place for each, in the empty space under the text.
    await expect(field(owner.email)).toContainText('Suggested place')
    await expect(field(contractor.email)).toContainText('Suggested place')

    // The sender clicks where Olga signs: her field goes there, centred on the click.
    const sheet = page.locator('[data-page]').first()
    const at = async (x: number, y: number) => {
      const box = await sheet.boundingBox()
      if (box === null) throw new Error('the page is not shown')
      return { x: (x / pageWidth) * box.width, y: (1 - y / pageHeight) * box.height }
    }
    const { client, contractor: contractorLine } = agreementLines
    await page.getByRole('button', { name: `Place field for ${owner.email}` }).click()
    await expect(page.getByText(`Click or tap the page where ${owner.email} signs.`)).toBeVisible()
    await page
      .getByRole('button', { name: `Place the signature field of ${owner.email} on page 1` })
      .click({ position: await at(client.x + 150, client.y + 50) })
    await expect(field(owner.email)).toContainText('Signs here')
    await expect.poll(async () => (await fieldOf(owner.email)).placed).toBe(true)

    // From the keyboard: Shift with the arrow keys makes it smaller, to fit the line.
    await field(owner.email).focus()
    for (let step = 0; step < 14; step++) await page.keyboard.press('Shift+ArrowDown')
    await expect.poll(async () => (await fieldOf(owner.email)).box?.width).toBeLessThan(230)
    const olga = (await fieldOf(owner.email)).box as Box
    expect(olga.x).toBeCloseTo(client.x, -1)

    // Carl's goes on the contractor's line, then is dragged a little to the right with the mouse.
    // Escape stops placing without placing anything.
    await page.getByRole('button', { name: `Place field for ${contractor.email}` }).click()
    await page
      .getByRole('button', { name: `Place the signature field of ${contractor.email} on page 1` })
      .press('Escape')
    await expect(page.getByText(`Click or tap the page where ${contractor.email} signs.`)).toHaveCount(0)
    expect((await fieldOf(contractor.email)).placed).toBe(false)
    await page.getByRole('button', { name: `Place field for ${contractor.email}` }).click()
    await page
      .getByRole('button', { name: `Place the signature field of ${contractor.email} on page 1` })
      .click({ position: await at(contractorLine.x + 100, client.y + 50) })
    await expect.poll(async () => (await fieldOf(contractor.email)).placed).toBe(true)
    const placed = (await fieldOf(contractor.email)).box as Box
    const handle = await field(contractor.email).boundingBox()
    if (handle === null) throw new Error('no field')
    await page.mouse.move(handle.x + 20, handle.y + 20)
    await page.mouse.down()
    await page.mouse.move(handle.x + 40, handle.y + 20, { steps: 4 })
    await page.mouse.move(handle.x + 60, handle.y + 20, { steps: 4 })
    await page.mouse.up()
    await expect.poll(async () => (await fieldOf(contractor.email)).box?.x).toBeGreaterThan(placed.x + 10)
    const carl = (await fieldOf(contractor.email)).box as Box
    expect(carl.y).toBeCloseTo(placed.y, 0)
    await view.seeHistoryEntry('Signature field placed')
    await testInfo.attach('fields placed (desktop)', {
      body: await page.screenshot(),
      contentType: 'image/png',
    })
    await page.setViewportSize({ width: 390, height: 844 })
    await expect(field(contractor.email)).toBeVisible()
    await testInfo.attach('fields placed (phone)', {
      body: await page.screenshot(),
      contentType: 'image/png',
    })
    await page.setViewportSize({ width: 1280, height: 800 })

    // Both sign, each in their own field. Olga, who sends and signs, sees hers drawn once it is sent.
    const olgaSignature = await request.post('/api/v1/user/visual-signatures', {
      headers: { Authorization: `Bearer ${owner.token}` },
      data: { name: 'Olga Lovelace', display_date: false, is_default: true },
    })
    expect(olgaSignature.ok()).toBe(true)
    await expect(field(owner.email).locator('img')).toHaveCount(0)
    await page.getByRole('button', { name: 'Send to signers' }).click()
    await view.seeRequest(title, 'Open')
    await expect(field(owner.email).locator('img')).toBeVisible()
    const signing = new SigningPage(page)
    await signing.clickSign()
    await signing.confirmSignatureName('Olga Lovelace')
    await signing.seeOverlay('Signed')
    await signing.clickOverlayButton('Done')
    const other = await browser.newContext()
    const carlPage = await other.newPage()
    await signInTab(carlPage, contractor)
    // Each row of the dashboard says how far the request is and whose turn it is.
    await carlPage.goto('/dashboard')
    const carlRow = carlPage.getByRole('listitem').filter({ hasText: title })
    await expect(carlRow).toContainText('1 of 2 signed')
    await expect(carlRow).toContainText('Your turn')
    await page.goto('/dashboard')
    await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText(
      `Waiting for ${contractor.email}`,
    )
    // Carl sees his own field where the sender put it; while he has no visual signature, it names him.
    const carlView = new RequestViewPage(carlPage)
    const listed = carlPage.waitForResponse((r) => r.url().endsWith('/api/v1/user/visual-signatures'))
    await carlPage.goto(`/view/${id}`)
    await listed
    await expect(carlView.ownField(contractor.email)).toContainText(contractor.email)
    await expect(carlView.ownField(contractor.email).locator('img')).toHaveCount(0)
    // Then he makes one (undated, so each drawing of it is the same).
    const saved = await request.post('/api/v1/user/visual-signatures', {
      headers: { Authorization: `Bearer ${contractor.token}` },
      data: { name: 'Carl Lovelace', display_date: false, is_default: true },
    })
    expect(saved.ok()).toBe(true)
    const carlProfile = new ProfilePage(carlPage)
    await carlProfile.open('/profile/visual-signature')
    const carlDrawn = await carlProfile.readSignatureImage('Carl Lovelace')
    await carlPage.goto(`/view/${id}`)
    const carlSigning = new SigningPage(carlPage)
    // Now his field shows his visual signature as signing draws it.
    expect(await carlView.readOwnFieldImage(contractor.email)).toBe(carlDrawn)
    await carlView.seeNoSeriousAccessibilityViolations()
    await carlView.ownField(contractor.email).scrollIntoViewIfNeeded()
    const carlDesktop = await carlPage.screenshot({ path: testInfo.outputPath('own-field-desktop.png') })
    await testInfo.attach('own field (desktop)', { body: carlDesktop, contentType: 'image/png' })
    await carlPage.setViewportSize({ width: 390, height: 844 })
    expect(await carlView.readOwnFieldImage(contractor.email)).toBe(carlDrawn)
    await carlView.ownField(contractor.email).scrollIntoViewIfNeeded()
    const carlPhone = await carlPage.screenshot({ path: testInfo.outputPath('own-field-phone.png') })
    await testInfo.attach('own field (phone)', { body: carlPhone, contentType: 'image/png' })
    await carlPage.setViewportSize({ width: 1280, height: 800 })
    await carlSigning.clickSign()
    await carlSigning.confirmSignatureName('Carl Lovelace')
    await carlSigning.seeOverlay('Signed')
    await other.close()

    // The signed page differs from the original only inside the two fields, and hides nothing in them.
    const done = await read(owner)
    expect(done.status_overall).toBe('SIGNED')
    const boxes = done.signatures.map((s) => s.document_signatures[0] as Box)
    expect(boxes).toEqual(expect.arrayContaining([olga, carl]))
    const signed = await request.get(`/api/v3/documents/${done.documents[0]?.id}/download?signed=true`, {
      headers: { Authorization: `Bearer ${owner.token}` },
    })
    expect(signed.ok()).toBe(true)
    const dir = temporaryDirectory('signature-fields-e2e')
    const before = rasterize(dir, original.buffer, 0, 72)
    const after = rasterize(dir, await signed.body(), 0, 72)
    const difference = compareRasters(before, after, olga, carl)
    expect(difference.changedOutside).toBe(0)
    expect(difference.darkInside).toBeGreaterThan(50)
    expect(difference.hiddenInside).toBe(0)

    // The viewer now shows the signed version, with both signatures drawn, and no fields over it.
    const signedVersion = page.waitForRequest((r) =>
      r.url().includes(`version=${done.documents[0]?.signed_sha256}`),
    )
    await page.goto(`/view/${id}`)
    await signedVersion
    await view.viewer.seePage(1, 1, title)
    await expect(page.getByRole('button', { name: /^Signature field of/ })).toHaveCount(0)
    await sheet.evaluate((element) => element.scrollIntoView({ block: 'end' }))
    await testInfo.attach('signed (desktop)', { body: await page.screenshot(), contentType: 'image/png' })
  })

  test('the sender places a signer’s field already on the upload screen, before sending', async ({
    page,
    request,
  }) => {
    const owner = await createAccount(request)
    const upload = new UploadPage(page)
    const signer = `carl-${randomUUID().slice(0, 8)}@example.com`
    await signInTab(page, owner)
    await upload.openUpload()
    await upload.chooseFiles([await agreementPdf('Deal.pdf')])
    await upload.seeUploaded('Deal.pdf')
    await upload.addSigner(signer)
    const field = page.getByRole('button', { name: fieldName(signer) })
    await expect(field).toContainText('Suggested place')
    await page.getByRole('button', { name: `Place field for ${signer}` }).click()
    await page
      .getByRole('button', { name: `Place the signature field of ${signer} on page 1` })
      .click({ position: { x: 200, y: 300 } })
    await expect(field).toContainText('Signs here')
    const draftId = new URL(page.url()).searchParams.get('draft')
    const draft = await request.get(`/api/v3/signature-requests/${draftId}`, {
      headers: { Authorization: `Bearer ${owner.token}` },
    })
    const [signature] = ((await draft.json()) as { signatures: { fields_placed: boolean }[] }).signatures
    expect(signature?.fields_placed).toBe(true)
  })

  test('a signer’s field dropped onto another’s signature lands in the nearest free place', async ({
    page,
    request,
  }, testInfo) => {
    const owner = await createAccount(request, 'Olga', 'b-olga')
    const contractor = await createAccount(request, 'Carl', 'a-carl')
    const title = `Second signature ${randomUUID().slice(0, 8)}`
    const id = await createDraft(request, owner, title, [owner.email, contractor.email])
    await addDocument(request, owner, id, await agreementPdf(`${title}.pdf`))
    await initiateRequest(request, owner, id)
    const signed = await request.post('/api/v3/sign', {
      headers: { Authorization: `Bearer ${owner.token}` },
      data: { signature_requests: [{ signature_request_id: id }], language: 'en' },
    })
    expect(signed.ok(), await signed.text()).toBe(true)
    const boxOf = async (email: string) => {
      const answer = await request.get(`/api/v3/signature-requests/${id}`, {
        headers: { Authorization: `Bearer ${owner.token}` },
      })
      const { signatures } = (await answer.json()) as {
        signatures: { account_email: string; document_signatures: Box[] }[]
      }
      return signatures.find((s) => s.account_email === email)?.document_signatures[0] as Box
    }
    const olga = await boxOf(owner.email)
    const apart = (a: Box, b: Box) =>
      a.x + a.width <= b.x + 0.5 ||
      b.x + b.width <= a.x + 0.5 ||
      a.y + a.height <= b.y + 0.5 ||
      b.y + b.height <= a.y + 0.5

    // Carl drags his field onto Olga's signature: it lands beside it, and signing keeps it there.
    const carlView = new RequestViewPage(page)
    // Tall enough to show both fields at once, where a drag can reach them.
    await page.setViewportSize({ width: 1280, height: 1400 })
    await signInTab(page, contractor)
    await page.goto(`/view/${id}`)
    const own = carlView.ownField(contractor.email)
    await expect(own).toBeVisible()
    await own.scrollIntoViewIfNeeded()
    const sheet = page.locator('[data-page]').first()
    const shown = await sheet.boundingBox()
    const handle = await own.boundingBox()
    if (shown === null || handle === null) throw new Error('the page is not shown')
    const scale = shown.width / pageWidth
    const target = {
      x: shown.x + (olga.x + olga.width / 2) * scale,
      y: shown.y + (pageHeight - olga.y - olga.height / 2) * scale,
    }
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2)
    await page.mouse.down()
    await page.mouse.move(target.x, target.y, { steps: 8 })
    await page.mouse.up()
    const dropped = await own.boundingBox()
    if (dropped === null) throw new Error('the field is gone')
    const onPage = (box: { x: number; y: number; width: number; height: number }): Box => ({
      x: (box.x - shown.x) / scale,
      y: pageHeight - (box.y - shown.y + box.height) / scale,
      width: box.width / scale,
      height: box.height / scale,
    })
    expect(apart(onPage(dropped), olga)).toBe(true)
    // It moved towards her signature: nearer to it than where it was.
    const distance = (box: Box) => Math.hypot(box.x - olga.x, box.y - olga.y)
    expect(distance(onPage(dropped))).toBeLessThan(distance(onPage(handle)))
    await carlView.seeNoSeriousAccessibilityViolations()
    await testInfo.attach('dropped beside a signature (desktop)', {
      body: await page.screenshot({ path: testInfo.outputPath('dropped-desktop.png') }),
      contentType: 'image/png',
    })
    await page.setViewportSize({ width: 390, height: 844 })
    await own.scrollIntoViewIfNeeded()
    await testInfo.attach('dropped beside a signature (phone)', {
      body: await page.screenshot({ path: testInfo.outputPath('dropped-phone.png') }),
      contentType: 'image/png',
    })
    await page.setViewportSize({ width: 1280, height: 800 })
    const signing = new SigningPage(page)
    await signing.clickSign()
    await signing.confirmSignatureName('Carl Lovelace')
    await signing.seeOverlay('Signed')
    expect(apart(await boxOf(contractor.email), olga)).toBe(true)
  })
})
