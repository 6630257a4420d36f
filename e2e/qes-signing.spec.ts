import { spawnSync } from 'node:child_process'
import { randomInt, randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import { OID } from '../server/signing/oids.ts'
import {
  documentTimestamp,
  pdfsig,
  removeTemporaryDirectories,
  temporaryDirectory,
  trustStore,
} from '../tests/server/signing/pdf-tools.ts'
import { expect, test } from './fixtures.ts'
import { initiateRequest } from './pages/dashboard-page.ts'
import { IdentificationFlowPage } from './pages/identification-page.ts'
import { addDocument } from './pages/request-api.ts'
import { RequestViewPage } from './pages/request-view-page.ts'
import { outboxIds, SigningPage, smsPassword } from './pages/signing-page.ts'
import { createAccount, signInTab, type TestAccount } from './pages/test-account.ts'
import { onePagePdf } from './pages/test-pdfs.ts'

/** Identifies the account at the sandbox provider (ZertES video), as its page's Complete button does. */
async function identifyQualified(request: APIRequestContext, account: TestAccount, firstName: string) {
  const started = await request.post('/api/v1/user/identification/zertes/video', {
    headers: { Authorization: `Bearer ${account.token}` },
    data: {},
  })
  expect(started.ok(), await started.text()).toBe(true)
  const { ident_url: identUrl } = (await started.json()) as { ident_url: string }
  const done = await request.post(new URL(identUrl).pathname, {
    form: { outcome: 'complete', first_name: firstName, last_name: 'Lovelace' },
    maxRedirects: 0,
  })
  expect(done.status()).toBe(303)
}

/** An open request from `account` to themselves with a one-page PDF, asking for `quality` if given. */
async function openRequest(request: APIRequestContext, account: TestAccount, title: string, quality?: 'qes') {
  const draft = await request.post('/api/v3/signature-requests', {
    headers: { Authorization: `Bearer ${account.token}` },
    data: { title, ...(quality ? { quality } : {}), signatures: [{ account_email: account.email }] },
  })
  expect(draft.ok(), await draft.text()).toBe(true)
  const id = ((await draft.json()) as { id: string }).id
  await addDocument(request, account, id, await onePagePdf(`${title}.pdf`))
  await initiateRequest(request, account, id)
  return id
}

async function shots(page: Page, attach: (name: string, body: Buffer) => Promise<void>, name: string) {
  await attach(`${name} (desktop)`, await page.screenshot())
  const size = page.viewportSize()
  await page.setViewportSize({ width: 390, height: 844 })
  await attach(`${name} (phone)`, await page.screenshot())
  if (size) await page.setViewportSize(size)
}

test.describe('qualified signing with the SMS one-time password', () => {
  test.afterAll(removeTemporaryDirectories)

  test('after identifying, the first qualified signing asks for the mobile number as a step, signs with the SMS password, and the PDF validates', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000)
    const attach = (name: string, body: Buffer) => testInfo.attach(name, { body, contentType: 'image/png' })
    const quinn = await createAccount(request, 'Quinn')
    await signInTab(page, quinn)
    // No business pays for Quinn: a ZertES licence is paid first, as the app offers it.
    await new IdentificationFlowPage(page).payLicence('zertes')
    await identifyQualified(request, quinn, 'Quinn')
    // Typed the Swiss way, without the country code; the SMS goes to the number in E.164.
    const digits = String(randomInt(0, 10_000_000)).padStart(7, '0')
    const national = `079 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`
    const mobile = `+4179${digits}`

    // A request that asks for a qualified signature.
    const title = `Qualified deed ${randomUUID().slice(0, 8)}`
    const requestId = await openRequest(request, quinn, title, 'qes')

    const view = new RequestViewPage(page)
    const signing = new SigningPage(page)
    await view.open(`/view/${requestId}`)
    await view.seeRequest(title, 'Open')
    await signing.clickSign()
    await signing.confirmSignatureName('Quinn Lovelace')

    // Registering the number is a step of the signing, not its failure.
    await signing.seeOverlay('Your mobile number')
    const overlay = page.locator('[data-overlay]')
    await expect(page.getByText('Signing did not work')).toHaveCount(0)
    await expect(overlay.getByLabel('Country')).toHaveValue('CH')
    await shots(page, attach, 'mobile number step')
    // A Swiss mobile number read for Germany is no mobile number there: said at the field, nothing sent.
    const numberField = overlay.getByLabel('Mobile number')
    await overlay.getByLabel('Country').selectOption('DE')
    await numberField.fill(national)
    await numberField.press('Enter')
    await expect(numberField).toHaveAccessibleErrorMessage(
      /This is not a mobile number of the country chosen/,
    )
    await overlay.getByLabel('Country').selectOption('CH')
    let seen = await outboxIds(request)
    await numberField.press('Enter')
    const code = await smsPassword(request, mobile, seen)
    const codeField = overlay.getByLabel('Code from the SMS')
    await codeField.fill(code === '000000' ? '111111' : '000000')
    await codeField.press('Enter')
    await expect(codeField).toHaveAccessibleErrorMessage(/This code is not right/)
    seen = await outboxIds(request)
    await codeField.fill(code)
    await codeField.press('Enter')

    // Registered, the signing goes on by itself with the SMS of the signature.
    await signing.seeOverlay('Confirm on your phone')
    await expect(overlay).toContainText(`SMS to +41••••••${mobile.slice(-3)}`)
    const password = await smsPassword(request, mobile, seen)
    const field = overlay.getByLabel('One-time password from the SMS')
    await field.fill(password === '000000' ? '111111' : '000000')
    await field.press('Enter')
    await expect(field).toHaveAccessibleErrorMessage(
      /This one-time password is not right\. You have 4 more tries\./,
    )
    await shots(page, attach, 'mobile AES overlay')
    await field.fill(password)
    await field.press('Enter')
    await signing.seeOverlay('Signed')
    await signing.clickOverlayButton('Done')
    await signing.seeNoOverlay()
    await view.seeRequest(title, 'Signed')

    // The profile shows the number registered on the way.
    await page.goto('/profile/signature-standards/mobile-id')
    await expect(page.getByText(`Qualified signatures are confirmed by SMS to ${mobile}.`)).toBeVisible()

    // The default standard did not change on the way: a request that asks for none is signed simply, no SMS.
    const simpleTitle = `Simple note ${randomUUID().slice(0, 8)}`
    const simpleId = await openRequest(request, quinn, simpleTitle)
    seen = await outboxIds(request)
    await view.open(`/view/${simpleId}`)
    await view.seeRequest(simpleTitle, 'Open')
    await signing.clickSign()
    await signing.seeOverlay('Signed')
    await signing.clickOverlayButton('Done')
    await view.seeRequest(simpleTitle, 'Signed')
    const outbox = (await (await request.get('/api/dev/outbox')).json()) as {
      mails: { id: string; to: string }[]
    }
    expect(outbox.mails.filter((mail) => mail.to.includes('@sms.invalid') && !seen.has(mail.id))).toEqual([])

    await view.open(`/view/${requestId}`)
    // The downloaded PDF's signature validates, with the per-signer qualified demo certificate.
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download', exact: true }).click()
    const bytes = readFileSync(await (await downloading).path())
    const dir = temporaryDirectory('e2e-qes')
    const ca = await (await request.get('/api/pki/ca.pem')).text()
    expect(await pdfsig(dir, bytes, trustStore(dir, ca))).toEqual([
      { signature: 'Signature is Valid.', certificate: 'Certificate is Trusted.' },
      documentTimestamp,
    ])
    const certificate = signerCertificate(dir, bytes)
    expect(certificate).toContain('CN = Quinn Lovelace')
    expect(certificate).toContain('DEMO certificate - not for legal use')
    expect(certificate).toContain(`Policy: ${OID.policyQes}`)
    expect(certificate).toContain(`Policy: ${OID.policyDemo}`)
  })
})

/** The signer certificate of the PDF's first signature as openssl prints it (pdfsig dumps the CMS). */
function signerCertificate(dir: string, bytes: Uint8Array): string {
  const dumpDir = mkdtempSync(join(dir, 'dump-'))
  writeFileSync(join(dumpDir, 'signed.pdf'), bytes)
  expect(spawnSync('pdfsig', ['-dump', 'signed.pdf'], { cwd: dumpDir }).status).toBe(0)
  const chain = spawnSync(
    'openssl',
    ['pkcs7', '-inform', 'DER', '-in', join(dumpDir, 'signed.pdf.sig0'), '-print_certs'],
    { encoding: 'utf8' },
  ).stdout
  const leaf = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(chain)?.[0] ?? ''
  return spawnSync('openssl', ['x509', '-noout', '-text'], { input: leaf, encoding: 'utf8' }).stdout
}
