import { randomUUID } from 'node:crypto'
import { expect, test } from './fixtures.ts'
import { AppPage } from './pages/app-page.ts'
import {
  completeZertesIdentification,
  IdentificationFlowPage,
  openBusinessFor,
  sendRequestAsking,
} from './pages/identification-page.ts'
import { mailedDirectLink } from './pages/signing-page.ts'
import { createAccount, signInTab } from './pages/test-account.ts'
import { onePagePdf } from './pages/test-pdfs.ts'

test.describe('identification', () => {
  test('overview, legislation, ZertES video at the sandbox provider, polling, then qualified ZertES (demo)', async ({
    page,
    request,
  }, testInfo) => {
    const shot = (name: string) => testInfo.outputPath(name)
    const flow = new IdentificationFlowPage(page)
    const account = await createAccount(request, 'Grace')
    await signInTab(page, account)
    await page.goto('/profile/signature-standards')

    await flow.seeStandard('ses', 'available')
    await flow.seeStandard('aes', 'locked')
    await flow.seeStandard('qes_zertes', 'locked')
    await flow.seeStandard('qes_eidas', 'locked')
    // Without a business: the SPEC §2 "not covered" methods, with the price of the licence.
    await expect(page.getByTestId('method-zertes-loc')).toBeVisible()
    await expect(
      page.getByTestId('method-zertes-external-sc').getByRole('link', { name: 'Ask our support' }),
    ).toHaveAttribute('href', /^mailto:support@/)
    await expect(page.getByTestId('method-zertes-video')).toHaveCount(0)
    await expect(page.getByTestId('legislation-zertes')).toContainText('59.00')
    await flow.screenshots(shot, 'overview-not-covered')

    // In a business's trial, the business pays: video identification is offered.
    await openBusinessFor(request, account, 'Hopper AG')
    await page.reload()
    await expect(page.getByTestId('method-zertes-auto')).toBeVisible()

    await page.getByRole('link', { name: 'Identify yourself' }).click()
    await expect(page).toHaveURL(/\/profile\/signature-standards\/legislation$/)
    await expect(page.getByRole('heading', { name: 'Under which law do you sign?' })).toBeVisible()
    await flow.screenshots(shot, 'legislation')
    await flow.chooseLegislation('zertes')
    await expect(page.getByText('Your business pays for your identification.')).toBeVisible()
    await expect(page.getByTestId('method-zertes-video')).toBeVisible()
    // Done with our support, not in the app: a mail to the support mailbox names the method.
    const askSupport = page.getByTestId('method-zertes-loc').getByRole('link', { name: 'Ask our support' })
    await expect(askSupport).toHaveAttribute(
      'href',
      /^mailto:support@[\w.-]+\?subject=In%20person%20at%20a%20partner%20office%2C%20Swiss%20law%20\(ZertES\)$/,
    )
    await flow.screenshots(shot, 'zertes-methods')
    // Each method's link names its method, so a list of links tells them apart.
    const methods = page.getByTestId('legislation-zertes')
    await expect(methods.getByRole('link', { name: 'Choose Video identification' })).toBeVisible()
    const names = await methods
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.textContent ?? ''))
    expect(names.length).toBeGreaterThan(1)
    expect(new Set(names).size).toBe(names.length)
    await new AppPage(page).seeNoSeriousAccessibilityViolations({ structure: true })
    await flow.chooseMethod('zertes', 'video')
    await expect(page).toHaveURL(/\/profile\/signature-standards\/zertes\/video$/)
    await expect(page.getByRole('heading', { name: 'Video identification' })).toBeVisible()
    await expect(page.getByText('A device with a camera and microphone')).toBeVisible()
    // No start before the consent.
    await expect(page.getByRole('button', { name: 'Start identification' })).toBeDisabled()
    await flow.screenshots(shot, 'zertes-video')

    await flow.agreeAndStart()
    await expect(page.getByLabel('First name')).toHaveValue('Grace')
    await flow.finishAtProvider('Complete')

    // Back on the flow route, which polls the appointment and then the new quality.
    await expect(page).toHaveURL(/\/profile\/signature-standards\/zertes\/video\?identification=returned$/)
    await expect(page.getByRole('status')).toContainText(
      /Waiting for the result|Activating your new signature standard/,
    )
    await flow.screenshots(shot, 'polling')
    await flow.seeDone()
    await flow.screenshots(shot, 'done')
    await page.getByRole('link', { name: 'To your signature standards' }).click()
    await expect(page).toHaveURL(/\/profile\/signature-standards$/)
    await flow.seeStandard('qes_zertes', 'available', 'Available (demo)')
    await flow.seeStandard('aes', 'available')
    await flow.seeStandard('qes_eidas', 'locked')
    await expect(page.getByTestId('legislation-zertes')).toContainText(
      'You are identified for this legislation.',
    )

    // The default standard: only those held are offered.
    await page.getByRole('link', { name: 'Choose your default standard' }).click()
    await expect(page).toHaveURL(/\/profile\/signature-standards\/update$/)
    const standardSelect = page.getByLabel('Standard', { exact: true })
    await expect(standardSelect.locator('option')).toHaveText([
      'Simple electronic signature (SES)',
      'Advanced electronic signature (AES)',
      'Qualified electronic signature (QES)',
    ])
    await standardSelect.selectOption('qes')
    await expect(page.getByLabel('Legislation').locator('option')).toHaveText(['Swiss law (ZertES)'])
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('status')).toHaveText('Saved.')
    await flow.screenshots(shot, 'update')
    const user = await request.get('/api/v1/user', { headers: { authorization: `Bearer ${account.token}` } })
    const { attributes } = (await user.json()) as { attributes: Record<string, string[]> }
    expect(attributes.default_quality).toEqual(['qes'])
    expect(attributes.default_legislation).toEqual(['zertes'])
  })

  test('without a business: pays for one eIDAS licence (a declined card first), identifies by video, and pays again next time', async ({
    page,
    request,
  }, testInfo) => {
    const shot = (name: string) => testInfo.outputPath(name)
    const flow = new IdentificationFlowPage(page)
    const account = await createAccount(request, 'Lin')
    await signInTab(page, account)
    await page.goto('/profile/signature-standards/eidas')
    await expect(page.getByTestId('method-eidas-external-sc')).toBeVisible()
    await expect(page.getByTestId('method-eidas-video')).toHaveCount(0)
    await expect(page.getByText(/An identification costs .*49\.00/)).toBeVisible()

    await page.getByRole('button', { name: /Pay .*49\.00 for video and other methods/ }).click()
    const payment = page.getByTestId('identification-payment')
    await expect(payment.getByRole('heading', { name: 'Pay for your identification' })).toBeVisible()
    await flow.screenshots(shot, 'licence-payment')
    // Insufficient funds: nothing is paid and the form stays for another card.
    await flow.payByCard('4000 0000 0000 9995')
    await expect(page.getByRole('alert').filter({ hasText: 'The payment did not go through' })).toBeVisible()
    await flow.payByCard('4242 4242 4242 4242')

    // Paid: the covered methods of the SPEC §2 table.
    await expect(page.getByText('Your identification licence is paid.')).toBeVisible()
    await expect(page.getByTestId('method-eidas-video')).toBeVisible()
    await expect(page.getByTestId('method-eidas-self')).toBeVisible()
    await flow.screenshots(shot, 'licence-paid')
    await flow.chooseMethod('eidas', 'video')
    await flow.agreeAndStart()
    await flow.finishAtProvider('Complete')
    await flow.seeDone()
    await page.getByRole('link', { name: 'To your signature standards' }).click()
    await flow.seeStandard('qes_eidas', 'available', 'Available (demo)')

    // The licence was used by that identification: another one is paid again.
    await page.goto('/profile/signature-standards/eidas')
    await expect(page.getByRole('button', { name: /Pay .*49\.00 for video and other methods/ })).toBeVisible()
  })

  test('a licence used up while the method page is open: the start says a licence must be paid first, and paying again starts it', async ({
    page,
    request,
  }) => {
    const flow = new IdentificationFlowPage(page)
    const account = await createAccount(request, 'Uma')
    await signInTab(page, account)
    await flow.payLicence('zertes')
    await page.goto('/profile/signature-standards')
    await expect(page.getByTestId('legislation-zertes')).toContainText('Your identification licence is paid.')
    await expect(page.getByTestId('method-zertes-video')).toBeVisible()
    await page.goto('/profile/signature-standards/zertes')
    await flow.chooseMethod('zertes', 'video')
    await expect(page.getByRole('button', { name: 'Start identification' })).toBeVisible()

    // Meanwhile, in another tab, an automatic identification succeeds and uses the licence.
    await completeZertesIdentification(request, account, 'autoident')

    await page.getByRole('checkbox', { name: /I agree that the identification provider/ }).check()
    await page.getByRole('button', { name: 'Start identification' }).click()
    await expect(
      page.getByRole('alert').filter({
        hasText: 'Your identification is no longer paid for: pay for a licence first to start this method.',
      }),
    ).toBeVisible()
    await expect(page.getByText('This method is not offered to you for this legislation.')).toBeVisible()
    await page.getByRole('button', { name: /^Pay .+ for video and other methods$/ }).click()
    await flow.payByCard('4242 4242 4242 4242')
    await expect(page.getByText('Your identification licence is paid.')).toBeVisible()
    await flow.agreeAndStart()
  })

  test('sent to identify for a request under ZertES, a signed-in user is offered ZertES only', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, 'Zora')
    const requestId = await sendRequestAsking(
      request,
      account,
      'Swiss contract',
      `nas-${randomUUID()}@example.com`,
      'qes',
      await onePagePdf('Swiss contract.pdf'),
      'zertes',
    )
    await signInTab(page, account)
    await page.goto(`/profile/signature-standards/legislation?signatureRequestId=${requestId}`)
    await expect(page.getByTestId('choose-zertes')).toBeVisible()
    await expect(page.getByTestId('choose-eidas')).toHaveCount(0)
    await page.goto('/profile/signature-standards/legislation')
    await expect(page.getByTestId('choose-eidas')).toBeVisible()
    await expect(page.getByTestId('choose-zertes')).toBeVisible()
  })

  test('a failed identification says so, leaves the standards unchanged and can be tried again (keyboard)', async ({
    page,
    request,
  }, testInfo) => {
    const flow = new IdentificationFlowPage(page)
    const account = await createAccount(request, 'Fred')
    await openBusinessFor(request, account, 'Failing AG')
    await signInTab(page, account)
    await page.goto('/profile/signature-standards/eidas/video')
    await expect(page.getByRole('heading', { name: 'Video identification' })).toBeVisible()

    // By keyboard: the consent, then the start.
    const consent = page.getByRole('checkbox', { name: /I agree that the identification provider/ })
    await consent.focus()
    await page.keyboard.press('Space')
    await expect(consent).toBeChecked()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Start identification' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/api\/sandbox\/identification\//)
    await flow.finishAtProvider('Fail')

    await expect(page).toHaveURL(/\/profile\/signature-standards\/eidas\/video\?identification=returned$/)
    await flow.seeFailed()
    await flow.screenshots((name) => testInfo.outputPath(name), 'failed')
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('button', { name: 'Start identification' })).toBeVisible()

    await page.goto('/profile/signature-standards')
    await flow.seeStandard('aes', 'locked')
    await flow.seeStandard('qes_eidas', 'locked')
    await flow.seeStandard('qes_zertes', 'locked')

    // The direct-link signer's routes are not an account's.
    await page.goto('/direct-sign/identification/eidas')
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  })

  test('the Austrian eID: the connect dialog, ID Austria at the sandbox, then its return page', async ({
    page,
    request,
  }, testInfo) => {
    const flow = new IdentificationFlowPage(page)
    const account = await createAccount(request, 'Anna')
    await openBusinessFor(request, account, 'Wien GmbH')
    await signInTab(page, account)
    await page.goto('/profile/signature-standards/eidas')
    const connect = page.getByTestId('method-eidas-id-austria').getByRole('button', { name: 'Connect' })
    await connect.click()
    const dialog = page.getByRole('dialog', { name: 'Connect your Austrian eID' })
    await expect(dialog).toBeVisible()
    await flow.screenshots((name) => testInfo.outputPath(name), 'austria-dialog')
    // Escape closes it and gives the focus back to its button.
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(connect).toBeFocused()
    await page.keyboard.press('Enter')
    await dialog.getByRole('button', { name: 'Continue to ID Austria' }).click()
    await expect(page).toHaveURL(/\/api\/sandbox\/identification\//)
    await expect(page.getByText('austria')).toBeVisible()
    await flow.finishAtProvider('Complete')

    await expect(page).toHaveURL(
      /\/profile\/signature-standards\/id-austria-success\?identification=returned$/,
    )
    await flow.seeDone()
    await page.getByRole('link', { name: 'To your signature standards' }).click()
    await flow.seeStandard('qes_eidas', 'available', 'Available (demo)')
    await flow.seeStandard('qes_zertes', 'locked')
  })

  test('a direct-link signer of a request asking AES identifies by eIDAS self identification and returns to it', async ({
    browser,
    request,
  }, testInfo) => {
    const owner = await createAccount(request, 'Owen')
    await openBusinessFor(request, owner, 'Owner AG')
    const signer = `nas-${randomUUID().slice(0, 8)}@example.com`
    const title = `Advanced lease ${randomUUID().slice(0, 6)}`
    const requestId = await sendRequestAsking(
      request,
      owner,
      title,
      signer,
      'aes',
      await onePagePdf(`${title}.pdf`),
    )
    const link = await mailedDirectLink(request, signer, requestId)
    const userId = link.pathname.split('/')[3] ?? ''

    const context = await browser.newContext()
    const page = await context.newPage()
    const flow = new IdentificationFlowPage(page)
    await page.goto(`${link.pathname}${link.search}`)
    await expect(page.getByRole('heading', { name: title })).toBeVisible()

    await page.goto(`/direct-sign/identification/${requestId}/${userId}`)
    await expect(page.getByTestId('asked-standard')).toHaveText(
      'This request asks for an advanced electronic signature (AES).',
    )
    await flow.screenshots((name) => testInfo.outputPath(name), 'direct-landing')
    await page.getByRole('link', { name: 'Look at the documents first' }).click()
    await expect(page).toHaveURL(new RegExp(`/direct-sign/identification/${requestId}/${userId}/preview$`))
    await expect(page.getByRole('heading', { name: title })).toBeVisible()
    await page.getByRole('link', { name: 'Continue to the identification' }).click()

    await flow.chooseLegislation('eidas')
    await expect(page).toHaveURL(/\/direct-sign\/identification\/eidas$/)
    await flow.chooseMethod('eidas', 'self')
    await expect(page).toHaveURL(/\/direct-sign\/identification\/eidas\/self$/)
    await expect(page.getByText('Unlocks the advanced electronic signature (AES).')).toBeVisible()
    await flow.agreeAndStart()
    await expect(page.getByLabel('First name')).toHaveValue('Nora')
    await flow.finishAtProvider('Complete')

    await expect(page).toHaveURL(/\/direct-sign\/identification\/eidas\/self\?identification=returned$/)
    await flow.seeDone()
    await flow.screenshots((name) => testInfo.outputPath(name), 'direct-done')
    await page.getByRole('link', { name: 'Back to the request' }).click()
    await expect(page).toHaveURL(new RegExp(`/view/${requestId}/${userId}$`))
    await expect(page.getByRole('heading', { name: title })).toBeVisible()

    // The landing now says the standard is held.
    await page.goto(`/direct-sign/identification/${requestId}/${userId}?primaryAction=refresh`)
    await expect(page.getByText('You hold this standard: you can sign the request.')).toBeVisible()

    // An account's identification routes are not a direct-link signer's.
    await page.goto('/profile/signature-standards/legislation')
    await expect(page.getByRole('heading', { name: 'Under which law do you sign?' })).toHaveCount(0)
    await expect(page).not.toHaveURL(/\/profile\/signature-standards\/legislation$/)
    await context.close()
  })

  test('a direct-link signer of a request asking QES under ZertES supplies their personal details first', async ({
    browser,
    request,
  }) => {
    const owner = await createAccount(request, 'Zoe')
    await openBusinessFor(request, owner, 'Zug AG')
    const signer = `nas-${randomUUID().slice(0, 8)}@example.com`
    const title = `Swiss deed ${randomUUID().slice(0, 6)}`
    const requestId = await sendRequestAsking(
      request,
      owner,
      title,
      signer,
      'qes',
      await onePagePdf(`${title}.pdf`),
      'zertes',
    )
    const link = await mailedDirectLink(request, signer, requestId)
    const userId = link.pathname.split('/')[3] ?? ''
    const context = await browser.newContext()
    const page = await context.newPage()
    const flow = new IdentificationFlowPage(page)
    await page.goto(`${link.pathname}${link.search}`)
    await expect(page.getByRole('heading', { name: title })).toBeVisible()

    await page.goto(`/direct-sign/identification/${requestId}/${userId}`)
    await expect(page.getByTestId('asked-standard')).toHaveText(
      'This request asks for a qualified electronic signature (QES) under Swiss law (ZertES).',
    )
    // Only the legislation the request asks for is offered.
    await expect(page.getByTestId('choose-eidas')).toHaveCount(0)
    await flow.chooseLegislation('zertes')
    await flow.chooseMethod('zertes', 'auto')
    await page.getByRole('checkbox', { name: /I agree that the identification provider/ }).check()
    await page.getByRole('button', { name: 'Start identification' }).click()

    const dialog = page.getByRole('dialog', { name: 'Your personal details' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel('First name')).toHaveValue('Nora')
    await dialog.getByRole('button', { name: 'Save and continue' }).click()
    await expect(dialog.getByText('Enter your date of birth.')).toBeVisible()
    await dialog.getByLabel('Date of birth').fill('1985-02-03')
    await dialog.getByLabel(/Nationality/).fill('de')
    await dialog.getByRole('button', { name: 'Save and continue' }).click()

    await expect(page).toHaveURL(/\/api\/sandbox\/identification\//)
    await expect(page.getByLabel('Date of birth')).toHaveValue('1985-02-03')
    await expect(page.getByLabel('Nationality')).toHaveValue('DE')
    await flow.finishAtProvider('Abandon')
    await expect(page).toHaveURL(/\/direct-sign\/identification\/zertes\/auto\?identification=returned$/)
    await flow.seeFailed()

    // The details are kept: the page of its own shows them.
    await page.goto('/direct-sign/identification/zertes/personal-details')
    await expect(page.getByLabel('Date of birth')).toHaveValue('1985-02-03')
    await context.close()
  })
})
