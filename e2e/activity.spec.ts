import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { ActivityPage } from './pages/activity-page.ts'
import { joinBusiness, openBusiness } from './pages/business-api.ts'
import { BusinessPage } from './pages/business-page.ts'
import { addDocument, createDraft } from './pages/request-api.ts'
import { createAccount, signInTab, type TestAccount } from './pages/test-account.ts'
import { onePagePdf } from './pages/test-pdfs.ts'

const auth = (account: TestAccount) => ({ Authorization: `Bearer ${account.token}` })

/** A business with `admin` as its admin and `member` in it, made through the API (issue 13 shows the screens). */
async function businessOf(request: APIRequestContext, admin: TestAccount, member: TestAccount, name: string) {
  const id = await openBusiness(request, admin, name)
  await joinBusiness(request, admin, id, member)
  return id
}

/** `account` sends a request titled `title` to themselves and signs it, through the real API. */
async function signOwnRequest(request: APIRequestContext, account: TestAccount, title: string) {
  const id = await createDraft(request, account, title, [account.email])
  await addDocument(request, account, id, await onePagePdf('contract.pdf'))
  const initiated = await request.post(`/api/v3/signature-requests/${id}/initiate`, {
    headers: auth(account),
  })
  expect(initiated.ok(), await initiated.text()).toBe(true)
  const signed = await request.post('/api/v3/sign', {
    headers: auth(account),
    data: { signature_requests: [{ signature_request_id: id }], language: 'en' },
  })
  expect(signed.ok(), await signed.text()).toBe(true)
}

