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
import { SigningPage } from './pages/signing-page.ts'
import { createAccount, signInTab, type TestAccount } from './pages/test-account.ts'
import { onePagePdf } from './pages/test-pdfs.ts'

interface Listed {
  id: string
  to: string
  subject: string
}

/** The 6-digit password of the newest SMS to `mobile` not among `seen`, read from the dev outbox. */
async function smsPassword(request: APIRequestContext, mobile: string, seen: Set<string>): Promise<string> {
  const to = `${mobile.replace(/\D/g, '')}@sms.invalid`
  let password = ''
  await expect
    .poll(
      async () => {
        const list = (await (await request.get('/api/dev/outbox')).json()) as { mails: Listed[] }
        const sms = list.mails.find((mail) => mail.to.includes(to) && !seen.has(mail.id))
        if (sms === undefined) return ''
        const text = ((await (await request.get(`/api/dev/outbox/${sms.id}`)).json()) as { text: string })
          .text
        password = /\b(\d{6})\b/.exec(text)?.[1] ?? ''
        return password
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/)
  return password
}

async function outboxIds(request: APIRequestContext): Promise<Set<string>> {
  const list = (await (await request.get('/api/dev/outbox')).json()) as { mails: Listed[] }
  return new Set(list.mails.map((mail) => mail.id))
}

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

async function shots(page: Page, attach: (name: string, body: Buffer) => Promise<void>, name: string) {
  await attach(`${name} (desktop)`, await page.screenshot())
  const size = page.viewportSize()
  await page.setViewportSize({ width: 390, height: 844 })
  await attach(`${name} (phone)`, await page.screenshot())
  if (size) await page.setViewportSize(size)
}

test.describe('qualified signing with the SMS one-time password', () => {
  test.afterAll(removeTemporaryDirectories)

  test('a user who holds qes (demo) registers their mobile, signs a request asking qes with the SMS password, and the PDF validates', async ({
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
    const mobile = `+4179${String(randomInt(0, 10_000_000)).padStart(7, '0')}`

    // Registering the number: a code by SMS, a wrong code said at the field, then the right one.
    await page.goto('/profile/signature-standards/mobile-id')
    await expect(page.getByRole('heading', { name: 'Mobile number for qualified signing' })).toBeVisible()
    await shots(page, attach, 'mobile-id: number')
    let seen = await outboxIds(request)
    await page.getByLabel('Mobile number').fill(mobile)
    await page.getByLabel('Mobile number').press('Enter')
    const code = await smsPassword(request, mobile, seen)
    const codeField = page.getByLabel('Code from the SMS')
    await codeField.fill(code === '000000' ? '111111' : '000000')
    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect(codeField).toHaveAccessibleErrorMessage(/This code is not right/)
    await expect(page.getByRole('button', { name: /^Send a new SMS in \d+ s$/ })).toBeDisabled()
    await shots(page, attach, 'mobile-id: code')
    await codeField.fill(code)
    await codeField.press('Enter')
    await expect(page.getByRole('heading', { name: 'Your mobile number is registered' })).toBeVisible()
    await expect(page.getByText(`Qualified signatures are now confirmed by SMS to ${mobile}.`)).toBeVisible()

    // A request that asks for a qualified signature.
    const title = `Qualified deed ${randomUUID().slice(0, 8)}`
    const draft = await request.post('/api/v3/signature-requests', {
      headers: { Authorization: `Bearer ${quinn.token}` },
      data: { title, quality: 'qes', signatures: [{ account_email: quinn.email }] },
    })
    expect(draft.ok(), await draft.text()).toBe(true)
    const requestId = ((await draft.json()) as { id: string }).id
    await addDocument(request, quinn, requestId, await onePagePdf(`${title}.pdf`))
    await initiateRequest(request, quinn, requestId)

    const view = new RequestViewPage(page)
    const signing = new SigningPage(page)
    await view.open(`/view/${requestId}`)
    await view.seeRequest(title, 'Open')
    seen = await outboxIds(request)
    await signing.clickSign()
    await signing.confirmSignatureName('Quinn Lovelace')
    await signing.seeOverlay('Confirm on your phone')
    const overlay = page.locator('[data-overlay]')
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
