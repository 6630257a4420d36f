import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import {
  documentTimestamp,
  pdfsig,
  qpdfCheck,
  removeTemporaryDirectories,
  temporaryDirectory,
  trustStore,
} from '../tests/server/signing/pdf-tools.ts'
import { expect, test } from './fixtures.ts'
import { DashboardPage, initiateRequest } from './pages/dashboard-page.ts'
import { pageLoaderPatienceMs } from './pages/document-viewer-part.ts'
import { addDocument, createDraft } from './pages/request-api.ts'
import { RequestViewPage } from './pages/request-view-page.ts'
import { mailedDirectLink, mailedTan, SigningPage, tanMailSubjects } from './pages/signing-page.ts'
import { createAccount, signInTab } from './pages/test-account.ts'
import { threePagePdf } from './pages/test-pdfs.ts'
import { UploadPage } from './pages/upload-page.ts'

// The integrator's site a direct link sends its signers back to; the test stands in for it.
const exitUrl = 'https://partner.example/done?signed'

test.describe('signing', () => {
  // A page image may take as long as the viewer keeps asking for it (see pageLoaderPatienceMs).
  test.describe.configure({ timeout: 30_000 + pageLoaderPatienceMs })
  test.afterAll(removeTemporaryDirectories)

  test('a user and an outside signer sign, the outside signer is taken back, the signed PDF validates', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(120_000)
    const owner = await createAccount(request, 'Olga')
    const tag = randomUUID().slice(0, 8)
    const title = `Contract ${tag}`
    const outside = `otto-${tag}@example.com`
    const upload = new UploadPage(page)
    const view = new RequestViewPage(page)
    const signing = new SigningPage(page)
    await signInTab(page, owner)

    await upload.openUpload()
    await upload.chooseFiles([await threePagePdf(`${title}.pdf`)])
    await upload.seeUploaded(`${title}.pdf`)
    await upload.addSigner(owner.email)
    await upload.addSigner(outside, 'Otto', 'Outside')
    await upload.clickSend()
    await expect(page).toHaveURL(/\/view\/[0-9a-f-]{36}$/)
    await view.seeRequest(title, 'Open')
    const requestId = new URL(page.url()).pathname.split('/')[2] ?? ''

    // An account holder accepted the terms at sign-up: the first dialog is the name on the signature.
    // Escape closes it and gives the focus back to the Sign button.
    await signing.clickSign()
    const nameDialog = page.getByRole('dialog', { name: 'Your signature' })
    await expect(nameDialog).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Terms of use for signing' })).toHaveCount(0)
    // Escape is for a dialog that is not busy: while the step before it finishes, the dialog says it is busy.
    await expect(nameDialog).not.toHaveAttribute('aria-busy', 'true')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('main').getByRole('button', { name: 'Sign', exact: true })).toBeFocused()
    await signing.clickSign()
    await signing.confirmSignatureName('Olga Lovelace')
    await signing.seeOverlay('Signed')
    await signing.clickOverlayButton('Done')
    await signing.seeNoOverlay()
    // The Sign button has gone: the focus is on the page's content, not lost.
    await expect(page.getByRole('main')).toBeFocused()
    await view.seeSigner(owner.email, 'Signed')
    await view.seeSigner(outside, 'Waiting to sign')

    const link = await mailedDirectLink(request, outside, requestId)
    link.searchParams.set('exitURL', exitUrl)
    link.searchParams.set('redirectTimeout', '60')
    const outsider = await browser.newContext()
    await outsider.route('https://partner.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Back at the partner</h1>' }),
    )
    const signerPage = await outsider.newPage()
    const direct = new SigningPage(signerPage)
    await direct.open(`${link.pathname}${link.search}`)
    await direct.seeHeading(title)
    await direct.viewer.seePage(1, 3, title)
    await direct.seeNoSeriousAccessibilityViolations()
    await testInfo.attach('signing as an outside signer (desktop)', {
      body: await signerPage.screenshot(),
      contentType: 'image/png',
    })
    await signerPage.setViewportSize({ width: 390, height: 844 })
    await testInfo.attach('signing as an outside signer (phone)', {
      body: await signerPage.screenshot(),
      contentType: 'image/png',
    })
    await direct.clickSign()
    await direct.agreeToTerms()
    await direct.confirmSignatureName('Otto Outside')
    await direct.seeTanEntry()
    await direct.enterTan(await mailedTan(request, outside))
    await direct.seeOverlay('Signed')
    // The countdown runs out by itself (the redirect machine's walk moves its clock); here the signer goes at once.
    await direct.seeCountdown()
    await signerPage.getByRole('button', { name: 'Go back now' }).click()
    await expect(signerPage).toHaveURL(exitUrl)
    await expect(signerPage.getByRole('heading', { name: 'Back at the partner' })).toBeVisible()
    await outsider.close()

    await view.open(`/view/${requestId}`)
    await view.seeRequest(title, 'Signed')
    // Download gives the signed PDF once there is one; the original stays, named so.
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download', exact: true }).click()
    const signedDownload = await downloading
    expect(signedDownload.suggestedFilename()).toBe(`${title} (signed).pdf`)
    const bytes = await readFile(await signedDownload.path())
    expect(await view.download('Download original')).toBe(`${title} (original).pdf`)
    const dir = temporaryDirectory('e2e-signing')
    const ca = await (await request.get('/api/pki/ca.pem')).text()
    const verdicts = await pdfsig(dir, bytes, trustStore(dir, ca))
    // Both signatures, then the archive timestamp over them and their validation data (B-LTA).
    expect(verdicts).toEqual([
      { signature: 'Signature is Valid.', certificate: 'Certificate is Trusted.' },
      { signature: 'Signature is Valid.', certificate: 'Certificate is Trusted.' },
      documentTimestamp,
    ])
    const check = qpdfCheck(dir, bytes)
    expect(check.status, check.output).toBe(0)
  })

  test('an outside signer enters a wrong TAN, gives up, then declines and is taken to the decline URL', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000)
    const owner = await createAccount(request, 'Olga')
    const tag = randomUUID().slice(0, 8)
    const title = `Offer ${tag}`
    const outside = `dora-${tag}@example.com`
    const upload = new UploadPage(page)
    await signInTab(page, owner)
    await upload.openUpload()
    await upload.chooseFiles([await threePagePdf(`${title}.pdf`)])
    await upload.seeUploaded(`${title}.pdf`)
    await upload.addSigner(outside, 'Dora', 'Declined')
    await upload.clickSend()
    await expect(page).toHaveURL(/\/view\/[0-9a-f-]{36}$/)
    const requestId = new URL(page.url()).pathname.split('/')[2] ?? ''

    const link = await mailedDirectLink(request, outside, requestId)
    const path = `${link.pathname}${link.search}`
    const direct = new SigningPage(page)
    await direct.open(`${path}&lang=it`)
    await direct.seeHeading(title)
    await expect(page.locator('html')).toHaveAttribute('lang', 'it')
    await direct.chooseLanguage('English')
    await direct.clickSign()
    await direct.agreeToTerms()
    await direct.confirmSignatureName('Dora Declined')
    await direct.seeTanEntry()
    const tan = await mailedTan(request, outside)
    // The TAN mail speaks the language the signer switched to, not the link's.
    expect(await tanMailSubjects(request, outside)).toEqual([`Your Signet TAN to sign “${title}”`])
    await direct.seeResendWaiting()
    await direct.enterTan(tan === '000000' ? '111111' : '000000')
    // SPEC §2's TAN invalid overlay says so with the tries left; the entry comes again, saying it at the field.
    await direct.seeOverlay('This TAN is not right')
    await direct.seeOverlayText('You have 4 more tries.')
    await direct.clickOverlayButton('Enter the TAN again')
    await direct.seeTanEntry()
    await direct.seeTanError(
      'This TAN is not right. Check the digits in the latest e-mail. You have 4 more tries.',
    )
    await direct.seeNoOverlay()
    await page.keyboard.press('Escape')
    await direct.seeNoOverlay()
    // Opening the signing again (terms and name are known now) within the minute mails no new TAN: the one
    // mailed still stands, and the button says when a new one may be asked for.
    await direct.clickSign()
    await direct.seeTanEntry()
    await direct.seeResendWaiting()
    expect(await tanMailSubjects(request, outside)).toHaveLength(1)
    await page.keyboard.press('Escape')

    const declineUrl = 'https://partner.example/declined'
    await page.route('https://partner.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Back at the partner</h1>' }),
    )
    await direct.open(`${path}&declineURL=${encodeURIComponent(declineUrl)}&declineRedirect=true`)
    await direct.seeHeading(title)
    await direct.decline('Not this time.')
    await expect(page).toHaveURL(declineUrl)
    await direct.open(path)
    await direct.seeNote('You declined this request.')
  })

  test('Back during signing closes the flow on the page it was opened on and signs nothing', async ({
    page,
    request,
  }) => {
    const owner = await createAccount(request, 'Olga')
    const title = `Back ${randomUUID().slice(0, 8)}`
    const id = await createDraft(request, owner, title, [owner.email, 'someone@example.com'])
    await addDocument(request, owner, id, await threePagePdf(`${title}.pdf`))
    await initiateRequest(request, owner, id)
    const dashboard = new DashboardPage(page)
    const view = new RequestViewPage(page)
    const signing = new SigningPage(page)
    await signInTab(page, owner)
    await dashboard.open('/dashboard')
    await page.getByRole('link', { name: new RegExp(`^${title}`) }).click()
    await view.seeRequest(title, 'Open')

    await signing.clickSign()
    await expect(page.getByRole('dialog', { name: 'Your signature' })).toBeVisible()
    await page.goBack()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0)

    await view.open(`/view/${id}`)
    await view.seeSigner(owner.email, 'Waiting to sign')
  })

  test('a wrong token shows that the link is not valid', async ({ page }) => {
    const direct = new SigningPage(page)
    await direct.open(`/view/${randomUUID()}/${randomUUID()}?token=not-a-real-token`)
    await direct.seeLinkInvalid()
  })
})

test('a request open in two tabs shows in the second what was signed in the first', async ({
  context,
  request,
}) => {
  const owner = await createAccount(request, 'Tess')
  const title = `Two tabs ${randomUUID().slice(0, 8)}`
  const id = await createDraft(request, owner, title, [owner.email])
  await addDocument(request, owner, id, await threePagePdf(`${title}.pdf`))
  await initiateRequest(request, owner, id)
  const [first, second] = [await context.newPage(), await context.newPage()]
  for (const tab of [first, second]) {
    await signInTab(tab, owner)
    await tab.goto(`/view/${id}`)
    await new RequestViewPage(tab).seeSigner(owner.email, 'Waiting to sign')
  }

  const signing = new SigningPage(first)
  await signing.clickSign()
  await signing.confirmSignatureName('Tess Lovelace')
  await signing.seeOverlay('Signed')

  // The second tab was told, and asked again: nobody reloaded it.
  await new RequestViewPage(second).seeSigner(owner.email, 'Signed')
  await expect(second.getByRole('main').getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0)
})