test.describe('business activity', () => {
  test("a quality's full name shows in a tooltip 150 ms after hover, and on focus", async ({
    page,
    request,
  }) => {
    const tag = randomUUID().slice(0, 8)
    const admin = await createAccount(request, 'Grace')
    const member = await createAccount(request, 'Mia')
    await businessOf(request, admin, member, `Tooltip Works ${tag}`)
    await signOwnRequest(request, member, `Lease ${tag}`)
    const activity = new ActivityPage(page)
    // SPEC §9's delay is checked on the page's own clock, moved by hand, never by waiting.
    await page.clock.install()
    await signInTab(page, admin)
    await activity.open('/business/activity')
    await activity.seeRow('Signatures', ['Mia Lovelace', member.email, `Lease ${tag}`, 'SES'])

    const quality = page.getByRole('button', { name: 'SES' }).first()
    const meaning = page.getByRole('tooltip', { name: 'Simple electronic signature' })
    await page.clock.pauseAt(Date.now() + 1000)
    await quality.hover()
    await page.clock.runFor(149)
    await expect(meaning).toHaveCount(0)
    await page.clock.runFor(1)
    await expect(meaning).toBeVisible()
    await page.clock.resume()
    await page.mouse.move(0, 0)
    await expect(meaning).toHaveCount(0)
    await quality.focus()
    await expect(meaning).toBeVisible()
    await expect(quality).toHaveAccessibleDescription('Simple electronic signature')
    await page.keyboard.press('Escape')
    await expect(meaning).toHaveCount(0)
    await activity.seeNoSeriousAccessibilityViolations()
  })

  test('an admin sees what the business signed, sorts, switches tabs, exports CSV and sees the charts', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(90_000)
    const tag = randomUUID().slice(0, 8)
    const admin = await createAccount(request, 'Grace')
    const member = await createAccount(request, 'Mia')
    await businessOf(request, admin, member, `Activity Works ${tag}`)
    const leaseTitle = `Lease, "Draft ${tag}"`
    await signOwnRequest(request, member, leaseTitle)
    await signOwnRequest(request, admin, `Board minutes ${tag}`)

    // The members' activity address is the activity's signatures tab.
    const activity = new ActivityPage(page)
    await signInTab(page, admin)
    await activity.open('/business/members/activity')
    await expect(page).toHaveURL(/\/business\/activity\?tab=signatures/)
    await activity.seeHeading('Activity')
    await expect(page.getByRole('tab', { name: 'Signatures' })).toHaveAttribute('aria-selected', 'true')
    await activity.seeRow('Signatures', ['Mia Lovelace', member.email, leaseTitle, 'SES'])
    await activity.seeRow('Signatures', ['Grace Lovelace', admin.email, `Board minutes ${tag}`])
    await expect(page.getByText('1–2 of 2')).toBeVisible()

    // Newest first; a click on a header sorts by it, a second click the other way.
    await activity.seeSorted('Signatures', 'Signed', 'descending')
    await expect.poll(() => activity.column('Signatures', 3)).toEqual([`Board minutes ${tag}`, leaseTitle])
    await activity.clickSort('Signatures', 'Signer')
    await activity.seeSorted('Signatures', 'Signer', 'ascending')
    await expect.poll(() => activity.column('Signatures', 1)).toEqual(['Grace Lovelace', 'Mia Lovelace'])
    await activity.clickSort('Signatures', 'Signer')
    await activity.seeSorted('Signatures', 'Signer', 'descending')
    await expect.poll(() => activity.column('Signatures', 1)).toEqual(['Mia Lovelace', 'Grace Lovelace'])
    await expect(page).toHaveURL(/sort=signer_name%2Cdesc|sort=signer_name,desc/)

    // The charts draw the month's two simple signatures, and say them in a table too.
    await activity.scrollToStatistics()
    await expect
      .poll(() => activity.paintedPixels('Bar chart: signatures per month, by quality'))
      .toBeGreaterThan(500)
    await expect.poll(() => activity.paintedPixels('Bar chart: signatures per person')).toBeGreaterThan(500)
    const monthly = page.getByRole('table', { name: 'Signatures per month, by quality' })
    await expect(monthly.getByRole('row').last().getByRole('cell')).toHaveText(['2', '0', '0', '2'])
    const perPerson = page.getByRole('table', { name: 'Signatures per person' })
    await expect(perPerson.getByRole('row', { name: /Mia Lovelace/ }).getByRole('cell')).toHaveText(['1'])

    // The CSV: UTF-8 with BOM, one row per signature, the title with its comma and quotes intact.
    const today = new Date().toISOString().slice(0, 10)
    const csv = await activity.download('Export signatures (CSV)')
    expect(csv.filename).toMatch(new RegExp(`^signature_usage_\\d{4}-\\d{2}-\\d{2}_${today}\\.csv$`))
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(csv.records[0]).toEqual([
      'Signed at (UTC)',
      'Signer',
      'E-mail',
      'Account type',
      'Request',
      'Request ID',
      'Signature ID',
      'Quality',
      'Seal',
    ])
    expect(csv.records.slice(1).map((row) => [row[1], row[2], row[3], row[4], row[7]])).toEqual([
      ['Mia Lovelace', member.email, 'Member', leaseTitle, 'SES'],
      ['Grace Lovelace', admin.email, 'Admin', `Board minutes ${tag}`, 'SES'],
    ])
    const report = await activity.download('Cost centre report (CSV)')
    expect(report.filename).toMatch(/^cost_centre_report_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/)
    expect(report.records.slice(1).map((row) => [row[0], row[7]])).toEqual([
      ['Grace Lovelace', '1'],
      ['Mia Lovelace', '1'],
    ])

    await activity.seeNoSeriousAccessibilityViolations()
    await testInfo.attach('activity (desktop)', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })

    // The people: each with what they sent and signed.
    await activity.clickTab('People')
    await expect(page).toHaveURL(/tab=accounts/)
    await activity.seeRow('People', ['Mia Lovelace', member.email, 'Member'])
    await activity.seeRow('People', ['Grace Lovelace', admin.email, 'Admin'])
    await expect.poll(() => activity.column('People', 5)).toEqual(['1', '1'])
    await activity.clickSort('People', 'Name')
    await activity.seeSorted('People', 'Name', 'descending')
    await expect.poll(() => activity.column('People', 0)).toEqual(['Mia Lovelace', 'Grace Lovelace'])

    // No identifications yet: said so, and the export has its columns only.
    await activity.clickTab('Identifications')
    await expect(page.getByText('No identifications in this period.')).toBeVisible()
    const identifications = await activity.download('Export identifications (CSV)')
    expect(identifications.filename).toMatch(/^identifications_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/)
    expect(identifications.records).toEqual([['Identified at (UTC)', 'Name', 'E-mail', 'Method']])

    // An earlier period without signatures: the lists and charts follow it.
    await activity.clickTab('Signatures')
    await page.getByLabel('From').fill('2025-01-01')
    await page.getByLabel('To').fill('2024-12-01')
    await page.getByRole('button', { name: 'Show' }).click()
    await expect(page.getByText('The last day is before the first.')).toBeVisible()
    await page.getByLabel('To').fill('2025-01-31')
    await page.getByRole('button', { name: 'Show' }).click()
    await expect(page).toHaveURL(/start_date=2025-01-01/)
    await expect(
      page.getByText('Nobody in your business signed anything in this period.').first(),
    ).toBeVisible()

    // A period written by hand that the server refuses stays in the form, to be put right.
    await activity.open('/business/activity?start_date=2025-03-10&end_date=2025-03-01')
    await expect(page.getByText(/^This period cannot be shown\./)).toBeVisible()
    await expect(page.getByLabel('From')).toHaveValue('2025-03-10')

    // On a phone the page fits the screen (the table scrolls inside its card), the header names the business
    // in full, and every section of the business menu can be reached in its sideways row.
    await page.setViewportSize({ width: 390, height: 844 })
    await activity.open('/business/activity')
    await activity.seeRow('Signatures', ['Mia Lovelace', leaseTitle])
    await activity.seeNoHorizontalOverflow()
    await activity.seeBusinessNameInFull(`Activity Works ${tag}`)
    await activity.seeBusinessMenu([
      'Overview',
      'Activity',
      'Members',
      'Domains',
      'Billing',
      'Seals',
      'API users',
      'Settings',
      'Business profile',
    ])
    await activity.seeNoSeriousAccessibilityViolations()
    await testInfo.attach('activity (phone)', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })
    // A page opened at a section far along the row shows that section in it, and the way back is one tap.
    await activity.open('/business/settings')
    await activity.seeCurrentSection('Settings')
    await activity.clickBusinessMenu('Activity')
    await expect(page).toHaveURL(/\/business\/activity/)

    // A member is refused the screen, as every admin page.
    const memberPage: Page = await (await browser.newContext()).newPage()
    await signInTab(memberPage, member)
    const refused = new BusinessPage(memberPage)
    await refused.open('/business/activity')
    await expect(memberPage).toHaveURL(/\/dashboard$/)
    await refused.seeSnackbar('Only the admins of your business can open that page.')
  })
})
