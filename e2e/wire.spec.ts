import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { openBusiness, subscribeByCard } from './pages/business-api.ts'
import { initiateRequest } from './pages/dashboard-page.ts'
import { holdRequests } from './pages/hold-requests.ts'
import { LoginPage } from './pages/login-page.ts'
import { addDocument, createDraft } from './pages/request-api.ts'
import { RequestViewPage } from './pages/request-view-page.ts'
import { mailedDirectLink } from './pages/signing-page.ts'
import { createAccount, signInTab } from './pages/test-account.ts'
import { onePagePdf, threePagePdf } from './pages/test-pdfs.ts'

/**
 * Issue 11: what /login may cost a visitor in JavaScript on the wire. Measured 148.4 KB since the document
 * components' texts left the shared catalog, the error code lists and Ark's textarea left the common chunk.
 */
const loginBudgetKb = 150

/**
 * The JavaScript bytes Chromium transfers to show `path`, from an empty cache: what crossed the network
 * for every script (compressed, headers included), as the browser's own network log counts it.
 */
async function scriptKbOnTheWire(page: Page, path: string, ready: () => Promise<void>): Promise<number> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  const scripts = new Set<string>()
  let bytes = 0
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.add(event.requestId)
  })
  cdp.on('Network.loadingFinished', (event) => {
    if (scripts.has(event.requestId)) bytes += event.encodedDataLength
  })
  await page.goto(path)
  await ready()
  await page.waitForLoadState('networkidle')
  await cdp.detach()
  return bytes / 1024
}

/** An account with a request of its own, sent and waiting for its signature. */
async function openRequestOf(request: APIRequestContext, firstName: string, title: string) {
  const owner = await createAccount(request, firstName)
  const id = await createDraft(request, owner, title, [owner.email])
  await addDocument(request, owner, id, await threePagePdf(`${title}.pdf`))
  await initiateRequest(request, owner, id)
  return { owner, id }
}

test.describe('what the browser downloads', () => {
  test('/login, /dashboard and a request view transfer compressed JavaScript, /login within its budget', async ({
    page,
    request,
  }, testInfo) => {
    const { owner, id } = await openRequestOf(request, 'Olga', 'Wire')

    const login = await scriptKbOnTheWire(page, '/login', () =>
      expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible(),
    )
    await signInTab(page, owner)
    const dashboard = await scriptKbOnTheWire(page, '/dashboard', () =>
      expect(page.getByRole('heading', { name: 'Your signature requests' })).toBeVisible(),
    )
    const view = await scriptKbOnTheWire(page, `/view/${id}`, () =>
      new RequestViewPage(page).seeRequest('Wire', 'Open'),
    )
    const figures = { '/login': login, '/dashboard': dashboard, '/view/{id}': view }
    for (const [path, kb] of Object.entries(figures)) {
      console.log(`JavaScript on the wire: ${kb.toFixed(1)} KB for ${path}`)
      testInfo.annotations.push({ type: 'wire-kb', description: `${path}: ${kb.toFixed(1)} KB` })
      // Compressed: the raw scripts of any of these pages are several times this.
      expect(kb, path).toBeGreaterThan(50)
    }
    expect(login).toBeLessThanOrEqual(loginBudgetKb)
  })
})

