import { randomUUID } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { ApiUsersPage } from './pages/api-users-page.ts'
import { joinBusiness, openBusiness } from './pages/business-api.ts'
import { DashboardPage } from './pages/dashboard-page.ts'
import { createAccount, signInTab } from './pages/test-account.ts'
import { onePagePdf } from './pages/test-pdfs.ts'

/** What an integration does with nothing but its username and key: HTTP calls with Basic credentials. */
function integration(request: APIRequestContext, username: string, key: string) {
  const headers = { Authorization: `Basic ${Buffer.from(`${username}:${key}`).toString('base64')}` }
  return {
    get: (path: string) => request.get(`/api${path}`, { headers }),
    post: (path: string, data?: object) =>
      request.post(`/api${path}`, { headers, ...(data ? { data } : {}) }),
    upload: async (path: string) =>
      request.post(`/api${path}`, { headers, multipart: { file: await onePagePdf('order.pdf') } }),
  }
}

test('an admin makes an API user whose key signs a request, then resets, narrows and removes it', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000)
  const admin = await createAccount(request, 'Grace')
  await openBusiness(request, admin, 'Hopper Logistics AG')
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await signInTab(page, admin)
  const screen = new ApiUsersPage(page)
  await screen.open('/business/developers/api')
  await screen.seeHeading('API users')
  await expect(page.getByText('No API users yet.')).toBeVisible()

  const username = `erp-${randomUUID().slice(0, 8)}`
  await screen.createApiUser('Bad Name!', 'ERP connector')
  await screen.seeFieldError('Username', /lower-case letters/)
  await screen.createApiUser(username, 'ERP connector')
  const key = await screen.copyShownKey(username)
  expect(key).toMatch(/^demo_/)
  await expect(screen.row(username)).toContainText('ERP connector')
  await screen.seeLastUsed(username, 'Never')
  await testInfo.attach('api-users', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  })

  // The integration sends itself a one-page order and signs it, with only HTTP calls and the key.
  const erp = integration(request, username, key)
  const me = (await (await erp.get('/v1/user')).json()) as { email: string }
  const created = await erp.post('/v3/signature-requests', {
    title: 'Purchase order 4711',
    signatures: [{ account_email: me.email }],
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  expect((await erp.upload(`/v3/signature-requests/${id}/documents`)).status()).toBe(201)
  expect((await erp.post(`/v3/signature-requests/${id}/initiate`)).status()).toBe(200)
  const signed = await erp.post('/v3/sign', {
    signature_requests: [{ signature_request_id: id }],
    language: 'en',
  })
  expect(signed.status(), await signed.text()).toBe(200)
  const after = (await (await erp.get(`/v3/signature-requests/${id}`)).json()) as { status_overall: string }
  expect(after.status_overall).toBe('SIGNED')
  await page.reload()
  await expect(screen.row(username).getByRole('cell').nth(3)).not.toHaveText('Never')

  // A reset key: the new one works, the old one no longer.
  await screen.clickRowButton(username, 'Reset key')
  await screen.seeDialog(`Reset the key of ${username}?`)
  await screen.clickInDialog('Reset key')
  const newKey = await screen.copyShownKey(username)
  expect(newKey).not.toBe(key)
  expect((await erp.get('/v1/user')).status()).toBe(401)
  const renewed = integration(request, username, newKey)
  expect((await renewed.get('/v1/user')).status()).toBe(200)

  // Read only: the key reads, and is refused a new request.
  await screen.chooseScope(username, 'Read only')
  await screen.seeSnackbar('Scope changed')
  expect((await renewed.get('/v3/signature-requests')).status()).toBe(200)
  const refused = await renewed.post('/v3/signature-requests', { title: 'Not allowed' })
  expect(refused.status()).toBe(403)
  expect(((await refused.json()) as { code: string }).code).toBe('api_user.read_only')

  await page.setViewportSize({ width: 390, height: 844 })
  await testInfo.attach('api-users-phone', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  })
  await page.setViewportSize({ width: 1280, height: 800 })

  await screen.clickRowButton(username, `Remove ${username}`)
  await screen.seeDialog(`Remove ${username}?`)
  await screen.clickInDialog('Remove')
  await screen.seeSnackbar('API user removed')
  await screen.seeNoApiUser(username)
  expect((await renewed.get('/v1/user')).status()).toBe(401)
  await screen.seeNoSeriousAccessibilityViolations()

  // Every use of its keys is in the activity, the refused write too, and stays after the removal.
  await screen.open('/business/activity?tab=keys')
  const uses = page.getByRole('table', { name: 'API key use' })
  await expect(uses.getByRole('row').filter({ hasText: username }).first()).toBeVisible()
  const call = (route: string, status: number) =>
    uses
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: route, exact: true }) })
      .filter({ has: page.getByRole('cell', { name: String(status), exact: true }) })
  await expect(call('/v3/signature-requests', 403)).toHaveCount(1)
  await expect(call('/v3/signature-requests', 403)).toContainText('POST')
  await expect(call('/v3/sign', 200)).toHaveCount(1)
  await expect(call('/v1/user', 401)).toHaveCount(0)
  await testInfo.attach('api-key-activity', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  })
})

