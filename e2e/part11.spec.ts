import { expect, test } from './fixtures.ts'
import { openBusiness } from './pages/business-api.ts'
import { BusinessPage } from './pages/business-page.ts'
import { addDocument, createDraft } from './pages/request-api.ts'
import { SigningPage } from './pages/signing-page.ts'
import { createAccount, signInTab } from './pages/test-account.ts'
import { onePagePdf } from './pages/test-pdfs.ts'

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
