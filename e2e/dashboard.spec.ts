import { randomUUID } from 'node:crypto'
import { expect, test } from './fixtures.ts'
import { createRequest, DashboardPage, initiateRequest } from './pages/dashboard-page.ts'
import { createAccount, signInTab } from './pages/test-account.ts'

test.describe('dashboard', () => {
  test('lists the requests by filter, searches by title and has no serious accessibility issue', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request)
    const tag = randomUUID().slice(0, 6)
    const draft = `Lease ${tag}`
    const sent = `Contract ${tag}`
    await createRequest(request, account, draft)
    await initiateRequest(request, account, await createRequest(request, account, sent))
    const dashboard = new DashboardPage(page)
    await signInTab(page, account)

    await dashboard.open('/dashboard')
    await dashboard.seeHeading('Your signature requests')
    await dashboard.seeActiveFilter('All')
    await dashboard.seeRequest(draft, 'Draft')
    await dashboard.seeRequest(sent, 'Open')
    await dashboard.seeNoSeriousAccessibilityViolations()

    await dashboard.clickFilter('Pending')
    await expect(page).toHaveURL(/filter=pending/)
    await dashboard.seeActiveFilter('Pending')
    await dashboard.seeRequest(sent)
    await dashboard.seeNoRequest(draft)

    await dashboard.open('/dashboard?filter=completed')
    await dashboard.seeActiveFilter('Completed')
    await dashboard.seeEmpty('There are no completed requests yet.')
    await dashboard.seeNoSeriousAccessibilityViolations()

    await dashboard.open('/dashboard')
    await dashboard.searchTitle('lease')
    await dashboard.seeRequest(draft)
    await dashboard.seeNoRequest(sent)
    await expect(page).toHaveURL(/q=lease/)
    await dashboard.searchTitle(' and more')
    await dashboard.seeEmpty('No request matches your search.')
  })

  test('a long list loads more as it scrolls, with only the rows near the view in the page', async ({
    page,
    request,
  }) => {
    // 130 requests made through the API, then sixty rows tabbed through one by one: more than the default 30 s
    // on a busy machine.
    test.setTimeout(90_000)
    const account = await createAccount(request)
    const count = 130
    const titles = Array.from({ length: count }, (_, index) => `Order ${String(index + 1).padStart(3, '0')}`)
    // Made one after another, so the newest (the last) comes first.
    for (const title of titles) await createRequest(request, account, title)
    const dashboard = new DashboardPage(page)
    await signInTab(page, account)
    await dashboard.open('/dashboard')

    const rows = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: /^Order \d+/ }) })
    await dashboard.seeRequest('Order 130', 'Draft')
    await expect(page.getByText(`${count} requests`, { exact: true })).toBeVisible()
    await expect(rows.first()).toHaveAttribute('aria-setsize', String(count))
    expect(await rows.count()).toBeLessThan(40)
    await dashboard.seeNoRequest('Order 001')

    // Scrolling down to the end brings the oldest request, fetched page after page.
    await expect(async () => {
      await page.mouse.wheel(0, 4000)
      await expect(page.getByRole('link', { name: /^Order 001/ })).toBeVisible({ timeout: 500 })
    }).toPass({ timeout: 20_000 })
    await expect(page.getByRole('listitem').filter({ hasText: 'Order 001' })).toHaveAttribute(
      'aria-posinset',
      String(count),
    )
    expect(await rows.count()).toBeLessThan(40)
    await dashboard.seeNoRequest('Order 130')

    // A keyboard user tabs down from the top, row after row: each row is in the page when the focus gets there.
    await page.keyboard.press('Home')
    await page.getByRole('link', { name: /^Order 130/ }).focus()
    for (let order = 129; order >= 70; order--) {
      await page.keyboard.press('Tab')
      await expect(page.getByRole('link', { name: new RegExp(`^${titles[order - 1]} `) })).toBeFocused()
    }
  })

  test('fits a phone screen', async ({ page, request }, testInfo) => {
    const account = await createAccount(request)
    await createRequest(request, account, `A rather long title of a request that wraps ${randomUUID()}`)
    const dashboard = new DashboardPage(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await signInTab(page, account)
    await dashboard.open('/dashboard')
    await dashboard.seeRequest('A rather long title')
    await dashboard.seeNoHorizontalOverflow()
    await testInfo.attach('dashboard (phone)', { body: await page.screenshot(), contentType: 'image/png' })
    await page.setViewportSize({ width: 1280, height: 800 })
    await dashboard.seeRequest('A rather long title')
    await testInfo.attach('dashboard (desktop)', { body: await page.screenshot(), contentType: 'image/png' })
  })
})
