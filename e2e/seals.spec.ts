import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import {
  documentTimestamp,
  pdfsig,
  removeTemporaryDirectories,
  temporaryDirectory,
  trustStore,
} from '../tests/server/signing/pdf-tools.ts'
import { expect, test } from './fixtures.ts'
import { joinBusiness, openBusiness } from './pages/business-api.ts'
import { initiateRequest } from './pages/dashboard-page.ts'
import { pageLoaderPatienceMs } from './pages/document-viewer-part.ts'
import { addDocument, createDraft } from './pages/request-api.ts'
import { RequestViewPage } from './pages/request-view-page.ts'
import { SealsPage } from './pages/seals-page.ts'
import { SigningPage } from './pages/signing-page.ts'
import { createAccount, signInTab, type TestAccount } from './pages/test-account.ts'
import { onePagePdf } from './pages/test-pdfs.ts'

const auth = (account: TestAccount) => ({ Authorization: `Bearer ${account.token}` })

/** A round company stamp, as an admin would upload it. */
async function stamp(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><circle cx="120" cy="120" r="110" fill="none" stroke="#b00020" stroke-width="12"/><text x="50%" y="55%" font-size="44" text-anchor="middle" fill="#b00020">SEAL</text></svg>'
  return { name: 'stamp.png', mimeType: 'image/png', buffer: await sharp(Buffer.from(svg)).png().toBuffer() }
}

