import { randomUUID } from 'node:crypto'
import {
  pdftotext,
  removeTemporaryDirectories,
  temporaryDirectory,
} from '../tests/server/signing/pdf-tools.ts'
import { expect, test } from './fixtures.ts'
import { openBusiness } from './pages/business-api.ts'
import { BusinessPage } from './pages/business-page.ts'
import { addDocument, createDraft } from './pages/request-api.ts'
import { RequestViewPage } from './pages/request-view-page.ts'
import { mailedDirectLink, mailedTan, SigningPage } from './pages/signing-page.ts'
import { createAccount, signInTab } from './pages/test-account.ts'
import { onePagePdf } from './pages/test-pdfs.ts'

test.afterAll(removeTemporaryDirectories)

test('a business signs under Part 11: its signer confirms with password, name and meaning', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(90_000)
  const admin = await createAccount(request, 'Quinn')
  await openBusiness(request, admin, 'Pharma Labs AG')
  await signInTab(page, admin)
  const settings = new BusinessPage(page)
  await settings.open('/business/settings')
  await page.getByRole('button', { name: 'What signing under Part 11 means' }).click()
  await settings.seeDialog('Signing under FDA 21 CFR Part 11')
  await settings.clickInDialog('Understood')
  await page.getByLabel(/Sign under FDA 21 CFR Part 11/).check()
  await page.getByRole('button', { name: 'Save settings' }).click()
  await settings.seeSnackbar('Settings saved')

  const reviewer = await createAccount(request, 'Rita')
  const id = await createDraft(request, admin, 'Batch record 42', [reviewer.email])
  await addDocument(request, admin, id, await onePagePdf('batch.pdf'))
  const sent = await request.post(`/api/v3/signature-requests/${id}/initiate`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  })
  expect(sent.ok(), await sent.text()).toBe(true)

  const tab = await (await browser.newContext()).newPage()
  await signInTab(tab, reviewer)
  const signing = new SigningPage(tab)
  await signing.open(`/view/${id}`)
  await signing.clickSign()
  await signing.confirmSignatureName('Rita Lovelace')
  await signing.seeOverlay('Confirm your signature')
  const overlay = tab.locator('[data-overlay]')
  await expect(overlay.getByLabel('Printed name')).toHaveValue('Rita Lovelace')
  // Nothing missing goes out.
  await overlay.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(overlay.getByLabel('Meaning of the signature')).toHaveAccessibleErrorMessage(
    'Please fill in this field.',
  )
  await overlay.getByLabel('Password').fill('not my password')
  await overlay.getByLabel('Meaning of the signature').fill('Reviewed')
  await overlay.getByRole('button', { name: 'Sign', exact: true }).click()
  await signing.seeOverlay('Confirm your signature')
  await expect(overlay.getByLabel('Password')).toHaveAccessibleErrorMessage(
    'This password is not right. Enter the password you sign in with.',
  )
  await testInfo.attach('part11-verification', { body: await tab.screenshot(), contentType: 'image/png' })
  await expect(overlay.getByLabel('Meaning of the signature')).toHaveValue('Reviewed')
  await overlay.getByLabel('Password').fill(reviewer.password)
  await overlay.getByLabel('Password').press('Enter')
  await signing.seeOverlay('Signed')
  await signing.clickOverlayButton('Done')

  // The report records the name, the meaning and the time.
  const report = await request.get(`/api/v3/signature-requests/${id}/report?type=json`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  })
  const { signers } = (await report.json()) as {
    signers: { signing_name: string; signing_reason: string; signed_at: string | null }[]
  }
  expect(signers).toEqual([
    expect.objectContaining({
      signing_name: 'Rita Lovelace',
      signing_reason: 'Reviewed',
      signed_at: expect.any(String),
    }),
  ])
})

