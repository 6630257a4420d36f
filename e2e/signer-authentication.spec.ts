import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { joinBusiness, openBusiness } from './pages/business-api.ts'
import { LoginPage } from './pages/login-page.ts'
import { mailWaitMs } from './pages/mail-outbox.ts'
import { RequestViewPage } from './pages/request-view-page.ts'
import { codeAt, switchOnSecondFactor } from './pages/second-factor-api.ts'
import { SigningPage } from './pages/signing-page.ts'
import { createAccount, signInTab, type TestAccount } from './pages/test-account.ts'
import { threePagePdf } from './pages/test-pdfs.ts'
import { UploadPage } from './pages/upload-page.ts'

// Issue 42 §5 and two journeys of §1 and §4: a second factor the sender requires at signing, a business that
// requires one of every member, and the mail about a sign-in from a new device.

const auth = (account: TestAccount) => ({ Authorization: `Bearer ${account.token}` })

async function signIn(page: Page, email: string, password: string) {
  const login = new LoginPage(page)
  await login.openLogin()
  await login.signIn(email, password)
}

test('a sender requires a second factor: the signer confirms with a code, a wrong one is refused', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const owner = await createAccount(request, 'Olga')
  const signer = await createAccount(request, 'Ben', 'guarded')
  const secret = await switchOnSecondFactor(request, signer)
  const title = `Board minutes ${randomUUID().slice(0, 8)}`
  const upload = new UploadPage(page)
  await signInTab(page, owner)
  await upload.openUpload()
  await upload.chooseFiles([await threePagePdf(`${title}.pdf`)])
  await upload.seeUploaded(`${title}.pdf`)

  await upload.clickAddSigner()
  const dialog = page.getByRole('dialog', { name: 'Add a signer' })
  await dialog.getByLabel('E-mail address').fill(signer.email)
  const how = dialog.getByLabel('How they confirm who they are')
  await expect(how).toHaveValue('tan')
  await how.selectOption({ label: 'Two-step verification at signing' })
  await page.screenshot({ path: test.info().outputPath('editor-desktop.png') })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: test.info().outputPath('editor-mobile.png') })
  await page.setViewportSize({ width: 1280, height: 800 })
  await dialog.getByRole('button', { name: 'Add signer' }).click()
  await expect(dialog).toBeHidden()
  // The draft's signer row says it, and lets the sender change it until the request is sent.
  await expect(page.getByLabel(`How ${signer.email} confirms who they are`)).toHaveValue('second_factor')
  await upload.clickSend()
  await expect(page).toHaveURL(/\/view\/[0-9a-f-]{36}$/)
  const requestId = new URL(page.url()).pathname.split('/')[2] ?? ''

  const signerContext = await browser.newContext()
  const signerPage = await signerContext.newPage()
  const signing = new SigningPage(signerPage)
  await signInTab(signerPage, signer)
  await signerPage.goto(`/view/${requestId}`)
  await signing.clickSign()
  await signing.confirmSignatureName('Ben Lovelace')
  await signing.seeOverlay('Confirm with two-step verification')
  await signerPage.screenshot({ path: test.info().outputPath('signing-step-desktop.png') })
  await signerPage.setViewportSize({ width: 390, height: 844 })
  await signerPage.screenshot({ path: test.info().outputPath('signing-step-mobile.png') })
  await signerPage.setViewportSize({ width: 1280, height: 800 })
  const code = signerPage.locator('[data-overlay]').getByLabel('Code from your authenticator app')
  const right = await codeAt(request, secret, 1)
  await code.fill(right === '000000' ? '111111' : '000000')
  await signing.clickOverlayButton('Sign')
  await signing.seeOverlay('Confirm with two-step verification')
  await expect(signerPage.locator('[data-overlay]')).toContainText('This code is not right.')
  await signerPage.locator('[data-overlay]').getByLabel('Code from your authenticator app').fill(right)
  await signing.clickOverlayButton('Sign')
  await signing.seeOverlay('Signed')
  await signing.clickOverlayButton('Done')
  await signerContext.close()

  // The sender's page and report name how the signer confirmed.
  const view = new RequestViewPage(page)
  await page.reload()
  await view.seeSigner(signer.email, 'Signed')
  await view.seeHistoryEntry('a code of the authenticator app (second factor)')
  const report = await request.get(`/api/v3/signature-requests/${requestId}/report?type=json`, {
    headers: auth(owner),
  })
  const json = (await report.json()) as {
    signers: { account_email: string; authentication: string }[]
    events: { type: string; detail: { verifications?: unknown[] } }[]
  }
  expect(json.signers).toContainEqual(
    expect.objectContaining({ account_email: signer.email, authentication: 'second_factor' }),
  )
  expect(json.events.find((e) => e.type === 'signed')?.detail.verifications).toContainEqual({
    method: 'second_factor',
    kind: 'totp',
  })
})

test('a business requiring a second factor leads a member to set one up before anything else', async ({
  page,
  browser,
  request,
}) => {
  const admin = await createAccount(request, 'Ada', 'admin')
  const member = await createAccount(request, 'Max', 'member')
  const businessId = await openBusiness(request, admin, `Guarded ${randomUUID().slice(0, 8)} AG`)
  await joinBusiness(request, admin, businessId, member)
  await signInTab(page, admin)
  await page.goto('/business/settings')
  await page.getByLabel('Require two-step verification of every member').check()
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByText('Changes not saved yet')).toHaveCount(0)

  const memberPage = await browser.newPage()
  await signIn(memberPage, member.email, member.password)
  await expect(memberPage).toHaveURL(/\/profile\/security$/)
  // Anything else leads back there while no second factor is on.
  await memberPage.goto('/dashboard')
  await expect(memberPage).toHaveURL(/\/profile\/security$/)
  await memberPage.getByRole('button', { name: 'Set up two-step verification' }).click()
  const secret = (await memberPage.getByTestId('totp-secret').textContent()) ?? ''
  const twoStep = memberPage.getByRole('region', { name: 'Two-step verification' })
  await twoStep.getByLabel('Password', { exact: true }).fill(member.password)
  await twoStep.getByLabel('Code from your authenticator app').fill(await codeAt(request, secret, 0))
  await memberPage.getByRole('button', { name: 'Switch on' }).click()
  await expect(memberPage.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10)
  await memberPage.goto('/dashboard')
  await expect(memberPage).toHaveURL(/\/dashboard$/)
  await memberPage.close()
})

test('a sign-in from a new device mails the owner, naming the device', async ({ browser, request }) => {
  const account = await createAccount(request, 'Nora', 'devices')
  const mailsTo = async () => {
    const list = (await (await request.get('/api/dev/outbox')).json()) as {
      mails: { id: string; to: string; subject: string }[]
    }
    return list.mails.filter((m) => m.to.includes(account.email) && /New sign-in/.test(m.subject))
  }
  const before = new Set((await mailsTo()).map((m) => m.id))
  const device = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  })
  const page = await device.newPage()
  await signIn(page, account.email, account.password)
  await expect(page).toHaveURL(/\/dashboard$/)
  let newest: string | undefined
  await expect
    .poll(
      async () => {
        newest = (await mailsTo()).find((m) => !before.has(m.id))?.id
        return newest
      },
      { timeout: mailWaitMs },
    )
    .toBeDefined()
  const mail = (await (await request.get(`/api/dev/outbox/${newest}`)).json()) as {
    text: string
    links: string[]
  }
  expect(mail.text).toMatch(/Safari/)
  expect(mail.links.some((link) => new URL(link).pathname === '/profile/security')).toBe(true)
  await device.close()
})
