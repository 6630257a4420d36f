import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { APIRequestContext, Browser } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { e2eOperatorToken } from './operator-token.ts'
import {
  type OwnDatabaseServer,
  type OwnServer,
  startOwnServer,
  startOwnServerOnDatabase,
} from './own-server.ts'
import { BillingPage } from './pages/billing-page.ts'
import { joinBusiness, openBusiness as openBusinessThrough } from './pages/business-api.ts'
import {
  createAccount,
  createAccountAt,
  signInAgain,
  signInTab,
  type TestAccount,
} from './pages/test-account.ts'

const execFileAsync = promisify(execFile)
const day = 24 * 60 * 60

/** A new browser session of `account` on the server at `baseUrl`, on the billing pages. */
async function billingTab(browser: Browser, account: TestAccount, baseUrl: string): Promise<BillingPage> {
  const page = await (await browser.newContext()).newPage()
  await signInTab(page, account, baseUrl)
  return new BillingPage(page)
}

// The journeys move the server's clock and restart it on the same data (the operator's manual invoicing
// writes to the embedded database while the server is stopped), so they have a server of their own.
test.describe('billing on the sandbox provider', () => {
  test.describe.configure({ mode: 'serial' })
  let dataDir: string
  let server: OwnServer
  let api: APIRequestContext

  test.beforeAll(async ({ playwright }) => {
    dataDir = mkdtempSync(join(tmpdir(), 'signet-e2e-billing-'))
    server = await startOwnServer('staging', { E2E_DATA_DIR: dataDir })
    api = await playwright.request.newContext({
      baseURL: server.url,
      extraHTTPHeaders: { 'x-operator-token': e2eOperatorToken },
    })
  })
  test.afterAll(async () => {
    await api?.dispose()
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const openBusiness = (account: TestAccount, name: string) => openBusinessThrough(api, account, name)

  const tabOf = (browser: Browser, account: TestAccount) => billingTab(browser, account, server.url)

  /** The business of `account` as the API answers it (keys as on the wire). */
  const readBusiness = async (account: TestAccount) => {
    const answer = await api.get('/api/v2/businesses/user', {
      headers: { Authorization: `Bearer ${account.token}` },
    })
    expect(answer.ok(), await answer.text()).toBe(true)
    return (await answer.json()) as {
      admin: { trial_ends_at: string; subscription: { status: string } | null }
    }
  }

  test('a trial business buys the team plan with a promo code, changes seats, cancels and keeps it', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000)
    const admin = await createAccount(api)
    const businessId = await openBusiness(admin, 'Ledger AG')
    // Day 3 of the 14-day trial.
    expect((await api.post('/api/dev/clock', { data: { advance_seconds: 2 * day } })).ok()).toBe(true)
    const trialing = await signInAgain(api, admin)
    let billing = await tabOf(browser, trialing)
    let { page } = billing

    await billing.open(`${server.url}/business/billing`)
    await billing.seeHeading('Billing')
    // The admin reads where the business stands in words: the trial, when it ends, and what to do.
    await billing.seeStanding(
      'You are on the free trial.',
      /^Your trial ends on .+\. After that your members sign with their own free signatures until you choose a plan\.$/,
      'Choose a plan',
    )
    // The statechart is for designers, at /statecharts: the billing page does not show it.
    await expect(page.getByText(/statechart/)).toHaveCount(0)
    await testInfo.attach('billing on trial', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })
    await billing.chooseLanguage('Deutsch')
    await billing.seeHeading('Abrechnung')
    await expect(billing.page.getByTestId('billing-standing')).toContainText('Ihre Testphase endet am')
    await testInfo.attach('billing on trial (German)', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })
    await billing.chooseLanguage('English')
    const trialEnd = (await readBusiness(trialing)).admin.trial_ends_at
    await page.getByRole('link', { name: 'Choose a plan' }).click()
    await billing.seeHeading('Plans')
    // A Swiss business pays in CHF unless it chooses otherwise at its first payment: this one pays in EUR.
    await expect(page.getByRole('radio', { name: 'CHF' })).toBeChecked()
    // Each plan is a section of the page, headed one level below it.
    await expect(page.getByRole('article', { name: 'Team' }).getByRole('heading', { level: 2 })).toHaveText(
      'Team',
    )
    await billing.seeNoSeriousAccessibilityViolations({ structure: true })
    await page.getByRole('radio', { name: 'EUR' }).check()
    await billing.choosePlan('Team', 'Yearly (two months free)')
    // Two seats (the team plan's least) at EUR 250.00 a year, 20 % off the first year, Swiss VAT on the rest.
    await billing.applyCode('welcome20')
    await billing.seePreviewLine('Discount (WELCOME20)', '−EUR 100.00')
    await billing.seePreviewLine('VAT 8.1%', 'EUR 32.40')
    await billing.seePreviewLine('Total', 'EUR 432.40')
    await expect(page.getByText(/Then EUR\s540\.50 a year from/)).toBeVisible()
    // An unknown code is refused at the code, and the order stays priced without it.
    await billing.applyCode('NOPE')
    await expect(page.getByText('This code is not known.')).toBeVisible()
    await billing.seePreviewLine('Total', 'EUR 540.50')
    await billing.applyCode('WELCOME20')
    await billing.seePreviewLine('Total', 'EUR 432.40')
    // Chosen during the trial, the plan starts when the trial ends, and is first charged then.
    const firstCharge = await page.evaluate(
      (iso) =>
        new Intl.DateTimeFormat('en-gb', {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
        }).format(new Date(iso)),
      trialEnd,
    )
    await expect(page.getByTestId('first-charge')).toHaveText(
      `Your trial stays free until ${firstCharge}. The plan starts then, and its first charge of EUR 432.40 is made on ${firstCharge}.`,
    )
    await testInfo.attach('checkout', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })

    await billing.fillCard('4242 4242 4242 4242')
    await billing.clickPay(`Subscribe: first charge on ${firstCharge}`)
    await billing.seePaid('Thank you: your plan starts when your trial ends')
    await expect(page).toHaveURL(/\/business\/billing$/)
    await billing.seeFact('plan-name', 'Team, billed yearly')
    await billing.seeFact('seats', '1 of 2 in use')
    await billing.seeStanding(
      `Your trial stays free until ${firstCharge}.`,
      `Your plan starts then, with its first charge of EUR 500.00 before VAT on ${firstCharge}.`,
      'Change plan',
    )
    await billing.clickCloseSnackbar()
    // Nothing is charged before the trial ends.
    await page.getByRole('link', { name: 'Invoices' }).click()
    await billing.seeHeading('Invoices')
    await expect(page.getByRole('row').filter({ hasText: 'Paid' })).toHaveCount(0)

    // Day 14: the trial ends, and the sandbox provider charges the first year.
    expect((await api.post('/api/dev/clock', { data: { advance_seconds: 12 * day } })).ok()).toBe(true)
    const paying = await signInAgain(api, admin)
    await expect.poll(async () => (await readBusiness(paying)).admin.subscription?.status).toBe('active')
    billing = await tabOf(browser, paying)
    page = billing.page
    await billing.open(`${server.url}/business/billing`)
    await billing.seeFact('plan-name', 'Team, billed yearly')
    await billing.seeFact('seats', '1 of 2 in use')
    await billing.seeStanding(
      'Your subscription is active.',
      /^The next charge is on .+: EUR\s500\.00 before VAT\.$/,
      'Change plan',
    )

    // Two more seats: the dialog shows what they cost for the rest of the year before buying them.
    await billing.changeSeats('Add seats', 4)
    await expect(billing.dialog.getByText(/Charged now, until/)).toBeVisible()
    await expect(billing.dialog.getByText('EUR 1,000.00 before VAT')).toBeVisible()
    await billing.clickInDialog('Buy seats')
    await billing.seeSnackbar('Seats added')
    await billing.seeFact('seats', '1 of 4 in use')
    await billing.clickCloseSnackbar()
    // A removed seat stays paid until the year ends; the admin can take the removal back.
    await billing.changeSeats('Remove seats', 3)
    await expect(billing.dialog.getByText(/Removed seats stay until the paid period ends on/)).toBeVisible()
    await expect(billing.dialog.getByTestId('seats-effective')).toHaveText('3 seats')
    await expect(billing.dialog.getByText('EUR 750.00 before VAT')).toBeVisible()
    await billing.clickInDialog('Remove seats')
    await billing.seeSnackbar('Seats removed')
    await billing.seeFact('seats', /^1 of 4 in use · from .+: 3 seats$/)
    await billing.clickCloseSnackbar()
    await page.getByRole('button', { name: 'Keep 4 seats' }).click()
    await billing.seeSnackbar('Your seats stay as they are')
    await billing.seeFact('seats', '1 of 4 in use')
    await billing.clickCloseSnackbar()

    // Cancelled, the plan runs to the end of the year; kept again, it renews.
    await page.getByRole('button', { name: 'Cancel subscription' }).click()
    await billing.seeDialog('Cancel the subscription?')
    await billing.clickInDialog('Cancel subscription')
    await billing.seeSnackbar('The subscription ends at the close of the period')
    await billing.seeStanding(
      'Your subscription is cancelled.',
      /^It ends on .+\. After that your members sign with their own free signatures\.$/,
      'Keep the subscription',
    )
    await page.getByRole('button', { name: 'Keep the subscription' }).click()
    await billing.seeSnackbar('Your plan goes on')
    await billing.seeStanding('Your subscription is active.', /EUR\s1,000\.00 before VAT\.$/, 'Change plan')
    // Pro instead of Team: the unused year of Team is credited against the year of Pro, charged now.
    await billing.clickCloseSnackbar()
    await page.getByRole('link', { name: 'Change plan' }).click()
    await billing.seeHeading('Plans')
    // The plan the business is on is marked, and priced in its currency.
    const team = page.getByRole('article', { name: 'Team' })
    await expect(team).toHaveAttribute('aria-current', 'true')
    await expect(team.getByText('Your current plan')).toBeVisible()
    await expect(page.locator('article[aria-current]')).toHaveCount(1)
    await expect(team.getByText('EUR 250.00 per seat and year')).toBeVisible()
    await page.getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Choose Pro' }).click()
    const lines = page.getByTestId('switch-lines')
    await expect(lines.getByTestId('switch-credit')).toHaveText('−EUR 1,000.00')
    await expect(lines.getByTestId('switch-charge')).toHaveText('EUR 1,600.00')
    await expect(lines.getByTestId('switch-vat')).toHaveText('EUR 48.60')
    await expect(lines.getByTestId('switch-total')).toHaveText('EUR 648.60')
    await expect(page.getByTestId('switch-next')).toHaveText(/^Then EUR\s1,729\.60 a year for 4 seats/)
    await testInfo.attach('plan-switch', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })
    await page.getByRole('button', { name: 'Switch plan' }).click()
    await billing.seeSnackbar('Your new plan is active')
    await billing.seeFact('plan-name', 'Pro, billed yearly')

    // Inviting four people with three seats free opens add seats first, with the one more seat they need.
    await billing.clickCloseSnackbar()
    await page.getByRole('link', { name: 'Manage members' }).click()
    await billing.invite('ann@ledger.example, ben@ledger.example, cy@ledger.example, di@ledger.example')
    await billing.seeDialog('Add seats')
    await expect(billing.dialog.getByLabel('Seats after the change')).toHaveValue('5')
    await billing.clickInDialog('Buy seats')
    await billing.seeSnackbar('Invitation sent')
    await billing.seeInvitation('cy@ledger.example')
    await billing.open(`${server.url}/business/billing`)
    await billing.seeFact('seats', '5 of 5 in use')

    await billing.seeNoSeriousAccessibilityViolations()
    await testInfo.attach('billing', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })

    // The invoices: the first year, the added seats, the switch to Pro and the seat for the invited, as PDF.
    await page.getByRole('link', { name: 'Invoices' }).click()
    await billing.seeHeading('Invoices')
    const rows = page.getByRole('row').filter({ hasText: 'Paid' })
    await expect(rows).toHaveCount(4)
    // Newest first: the last is the first year's, with its discount.
    await expect(rows.last()).toContainText('EUR 432.40')
    const download = page.waitForEvent('download')
    await rows
      .last()
      .getByRole('button', { name: /Download invoice/ })
      .click()
    const file = await (await download).path()
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-')

    // Extras: what identifications cost on the Pro plan now, per legislation.
    await billing.open(`${server.url}/business/billing`)
    await page.getByRole('link', { name: 'Extras' }).click()
    await billing.seeHeading('Extras')
    await expect(page.getByRole('row').filter({ hasText: 'EU (eIDAS)' })).toContainText('EUR 39.00')
    await expect(page.getByRole('row').filter({ hasText: 'Switzerland (ZertES)' })).toContainText('EUR 49.00')

    // On a phone the billing page keeps every action in reach.
    await page.setViewportSize({ width: 390, height: 844 })
    await billing.open(`${server.url}/business/billing`)
    await expect(page.getByRole('button', { name: 'Add seats' })).toBeVisible()
    await testInfo.attach('billing-phone', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })

    // In German the plans keep the business's currency (EUR), not the language's (CHF).
    await page.setViewportSize({ width: 1280, height: 900 })
    await billing.open(`${server.url}/business/billing/plan`)
    await billing.chooseLanguage('Deutsch')
    await billing.seeHeading('Pläne')
    const pro = page.getByRole('article', { name: 'Pro' })
    await expect(pro).toHaveAttribute('aria-current', 'true')
    await expect(pro.getByText('Ihr aktueller Plan')).toBeVisible()
    await expect(pro.getByText(/^EUR\s400\.00 /)).toBeVisible()
    await expect(page.locator('main')).not.toContainText('CHF')
    await testInfo.attach('plans-german', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })

    // A member reads the plans at /upgrade in the business's currency too, whatever their language.
    const member = await createAccount(api)
    await joinBusiness(api, await signInAgain(api, admin), businessId, member)
    const plans = await tabOf(browser, member)
    await plans.open(`${server.url}/upgrade`)
    await plans.chooseLanguage('Deutsch')
    await plans.seeHeading('Pläne')
    await expect(
      plans.page.getByText('Ihre Unterschriften laufen über Ledger AG', { exact: false }),
    ).toBeVisible()
    await expect(plans.page.getByRole('article', { name: 'Pro' }).getByText(/^EUR\s400\.00 /)).toBeVisible()
    await expect(plans.page.locator('main')).not.toContainText('CHF')
  })

  test('a user without a business sees the plans and buys one with the business it is for', async ({
    browser,
  }) => {
    const user = await tabOf(browser, await createAccount(api))
    await user.open(`${server.url}/upgrade`)
    await user.seeHeading('Plans')
    await expect(
      user.page.getByRole('article', { name: 'Team' }).getByText('For 2 seats: EUR 500.00 a year'),
    ).toBeVisible()
    // In German, with the prices in Swiss francs (SPEC §9 currency per locale).
    await user.chooseLanguage('Deutsch')
    await user.seeHeading('Pläne')
    await expect(user.page.getByRole('article', { name: 'Team' }).getByText(/CHF\s500\.00/)).toBeVisible()
    await user.chooseLanguage('English')
    await expect(user.page.getByRole('link', { name: 'Open a business account: 14 days free' })).toBeVisible()
    // Or in one step: the plan, the company it is for, what it costs there, and the card.
    await user.page
      .getByRole('article', { name: 'Team' })
      .getByRole('button', { name: 'Choose Team' })
      .click()
    await user.fillCompany({ name: 'Oneshot AG', address: 'Marktgasse 5', postalCode: '3011', city: 'Bern' })
    await user.page.getByRole('button', { name: 'Continue to payment' }).click()
    await user.seePreviewLine('Total', 'EUR 540.50')
    await user.fillCard('4242 4242 4242 4242')
    await user.clickPay('Subscribe and pay EUR 540.50')
    await user.seePaid('Thank you: your plan is active')
    await expect(user.page).toHaveURL(/\/business\/billing$/)
    await user.seeFact('plan-name', 'Team, billed yearly')
    await user.seeNavigationToBusiness('Oneshot AG')
  })

  test('a business whose trial ran out is held on members until it pays on the upgrade page', async ({
    browser,
  }) => {
    test.setTimeout(90_000)
    const admin = await createAccount(api)
    await openBusiness(admin, 'Overdue GmbH')
    const moved = await api.post('/api/dev/clock', { data: { advance_seconds: 15 * 24 * 60 * 60 } })
    expect(moved.ok(), await moved.text()).toBe(true)
    const billing = await tabOf(browser, await signInAgain(api, admin))
    const { page } = billing
    await billing.open(`${server.url}/business/billing`)
    await expect(page).toHaveURL(/\/business\/members$/)
    await expect(page.getByText(/Your free trial has ended/)).toBeVisible()
    await billing.open(`${server.url}/business/upgrade`)
    await billing.seeHeading('Choose your plan')
    // A Swiss business: CHF, unless it chooses EUR with this first payment.
    await billing.choosePlan('Team', 'Monthly')
    await billing.seePreviewLine('Total', 'CHF 54.05')
    // Past the trial the first month is charged at once: a card the bank declines leaves the business as it was.
    await billing.fillCard('4000 0000 0000 9995')
    await billing.clickPay('Subscribe and pay CHF 54.05')
    await billing.seeAlert(
      'The payment was declined. Please use another card or account; nothing was charged.',
    )
    await expect(page).toHaveURL(/\/business\/upgrade$/)
    await billing.fillCard('5555 5555 5555 4444')
    await billing.clickPay('Subscribe and pay CHF 54.05')
    await billing.seePaid('Thank you: your plan is active')
    // Paid, the business pages are open again.
    await expect(page).toHaveURL(/\/business\/billing$/)
    await billing.seeFact('plan-name', 'Team, billed monthly')
  })

  test('a manually invoiced business sees its invoices and downloads one', async ({
    browser,
    playwright,
  }) => {
    test.setTimeout(90_000)
    const admin = await createAccount(api)
    // A name beyond what the standard PDF fonts encode (issue 35): its invoice still downloads.
    const businessId = await openBusiness(admin, 'Łódź Sp. z o.o.')
    // The operator's command writes to the embedded database, which one process holds at a time.
    await server.stop()
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }
    await execFileAsync(process.execPath, ['scripts/billing.ts', 'manual', businessId], { env })
    await execFileAsync(
      process.execPath,
      [
        'scripts/billing.ts',
        'invoice',
        businessId,
        '--description',
        'Licence 2026',
        '--amount',
        '480000',
        '--currency',
        'CHF',
        '--paid',
      ],
      { env },
    )
    server = await startOwnServer('staging', { E2E_DATA_DIR: dataDir })
    await api.dispose()
    api = await playwright.request.newContext({
      baseURL: server.url,
      extraHTTPHeaders: { 'x-operator-token': e2eOperatorToken },
    })
    const billing = await tabOf(browser, await signInAgain(api, admin))
    await billing.open(`${server.url}/business/billing`)
    // SPEC §6: billing sends a manually invoiced business to its invoices.
    await expect(billing.page).toHaveURL(/\/business\/billing\/invoices$/)
    await billing.seeHeading('Invoices')
    const row = billing.page.getByRole('row').filter({ hasText: 'CHF 5,188.80' })
    await expect(row).toBeVisible()
    const download = billing.page.waitForEvent('download')
    await row.getByRole('button', { name: /Download invoice/ }).click()
    const file = await (await download).path()
    const { stdout: text } = await execFileAsync('pdftotext', ['-layout', file, '-'])
    // Seller and buyer by name, and the Swiss VAT on CHF 4,800.00.
    expect(text).toContain('Signet Test System AG')
    expect(text).toContain('Łódź Sp. z o.o.')
    expect(text).toMatch(/VAT 8\.1% on CHF 4,800\.00\s+CHF 388\.80/)
    expect(text).toMatch(/Total\s+CHF 5,188\.80/)
  })

  test('a removed seat stays until the period ends, and the count drops after it', async ({ browser }) => {
    test.setTimeout(120_000)
    const admin = await createAccount(api)
    await openBusiness(admin, 'Fewer Seats AG')
    let billing = await tabOf(browser, admin)
    await billing.open(`${server.url}/business/billing/plan`)
    await billing.choosePlan('Team', 'Monthly')
    await billing.fillCard('4242 4242 4242 4242')
    await billing.clickPay(/^Subscribe: first charge on/)
    await billing.seePaid('Thank you: your plan starts when your trial ends')
    await billing.clickCloseSnackbar()
    await billing.changeSeats('Add seats', 3)
    await billing.clickInDialog('Buy seats')
    await billing.seeFact('seats', '1 of 3 in use')
    await billing.clickCloseSnackbar()
    await billing.changeSeats('Remove seats', 2)
    await expect(billing.dialog.getByTestId('seats-costs')).toContainText('2 seats')
    await billing.clickInDialog('Remove seats')
    await billing.seeFact('seats', /^1 of 3 in use · from .+: 2 seats$/)
    // Still in the trial: the plan, with its seats, starts when the trial ends.
    await billing.seeStanding(
      /^Your trial stays free until .+\.$/,
      /^Your plan starts then, with its first charge of CHF\s50\.00 before VAT on .+\.$/,
    )

    const moved = await api.post('/api/dev/clock', { data: { advance_seconds: 32 * 24 * 60 * 60 } })
    expect(moved.ok(), await moved.text()).toBe(true)
    billing = await tabOf(browser, await signInAgain(api, admin))
    await expect(async () => {
      await billing.open(`${server.url}/business/billing`)
      await billing.seeFact('seats', '1 of 2 in use')
    }).toPass({ timeout: 30_000 })
  })

  test('a business whose trial ran out moves to the free plan instead of paying', async ({ browser }) => {
    test.setTimeout(90_000)
    const admin = await createAccount(api)
    await openBusiness(admin, 'Thrifty GmbH')
    const moved = await api.post('/api/dev/clock', { data: { advance_seconds: 15 * 24 * 60 * 60 } })
    expect(moved.ok(), await moved.text()).toBe(true)
    const billing = await tabOf(browser, await signInAgain(api, admin))
    const { page } = billing
    await billing.open(`${server.url}/business/upgrade`)
    await billing.seeHeading('Choose your plan')
    await page.getByTestId('free-plan-offer').getByRole('button', { name: 'Move to the free plan' }).click()
    await billing.seeDialog('Move to the free plan instead?')
    await expect(billing.dialog.getByTestId('downgrade-losses')).toContainText(
      'Uploading documents and asking others to sign is not possible on the free plan.',
    )
    await billing.clickInDialog('Move to the free plan')
    await expect(page).toHaveURL(/\/dashboard$/)
    // The business is gone: the app says so once (the downgraded dialog), and uploading sends home.
    await billing.seeDialog('Thrifty GmbH has been deleted')
    await billing.clickInDialog('OK')
    await billing.open(`${server.url}/upload`)
    await expect(page).toHaveURL(/\/dashboard$/)
  })
})