test.describe('seals', () => {
  test.describe.configure({ timeout: 30_000 + pageLoaderPatienceMs })
  test.afterAll(removeTemporaryDirectories)

  test('an admin creates a seal with an image and allows a member, who seals a request with it', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(120_000)
    const tag = randomUUID().slice(0, 8)
    const businessName = `Seal Works ${tag}`
    const sealName = `legal-${tag}`
    const admin = await createAccount(request, 'Grace')
    const member = await createAccount(request, 'Mia')
    const businessId = await openBusiness(request, admin, businessName)
    await joinBusiness(request, admin, businessId, member)

    // The admin finds the seals in the business's navigation; there are none yet.
    const seals = new SealsPage(page)
    await signInTab(page, admin)
    await seals.open('/business/dashboard')
    await seals.clickNavigation()
    await seals.seeHeading('Seals')
    await seals.seeNoSeals()

    // A name that breaks the rules and a missing label are said at their fields; then the seal is made.
    await seals.createSeal('legal seal', '')
    await seals.seeFieldError('Account name', 'Use 3 to 40 lowercase letters, digits and dashes.')
    await seals.seeFieldError('Label', 'This field is required.')
    await seals.createSeal(sealName, 'Legal Department')
    await seals.seeSnackbar('Seal created')
    await expect(page).toHaveURL(new RegExp(`/business/seals/${sealName}$`))
    await seals.seeHeading(`Seal ${sealName}`)
    await seals.seeCertificate('Quality', 'Advanced electronic seal')
    await seals.seeCertificate('Subject', `CN=Legal Department`)
    await seals.seeCertificate('Subject', `O=${businessName}`)
    await seals.seeCertificate('Issued by', 'Signet Issuing CA')

    await seals.chooseImage(await stamp())
    await seals.seeSnackbar('Image saved')
    await seals.seeImage('Legal Department')
    await seals.allow(`Mia Lovelace (${member.email})`)
    await seals.seeSnackbar('Allowed to use the seal')
    await seals.seeAllowed(member.email)
    await seals.seeNoSeriousAccessibilityViolations()
    await testInfo.attach('seal (desktop)', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })
    await page.setViewportSize({ width: 390, height: 844 })
    await testInfo.attach('seal (phone)', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })
    await page.setViewportSize({ width: 1280, height: 720 })

    await page.getByRole('link', { name: 'All seals' }).click()
    await seals.seeHeading('Seals')
    await seals.seeSeal('Legal Department', '1 person · 0 API users')
    await testInfo.attach('seals (desktop)', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })

    // The member is refused the admin screens, as every admin page refuses them.
    const memberPage = await (await browser.newContext()).newPage()
    const memberSeals = new SealsPage(memberPage)
    await signInTab(memberPage, member)
    for (const path of ['/business/seals', `/business/seals/${sealName}`]) {
      await memberSeals.open(path)
      await expect(memberPage).toHaveURL(/\/dashboard$/)
      await memberSeals.seeSnackbar('Only the admins of your business can open that page.')
    }

    // The member seals a request sent to them: the seal, not their own name, signs it.
    const title = `Supplier contract ${tag}`
    const id = await createDraft(request, admin, title, [member.email])
    await addDocument(request, admin, id, await onePagePdf(`${title}.pdf`))
    await initiateRequest(request, admin, id)
    const view = new RequestViewPage(memberPage)
    const signing = new SigningPage(memberPage)
    await view.open(`/view/${id}`)
    await view.seeRequest(title, 'Open')
    await memberPage.getByLabel('Sign as').selectOption({ label: 'Seal: Legal Department' })
    await testInfo.attach('sealing (desktop)', {
      body: await memberPage.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })
    // Cancelled at the confirmation, nothing is sealed.
    await memberPage.getByRole('main').getByRole('button', { name: 'Seal', exact: true }).click()
    await signing.seeOverlay('Seal with Legal Department?')
    await signing.clickOverlayButton('Cancel')
    await signing.seeNoOverlay()
    await view.seeSigner(member.email, 'Waiting to sign')
    // In German on a phone, the confirmation names the seal too.
    await memberPage.setViewportSize({ width: 390, height: 844 })
    await view.chooseLanguage('Deutsch')
    await memberPage.getByRole('main').getByRole('button', { name: 'Siegel', exact: true }).click()
    await signing.seeOverlay('Mit Legal Department siegeln?')
    await testInfo.attach('seal confirmation (phone, German)', {
      body: await memberPage.screenshot(),
      contentType: 'image/png',
    })
    await signing.clickOverlayButton('Abbrechen')
    await signing.seeNoOverlay()
    await view.chooseLanguage('English')
    await memberPage.setViewportSize({ width: 1280, height: 720 })
    // Confirmed by its name, the seal is applied, and the success and the history name it and who used it.
    await signing.sealAs('Legal Department')
    await signing.seeOverlay('Seal with Legal Department?')
    await signing.seeOverlayText(
      `“${title}” will carry the seal Legal Department of your organisation instead of your own signature.`,
    )
    await signing.seeOverlayText('The request’s history records that Mia Lovelace used the seal.')
    await testInfo.attach('seal confirmation (desktop)', {
      body: await memberPage.screenshot(),
      contentType: 'image/png',
    })
    await signing.clickOverlayButton('Apply the seal')
    await signing.seeOverlay('Sealed')
    await signing.seeOverlayText(`“${title}” was sealed with Legal Department by Mia Lovelace.`)
    await signing.clickOverlayButton('Done')
    await signing.seeNoOverlay()
    await view.seeSigner(member.email, 'Signed')
    await view.seeHistoryEntry('Sealed with Legal Department by Mia Lovelace')
    await testInfo.attach('sealed request history (desktop)', {
      body: await memberPage.getByRole('region', { name: 'History' }).screenshot(),
      contentType: 'image/png',
    })

    // The sealed PDF: one valid signature whose certificate names the organisation and chains to the platform CA.
    const read = await request.get(`/api/v3/signature-requests/${id}`, { headers: auth(admin) })
    const documentId = ((await read.json()) as { documents: { id: string }[] }).documents[0]?.id
    const pdf = await request.get(`/api/v3/documents/${documentId}/download?signed=true`, {
      headers: auth(admin),
    })
    expect(pdf.ok()).toBe(true)
    const dir = temporaryDirectory('e2e-seals')
    const nssDir = trustStore(dir, await (await request.get('/api/pki/ca.pem')).text())
    expect(await pdfsig(dir, new Uint8Array(await pdf.body()), nssDir)).toEqual([
      { signature: 'Signature is Valid.', certificate: 'Certificate is Trusted.' },
      documentTimestamp,
    ])
  })
})