test('admins see the requests the business’s API users sent; members are not offered them', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000)
  const admin = await createAccount(request, 'Grace')
  const member = await createAccount(request, 'Alan')
  const businessId = await openBusiness(request, admin, 'Turing Freight AG')
  await joinBusiness(request, admin, businessId, member)
  const username = `shop-${randomUUID().slice(0, 8)}`
  const made = await request.post(`/api/v1/businesses/${businessId}/apis`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { username, description: 'Web shop' },
  })
  expect(made.status(), await made.text()).toBe(201)
  const { api_key: key } = (await made.json()) as { api_key: string }

  // The web shop sends the member an order to sign, with nothing but its key.
  const shop = integration(request, username, key)
  const created = await shop.post('/v3/signature-requests', {
    title: 'Web shop order 815',
    signatures: [{ account_email: member.email }],
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  expect((await shop.upload(`/v3/signature-requests/${id}/documents`)).status()).toBe(201)
  expect((await shop.post(`/v3/signature-requests/${id}/initiate`)).status()).toBe(200)

  await signInTab(page, admin)
  const dashboard = new DashboardPage(page)
  await dashboard.open('/dashboard')
  await dashboard.seeEmpty('Upload a PDF to sign it yourself or to ask others to sign it.')
  await dashboard.clickFilter('API requests')
  await dashboard.seeActiveFilter('API requests')
  const row = page.getByRole('listitem').filter({ hasText: 'Web shop order 815' })
  await expect(row).toContainText(`Sent by ${username}`)
  await expect(row).not.toContainText('api.invalid')
  await expect(row).toContainText('0 of 1 signed')
  await expect(row).toContainText('Open')
  // Only its participants open a request: the admin's row opens nothing.
  await expect(row.getByRole('link')).toHaveCount(0)
  await dashboard.seeNoSeriousAccessibilityViolations()
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(row).toBeVisible()
  await testInfo.attach('api-requests-phone', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  })
  await page.setViewportSize({ width: 1280, height: 800 })

  // The member signs it from their own list, and is offered no business-wide one, not even by its address.
  await signInTab(page, member)
  await dashboard.open('/dashboard?filter=api')
  await dashboard.seeActiveFilter('All')
  await expect(
    page.getByRole('navigation', { name: 'Filter requests' }).getByRole('link', { name: 'API requests' }),
  ).toHaveCount(0)
  await dashboard.seeRequest('^Web shop order 815', 'Open')
  await expect(page.getByRole('link', { name: 'Sign Web shop order 815' })).toBeVisible()
})