test('Part 11 with an account and a direct-link signer: page and report show name, meaning, time and TAN', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000)
  const admin = await createAccount(request, 'Vera')
  await openBusiness(request, admin, 'Clinical Trials AG')
  await signInTab(page, admin)
  const settings = new BusinessPage(page)
  await settings.open('/business/settings')
  await page.getByLabel(/Sign under FDA 21 CFR Part 11/).check()
  await page.getByRole('button', { name: 'Save settings' }).click()
  await settings.seeSnackbar('Settings saved')

  const approver = await createAccount(request, 'Aaron')
  const outside = `auditor-${randomUUID().slice(0, 8)}@outside.example`
  const title = 'Trial protocol 9'
  const id = await createDraft(request, admin, title, [approver.email, outside])
  await addDocument(request, admin, id, await onePagePdf('protocol.pdf'))
  const sent = await request.post(`/api/v3/signature-requests/${id}/initiate`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  })
  expect(sent.ok(), await sent.text()).toBe(true)

  // The account signer confirms with their password.
  const tab = await (await browser.newContext()).newPage()
  await signInTab(tab, approver)
  const signing = new SigningPage(tab)
  await signing.open(`/view/${id}`)
  await signing.clickSign()
  await signing.confirmSignatureName('Aaron Lovelace')
  await signing.seeOverlay('Confirm your signature')
  const overlay = tab.locator('[data-overlay]')
  await overlay.getByLabel('Password').fill(approver.password)
  await overlay.getByLabel('Meaning of the signature').fill('Approved')
  await overlay.getByLabel('Meaning of the signature').press('Enter')
  await signing.seeOverlay('Signed')
  await signing.clickOverlayButton('Done')

  // The direct-link signer gives the name and meaning, and confirms them with the TAN mailed to them.
  const link = await mailedDirectLink(request, outside, id)
  const directTab = await (await browser.newContext()).newPage()
  const direct = new SigningPage(directTab)
  await direct.open(`${link.pathname}${link.search}`)
  await direct.clickSign()
  await direct.agreeToTerms()
  await direct.confirmSignatureName(outside, 'Olivia Outside')
  await direct.seeOverlay('Confirm your signature')
  const directOverlay = directTab.locator('[data-overlay]')
  await expect(directOverlay.getByLabel('Password')).toHaveCount(0)
  await expect(directOverlay.getByLabel('Printed name')).toHaveValue('Olivia Outside')
  await directOverlay.getByLabel('Meaning of the signature').fill('Reviewed')
  await testInfo.attach('part11-direct-meaning', {
    body: await directTab.screenshot(),
    contentType: 'image/png',
  })
  await directOverlay.getByRole('button', { name: 'Sign', exact: true }).click()
  await direct.seeTanEntry()
  await direct.enterTan(await mailedTan(request, outside))
  await direct.seeOverlay('Signed')

  // The sender's page: the history names each signer, how they were verified, and the name and meaning.
  const view = new RequestViewPage(page)
  await view.open(`/view/${id}`)
  await view.seeRequest(title, 'Signed')
  await view.seeHistoryEntry(`Verified by: TAN sent to ${outside}`)
  await view.seeHistoryEntry('signed as Olivia Outside, meaning: Reviewed')
  await view.seeHistoryEntry('Verified by: signing in to the account; the account password entered again')
  await view.seeHistoryEntry('signed as Aaron Lovelace, meaning: Approved')
  await testInfo.attach('part11-history', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  })

  // The signed PDF shows each printed name, meaning and the time with its zone on the page.
  const dir = temporaryDirectory('e2e-part11')
  const signed = pdftotext(dir, await view.downloadBytes('Download')).replace(/\s+/g, ' ')
  for (const line of [
    'Signed by Aaron Lovelace',
    'Meaning: Approved',
    'Signed by Olivia Outside',
    'Meaning: Reviewed',
  ]) {
    expect(signed).toContain(line)
  }
  expect(signed.match(/\d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} UTC/g)).toHaveLength(2)

  // The report says what the history says, and names the direct-link signer and the TAN.
  const report = pdftotext(dir, await view.downloadBytes('Report (PDF)')).replace(/\s+/g, ' ')
  expect(report).toContain(`Signed by ${outside} from`)
  expect(report).not.toContain('unknown')
  for (const line of await view.historyLines('Verified by')) {
    // The history's time is the reader's; the report's is UTC: what is said after it is the same.
    const said = line.includes(' · ') ? line.slice(line.indexOf(' · ') + 3) : line
    expect(report).toContain(said.replace(/^(.*) · from (.*)$/, 'by $1 from $2'))
  }
})

test('the business settings wait for "Save settings", and leaving with unsaved changes asks', async ({
  page,
  request,
}) => {
  const admin = await createAccount(request, 'Petra')
  await openBusiness(request, admin, 'Careful Labs AG')
  await signInTab(page, admin)
  const settings = new BusinessPage(page)
  await settings.open('/business/settings')
  const part11 = page.getByLabel(/Sign under FDA 21 CFR Part 11/)
  const save = page.getByRole('button', { name: 'Save settings' })
  await expect(save).toBeDisabled()

  // Automatic deletion is a change of the form like any other: the dialog chooses, "Save settings" saves.
  await page.getByRole('button', { name: 'Turn on automatic deletion' }).click()
  await settings.seeDialog('Turn on automatic deletion?')
  await settings.clickInDialog('Turn on')
  await settings.seeNoDialog()
  await expect(page.getByText(/^On: a request is deleted/)).toBeVisible()
  await expect(save).toBeEnabled()
  await page.getByRole('button', { name: 'Turn off automatic deletion' }).click()
  await settings.clickInDialog('Turn off')
  await expect(save).toBeDisabled()

  await part11.check()
  await expect(save).toBeEnabled()
  // Closing or reloading the tab asks the browser's own question.
  const asked = page.waitForEvent('dialog')
  await page.close({ runBeforeUnload: true })
  const question = await asked
  expect(question.type()).toBe('beforeunload')
  await question.dismiss()
  expect(page.isClosed()).toBe(false)

  const menu = page.getByRole('navigation', { name: 'Business' })
  await menu.getByRole('link', { name: 'Members', exact: true }).click()
  await settings.seeDialog('Leave this page?')
  await settings.clickInDialog('Stay on this page')
  await settings.seeNoDialog()
  await expect(page).toHaveURL(/\/business\/settings$/)
  await expect(part11).toBeChecked()

  await save.click()
  await settings.seeSnackbar('Settings saved')
  await expect(save).toBeDisabled()
  await settings.clickBusinessMenu('Members')
  await settings.seeNoDialog()
  await expect(page).not.toHaveURL(/\/business\/settings$/)
  await settings.clickBusinessMenu('Settings')
  await expect(part11).toBeChecked()
})
