import { randomUUID } from 'node:crypto'
import { expect, test } from './fixtures.ts'
import { DashboardPage, initiateRequest } from './pages/dashboard-page.ts'
import { pageLoaderPatienceMs } from './pages/document-viewer-part.ts'
import { mailCount, mailedAppLink } from './pages/mail-outbox.ts'
import { addDocument, createDraft } from './pages/request-api.ts'
import { RequestViewPage } from './pages/request-view-page.ts'
import { createAccount, signInTab } from './pages/test-account.ts'
import { badPdfs, threePagePdf } from './pages/test-pdfs.ts'
import { UploadPage } from './pages/upload-page.ts'

// e2e/serve.ts starts the servers with MAX_DOCUMENT_MB=4.
const documentLimitMb = 4

test.describe('documents and signature requests', () => {
  // A page image may take as long as the viewer keeps asking for it (see pageLoaderPatienceMs).
  test.describe.configure({ timeout: 30_000 + pageLoaderPatienceMs })
  test('a user uploads a PDF, asks two people to sign, sends, reminds and withdraws', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000)
    const account = await createAccount(request)
    const tag = randomUUID().slice(0, 8)
    const title = `Lease ${tag}`
    const first = `anna-${tag}@example.com`
    const second = `ben-${tag}@example.com`
    const upload = new UploadPage(page)
    const view = new RequestViewPage(page)
    const dashboard = new DashboardPage(page)
    await signInTab(page, account)

    await upload.openUpload()
    await upload.chooseFiles([await threePagePdf(`${title}.pdf`)])
    await upload.seeUploaded(`${title}.pdf`)
    await view.viewer.seePageCount(3)
    await view.viewer.seePage(1, 3, title)
    await view.viewer.seeCurrentPage(1)
    await view.viewer.clickThumbnail(3)
    await view.viewer.seePage(3, 3, title)
    await view.viewer.seeCurrentPage(3)
    await view.viewer.clickZoomIn()
    await view.viewer.seeZoom(125)
    await view.viewer.pressZoomKey('-')
    await view.viewer.seeZoom(100)

    // A document uploaded by mistake is taken out of the draft again.
    await upload.chooseFiles([await threePagePdf('Wrong file.pdf')])
    await upload.seeUploaded('Wrong file.pdf')
    await upload.removeUploaded('Wrong file.pdf')

    await upload.addSigner(first, 'Anna', 'Keller')
    await upload.addSigner(second)
    await upload.writeMessage('Please sign by Friday.')
    await upload.seeNoSeriousAccessibilityViolations()
    await upload.clickSend()

    await expect(page).toHaveURL(/\/view\/[0-9a-f-]{36}$/)
    await view.seeRequest(title, 'Open')
    await view.seeDocument(title)
    await view.seeDocument('Wrong file', false)
    await view.seeHistoryEntry('Document removed')
    await view.seeSigner(first, 'Waiting to sign')
    await view.seeSigner(second, 'Waiting to sign')
    await view.seeHistoryEntry('Request sent to the signers')
    await view.viewer.seePage(1, 3, title)
    await view.seeNoSeriousAccessibilityViolations()
    await expect.poll(() => mailCount(request, first)).toBe(1)
    await expect.poll(() => mailCount(request, second)).toBe(1)
    const viewPath = new URL(page.url()).pathname

    await dashboard.open('/dashboard?filter=pending')
    await dashboard.seeRequest(title, 'Open')

    await view.open(viewPath)
    await view.clickRemind()
    await view.seeNotice('We reminded the signers who have not signed yet.')
    await expect.poll(() => mailCount(request, first)).toBe(2)
    await view.clickRemind()
    await view.seeError(/Failed to remind signers\. You can remind them again after/)
    await expect.poll(() => mailCount(request, first)).toBe(2)

    await view.clickWithdraw()
    await view.seeBodyScrollLocked()
    await view.confirmWithdraw('The terms changed.')
    await view.seeRequest(title, 'Withdrawn')
    await view.seeHistoryEntry('The terms changed.')
    await view.seeNoAction('Remind signers')

    await dashboard.open('/dashboard?filter=declined')
    await dashboard.seeRequest(title, 'Withdrawn')
    await dashboard.open('/dashboard?filter=pending')
    await dashboard.seeNoRequest(title)
  })

  test('on a phone, a long signer address wraps at its @ and dots, never inside a name', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const account = await createAccount(request)
    const address = `maximiliane.mustermannschmidt${randomUUID().slice(0, 4)}@buchhaltungsabteilung.beispieltreuhand.ch`
    const id = await createDraft(request, account, `Mandate ${randomUUID().slice(0, 8)}`, [address])
    await signInTab(page, account)
    await page.goto(`/view/${id}`)
    const shown = page
      .getByRole('listitem')
      .filter({ hasText: 'buchhaltungsabteilung' })
      .locator('span', { hasText: '@' })
      .last()
    await expect(shown).toBeVisible()
    // Each name between the places it may wrap (before @, after a dot) sits on one line.
    const brokenParts = await shown.evaluate((element) => {
      const broken: string[] = []
      for (const node of element.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE) continue
        for (const word of (node.textContent ?? '').matchAll(/[a-z0-9]+/gi)) {
          const range = document.createRange()
          range.setStart(node, word.index)
          range.setEnd(node, word.index + word[0].length)
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
          if (tops.size > 1) broken.push(word[0])
        }
      }
      return broken
    })
    expect(brokenParts).toEqual([])
    const lines = await shown.evaluate((element) => {
      const range = document.createRange()
      range.selectNodeContents(element)
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
    })
    expect(lines).toBeGreaterThan(1)
  })

  test('a signer invited on a request sees it under "to sign"', async ({ page, request }) => {
    const owner = await createAccount(request, 'Olga')
    const signer = await createAccount(request, 'Sven')
    const title = `Offer ${randomUUID().slice(0, 8)}`
    const created = await request.post('/api/v3/signature-requests', {
      headers: { Authorization: `Bearer ${owner.token}` },
      data: { title, signatures: [{ account_email: signer.email }] },
    })
    expect(created.ok(), await created.text()).toBe(true)
    const id = ((await created.json()) as { id: string }).id
    await initiateRequest(request, owner, id)
    const dashboard = new DashboardPage(page)
    const view = new RequestViewPage(page)
    await signInTab(page, signer)

    await dashboard.open('/dashboard?filter=toSign')
    await dashboard.seeActiveFilter('To sign')
    await page.getByRole('link', { name: `Sign ${title}` }).click()
    await expect(page).toHaveURL(new RegExp(`/view/${id}$`))
    await view.seeRequest(title, 'Open')
    await view.seeSigner(signer.email, 'Waiting to sign')
    await view.seeNoAction('Withdraw')
    await view.seeNoAction('Remind signers')
  })

  test('the sender changes the signers, attaches a file and downloads; a signer declines and clears it away', async ({
    page,
    request,
  }) => {
    const owner = await createAccount(request, 'Olga')
    const signer = await createAccount(request, 'Sven')
    const tag = randomUUID().slice(0, 8)
    const title = `Supply ${tag}`
    const extra = `carl-${tag}@example.com`
    const dropped = `dora-${tag}@example.com`
    const id = await createDraft(request, owner, title, [signer.email, dropped])
    await addDocument(request, owner, id, await threePagePdf(`${title}.pdf`))
    await initiateRequest(request, owner, id)
    const view = new RequestViewPage(page)
    await signInTab(page, owner)

    await view.open(`/view/${id}`)
    await view.seeRequest(title, 'Open')
    await view.addSigner(extra)
    await view.seeSigner(extra, 'Waiting to sign')
    await expect.poll(() => mailCount(request, extra)).toBe(1)
    await view.removeSigner(dropped)
    await view.seeNoSigner(dropped)
    await view.attach({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Delivery on Monday.'),
    })
    expect(await view.download('Download')).toBe(`${title}.pdf`)
    expect(await view.download('Download all (ZIP)')).toBe(`${title}.zip`)
    expect(await view.download('Report (PDF)')).toBe(`${title} report.pdf`)

    await signInTab(page, signer)
    await view.open(`/view/${id}`)
    await view.seeNoAction('Remind signers')
    await view.decline('The price is wrong.')
    await view.seeRequest(title, 'Declined')
    await view.seeSigner(signer.email, 'Declined')
    await view.seeHistoryEntry('The price is wrong.')
    await view.seeNoAction('Decline')

    // The ended request goes off the signer's list only: the sender keeps it, with its history.
    const dashboard = new DashboardPage(page)
    await view.deleteRequest()
    await expect(page).toHaveURL(/\/dashboard/)
    await dashboard.open('/dashboard?filter=declined')
    await dashboard.seeNoRequest(title)
    await signInTab(page, owner)
    await dashboard.open('/dashboard?filter=declined')
    await dashboard.seeRequest(title, 'Declined')
    await view.open(`/view/${id}`)
    await view.seeHistoryEntry('The price is wrong.')
  })

  test('a signer hands their signature to someone else', async ({ page, request }) => {
    const owner = await createAccount(request, 'Olga')
    const signer = await createAccount(request, 'Sven')
    const title = `Delegated ${randomUUID().slice(0, 8)}`
    const deputy = `deputy-${randomUUID().slice(0, 8)}@example.com`
    const id = await createDraft(request, owner, title, [signer.email])
    await initiateRequest(request, owner, id)
    const view = new RequestViewPage(page)
    await signInTab(page, signer)
    await view.open(`/view/${id}`)
    await view.delegate(deputy, 'You know the details.')
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect.poll(() => mailCount(request, deputy)).toBe(1)
  })

  test('the sender asks for a qualified Swiss signature on a draft, may change it until someone signs; the signer reads it', async ({
    page,
    request,
  }, testInfo) => {
    const owner = await createAccount(request, 'Olga')
    const signer = await createAccount(request, 'Sven')
    const title = `Lease ${randomUUID().slice(0, 8)}`
    const id = await createDraft(request, owner, title, [signer.email])
    await addDocument(request, owner, id, await threePagePdf('Lease.pdf'))
    const view = new RequestViewPage(page)
    await signInTab(page, owner)
    await view.open(`/view/${id}`)
    const standard = page.getByLabel('Signers sign with')
    await expect(standard).toHaveValue('any')
    await standard.selectOption({ label: 'Qualified, Swiss law (ZertES)' })
    await expect(page.getByRole('region', { name: 'Signature standard' })).toHaveAttribute(
      'aria-busy',
      'false',
    )
    await page.reload()
    await expect(standard).toHaveValue('qes_zertes')
    await page.screenshot({ path: testInfo.outputPath('request-standard.png'), fullPage: true })
    await initiateRequest(request, owner, id)
    await page.reload()
    // Sent, and nobody signed yet: the sender may still change it.
    await expect(standard).toHaveValue('qes_zertes')

    await signInTab(page, signer)
    await view.open(`/view/${id}`)
    await expect(page.getByTestId('request-standard')).toHaveText('Qualified, Swiss law (ZertES)')
  })

  test('the sender takes a document off a draft, then deletes the draft', async ({ page, request }) => {
    const owner = await createAccount(request)
    const title = `Draft ${randomUUID().slice(0, 8)}`
    const id = await createDraft(request, owner, title, ['someone@example.com'])
    await addDocument(request, owner, id, await threePagePdf('First.pdf'))
    await addDocument(request, owner, id, await threePagePdf('Second.pdf'))
    const view = new RequestViewPage(page)
    const dashboard = new DashboardPage(page)
    await signInTab(page, owner)
    await view.open(`/view/${id}`)
    await view.seeRequest(title, 'Draft')
    await view.deleteDocument('First')
    await view.seeDocument('First', false)
    await view.seeDocument('Second')
    await view.deleteRequest()
    await expect(page).toHaveURL(/\/dashboard$/)
    await dashboard.seeNoRequest(title)
  })

  test('a signed-in user claims a link sent to another address of theirs', async ({ page, request }) => {
    const owner = await createAccount(request, 'Olga')
    const signer = await createAccount(request, 'Sven')
    const claimer = await createAccount(request, 'Clara')
    const tag = randomUUID().slice(0, 8)
    const title = `Claimed ${tag}`
    const outside = `private-${tag}@example.com`
    const id = await createDraft(request, owner, title, [signer.email, outside])
    await initiateRequest(request, owner, id)
    const answer = await request.get(`/api/v3/signature-requests/${id}`, {
      headers: { Authorization: `Bearer ${owner.token}` },
    })
    const { signatures } = (await answer.json()) as { signatures: { id: string; account_email: string }[] }
    const signatureId = signatures.find((s) => s.account_email === outside)?.id ?? ''
    const link = new URL(await mailedAppLink(request, outside, `/view/${id}/${signatureId}`), 'http://app')
    const sendto = `/sendto/${signatureId}?token=${link.searchParams.get('token')}`
    const view = new RequestViewPage(page)

    // Someone who already signs the request cannot take a second signature of it.
    await signInTab(page, signer)
    await view.open(sendto)
    await view.seeHeading('You were asked to sign')
    await page.getByRole('button', { name: 'Add to my account' }).click()
    await view.seeError('Failed to claim signature request. This person already signs this request.')

    await signInTab(page, claimer)
    await view.open(sendto)
    await expect(page.getByText(`sent “${title}” to ${outside}`)).toBeVisible()
    await page.getByRole('button', { name: 'Add to my account' }).click()
    await expect(page).toHaveURL(new RegExp(`/view/${id}$`))
    await view.seeRequest(title, 'Open')
    await view.seeSigner(claimer.email, 'Waiting to sign')

    await view.open(sendto)
    await view.seeHeading('This link cannot be used')
  })

  test('a reload of /upload goes on with the draft being made, its id in the address', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request)
    const tag = randomUUID().slice(0, 8)
    const title = `Resumed ${tag}`
    const upload = new UploadPage(page)
    const view = new RequestViewPage(page)
    await signInTab(page, account)
    await upload.openUpload()
    await upload.chooseFiles([await threePagePdf(`${title}.pdf`)])
    await upload.seeUploaded(`${title}.pdf`)
    await expect(page).toHaveURL(/\/upload\?draft=[0-9a-f-]{36}$/)
    const draftUrl = page.url()

    await page.reload()
    await upload.seeHeading('Ask for signatures')
    await upload.seeUploaded(title)
    expect(page.url()).toBe(draftUrl)
    await upload.addSigner(`signer-${tag}@example.com`)
    await upload.clickSend()
    await expect(page).toHaveURL(/\/view\/[0-9a-f-]{36}$/)
    await view.seeRequest(title, 'Open')
    expect(page.url()).toContain(new URL(draftUrl).searchParams.get('draft') ?? 'no draft')
  })

  test('asks before leaving while a file is still uploading', async ({ page, request }) => {
    const account = await createAccount(request)
    const upload = new UploadPage(page)
    await signInTab(page, account)
    // The upload is held back until the user has tried to leave, so that it is still going then.
    const held = Promise.withResolvers<void>()
    await page.route('**/api/v3/signature-requests/*/documents', async (route) => {
      await held.promise
      await route.continue()
    })
    await upload.openUpload()
    await upload.chooseFiles([await threePagePdf('Slow.pdf')])
    await upload.clickRequestsLink()
    await upload.seeLeavePageDialog()
    await upload.clickStay()
    held.resolve()
    await expect(page).toHaveURL(/\/upload\?draft=[0-9a-f-]{36}$/)
    await upload.seeUploaded('Slow.pdf')
  })

  test('a page that could not be loaded is asked for again on request', async ({ page, request }) => {
    const owner = await createAccount(request)
    const title = `Pages ${randomUUID().slice(0, 8)}`
    const id = await createDraft(request, owner, title, [])
    await addDocument(request, owner, id, await threePagePdf(`${title}.pdf`))
    const view = new RequestViewPage(page)
    await signInTab(page, owner)
    // A 404 is not retried: the viewer gives up on the page at once and offers to try again.
    const firstPage = '**/api/v3/documents/*/pages/0?scale=100'
    await page.route(firstPage, (route) =>
      route.fulfill({ status: 404, json: { status: 404, code: 'document.page_not_found', message: 'gone' } }),
    )
    await view.open(`/view/${id}`)
    await view.viewer.seePageFailed(1)
    await page.unroute(firstPage)
    await view.viewer.clickTryAgain()
    await view.viewer.seePage(1, 3, title)
  })

  test('on a high-density screen the pages come with twice the pixels, so their text stays sharp', async ({
    browser,
    request,
  }) => {
    const owner = await createAccount(request)
    const title = `Sharp ${randomUUID().slice(0, 8)}`
    const id = await createDraft(request, owner, title, [])
    await addDocument(request, owner, id, await threePagePdf(`${title}.pdf`))
    const context = await browser.newContext({ deviceScaleFactor: 2 })
    const page = await context.newPage()
    const view = new RequestViewPage(page)
    await signInTab(page, owner)
    await view.open(`/view/${id}`)
    await view.viewer.seePage(1, 3, title)
    const image = page.getByRole('img', { name: `Page 1 of 3 of ${title}` })
    const { natural, shown } = await image.evaluate((img: HTMLImageElement) => ({
      natural: img.naturalWidth,
      shown: img.getBoundingClientRect().width,
    }))
    // About two image pixels for each CSS pixel the page is shown at: one per device pixel.
    expect(natural).toBeGreaterThanOrEqual(Math.floor(shown * 2 * 0.95))
    await context.close()
  })

  test('a file on its way shows its bytes and can be stopped; the next one goes on', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request)
    const upload = new UploadPage(page)
    await signInTab(page, account)
    await upload.openUpload()
    // Slow.pdf's upload hangs until the test lets it go, as on a slow line. It is told by its file name, not by
    // coming first: a cancel that beats the request to the wire would otherwise hold the next file instead.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let reached: () => void = () => {}
    const onTheWire = new Promise<void>((resolve) => {
      reached = resolve
    })
    await page.route('**/api/v3/signature-requests/*/documents', async (route) => {
      if (!route.request().postDataBuffer()?.includes('filename="Slow.pdf"')) return route.continue()
      reached()
      await held
      await route.continue().catch(() => {})
    })
    await upload.chooseFiles([await threePagePdf('Slow.pdf'), await threePagePdf('Next.pdf')])
    const slow = page
      .getByRole('list', { name: 'Uploads' })
      .getByRole('listitem')
      .filter({ hasText: 'Slow.pdf' })
    await expect(slow).toContainText(/ of \d+ kB/)
    await onTheWire
    await slow.getByRole('button', { name: 'Cancel Slow.pdf' }).click()
    await expect(slow).toHaveCount(0)
    await upload.seeUploaded('Next.pdf')
    // The draft holds only the document that was not stopped.
    const draftId = new URL(page.url()).searchParams.get('draft')
    const draft = await request.get(`/api/v3/signature-requests/${draftId}`, {
      headers: { Authorization: `Bearer ${account.token}` },
    })
    expect(
      ((await draft.json()) as { documents: { title: string }[] }).documents.map((d) => d.title),
    ).toEqual(['Next'])
    release()
  })

  test('refuses bad files, each with its reason', async ({ page, request }) => {
    const account = await createAccount(request)
    const upload = new UploadPage(page)
    await signInTab(page, account)
    await upload.openUpload()
    const cases = await badPdfs(documentLimitMb)
    await upload.chooseFiles(cases.map((c) => c.file))
    for (const { file, message } of cases) await upload.seeRefused(file.name, message)
    // Refused files, and a reload on top, leave nothing on the dashboard.
    await page.reload()
    await upload.chooseFiles(cases.map((c) => c.file))
    for (const { file, message } of cases) await upload.seeRefused(file.name, message)
    const dashboard = new DashboardPage(page)
    await dashboard.open('/dashboard')
    await dashboard.seeEmpty(/Upload a PDF to sign it yourself/)
    await expect(page.getByRole('link', { name: 'Upload a document' })).toBeVisible()
  })

  test('fits a phone screen, with the thumbnails folded away', async ({ page, request }) => {
    const account = await createAccount(request)
    const upload = new UploadPage(page)
    const view = new RequestViewPage(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await signInTab(page, account)
    await upload.openUpload()
    await upload.chooseFiles([await threePagePdf('Phone.pdf')])
    await upload.seeUploaded('Phone.pdf')
    await view.viewer.seePage(1, 3, 'Phone')
    await expect(page.getByRole('navigation', { name: 'Pages' })).toBeHidden()
    await page.getByRole('button', { name: 'Show pages' }).click()
    await view.viewer.seePageCount(3)
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
  })
})