test.describe('what a direct-link signer downloads', () => {
  test('their page asks for the status and for the signer once each, and its JavaScript stays within 190 KB', async ({
    page,
    request,
  }, testInfo) => {
    const sender = await createAccount(request, 'Vera')
    await subscribeByCard(request, await openBusiness(request, sender, 'Wire Treuhand AG'), sender)
    const signer = `wire-${randomUUID().slice(0, 8)}@example.com`
    const created = await request.post('/api/v3/signature-requests', {
      headers: { Authorization: `Bearer ${sender.token}` },
      data: {
        title: 'Wire lease',
        signatures: [
          { signer_identity_data: { email_address: signer, first_name: 'Hans', last_name: 'Wire' } },
        ],
      },
    })
    expect(created.ok(), await created.text()).toBe(true)
    const id = ((await created.json()) as { id: string }).id
    await addDocument(request, sender, id, await onePagePdf('Wire lease.pdf'))
    await initiateRequest(request, sender, id)
    const link = await mailedDirectLink(request, signer, id)

    const asked: string[] = []
    page.on('request', (call) => {
      if (call.method() === 'GET' && new URL(call.url()).pathname.startsWith('/api/'))
        asked.push(new URL(call.url()).pathname)
    })
    const kb = await scriptKbOnTheWire(page, `${link.pathname}${link.search}`, () =>
      expect(page.getByRole('button', { name: 'Sign', exact: true })).toBeVisible(),
    )
    console.log(`JavaScript on the wire: ${kb.toFixed(1)} KB for a direct-link signer's page`)
    testInfo.annotations.push({ type: 'wire-kb', description: `direct link: ${kb.toFixed(1)} KB` })
    const times = (path: string) => asked.filter((asked) => asked === path).length
    expect(times('/api/v1/status'), 'status checks').toBe(1)
    expect(times('/api/v1/direct/user'), 'reads of the signer').toBe(1)
    // Measured 182 KB once signing's calls (with the mobile number's step) and the seals left the page, from 219 KB.
    expect(kb).toBeLessThanOrEqual(190)
  })
})

test.describe('what a page waits for', () => {
  test('a request view opened signed in asks for the request and its texts while the session still loads the user, and says it is loading meanwhile', async ({
    page,
    request,
  }) => {
    const { owner, id } = await openRequestOf(request, 'Wanda', 'Early')
    await signInTab(page, owner)

    // The call for the user is held until the request has been asked for.
    const release = await holdRequests(page, '**/api/v1/user')
    const asked = page.waitForRequest(
      (call) => new URL(call.url()).pathname === `/api/v3/signature-requests/${id}`,
    )
    await page.goto(`/view/${id}`)
    await asked
    // The user's answer is late: after the router's pending time the page says it is loading, not an empty window.
    await expect(page.getByRole('status').filter({ hasText: /^Loading…$/ })).toBeVisible()
    // Once it comes, the view shows its loading note as its loader starts: in words, since its texts came early too
    // (the fixture fails the journey on a text shown as its id).
    release()
    await new RequestViewPage(page).seeRequest('Early', 'Open')
  })

  test('a request view whose request answers slowly shows its loading note meanwhile, then the request', async ({
    page,
    request,
  }) => {
    const { owner, id } = await openRequestOf(request, 'Walter', 'Slow')
    await signInTab(page, owner)
    const release = await holdRequests(page, `**/api/v3/signature-requests/${id}`)
    await page.goto(`/view/${id}`)
    // The page renders once the router's pending time has passed, though its load has not ended.
    await expect(page.getByRole('status').filter({ hasText: 'Loading the request…' })).toBeVisible()
    release()
    await new RequestViewPage(page).seeRequest('Slow', 'Open')
  })

  test('a request view opened with a session ended elsewhere goes to the sign-in, which resumes the view', async ({
    page,
    request,
  }) => {
    const { owner, id } = await openRequestOf(request, 'Wilma', 'Ended')
    await signInTab(page, owner)
    const logout = await request.post('/api/v1/logout', {
      headers: { Authorization: `Bearer ${owner.token}` },
    })
    expect(logout.ok()).toBe(true)

    // The request is refused first, while the server's word on the session is held back.
    const refused = page.waitForResponse(
      (answer) => new URL(answer.url()).pathname === `/api/v3/signature-requests/${id}`,
    )
    await page.route('**/api/v1/user', async (route) => {
      const response = await route.fetch()
      expect((await refused).status()).toBe(401)
      await route.fulfill({ response })
    })
    await page.goto(`/view/${id}`)
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=%2Fview%2F${id}$`))
    await page.unroute('**/api/v1/user')
    await new LoginPage(page).signIn(owner.email, owner.password)
    await expect(page).toHaveURL(new RegExp(`/view/${id}$`))
    await new RequestViewPage(page).seeRequest('Ended', 'Open')
  })
})