// SPEC §2 free migration: the legacy free plan predates the app's sign-up, so this journey makes a legacy user
// by writing the attribute into a real PostgreSQL database of its own, then signs in as that user.
test.describe('a user on the legacy free plan', () => {
  let server: OwnDatabaseServer
  let account: TestAccount

  test.beforeAll(async ({ playwright }) => {
    server = await startOwnServerOnDatabase()
    account = await createAccountAt(playwright, server.url)
    await server.query(
      `update users set attributes = attributes || '{"free_account_type": ["free_legacy"]}' where email = $1`,
      [account.email],
    )
  })

  test.afterAll(async () => {
    await server?.stop()
  })

  const tabOf = (browser: Browser, account: TestAccount) => billingTab(browser, account, server.url)

  test('is offered the new free plan on the dashboard and moves to it', async ({ browser }) => {
    // Seeing the plans instead leads to the upgrade page, which offers the move too.
    const first = await tabOf(browser, account)
    await first.open(`${server.url}/dashboard`)
    await first.seeDialog('Your free plan changes')
    await first.clickInDialog('See the plans')
    await expect(first.page).toHaveURL(/\/upgrade$/)
    await expect(first.page.getByTestId('free-migration-notice')).toContainText(
      'The free plan you signed up for is retired',
    )
    await first.page.context().close()

    // In a new session the dashboard offers it again, and the user moves.
    const billing = await tabOf(browser, account)
    const { page } = billing
    await billing.open(`${server.url}/dashboard`)
    await billing.seeDialog('Your free plan changes')
    await billing.clickInDialog('Move to the new free plan')
    await billing.seeSnackbar('You are on the new free plan')
    await expect(billing.dialog).toHaveCount(0)
    // On the new free plan uploading needs a plan (SPEC §6): the upload route sends home.
    await billing.open(`${server.url}/upload`)
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(billing.dialog).toHaveCount(0)
  })
})
