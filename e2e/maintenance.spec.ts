import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { type OwnServer, startOwnServer } from './own-server.ts'
import { AppPage } from './pages/app-page.ts'
import { MaintenancePage } from './pages/maintenance-page.ts'

// The status page is server-wide: a blocking maintenance on the shared staging server would send every
// other spec running in parallel to /maintenance. This spec has a server and a status file of its own.
test.describe.configure({ mode: 'serial' })

const noticeUrl = 'https://status.example.com/incidents/slow-uploads'
const maintenanceUrl = 'https://status.example.com/incidents/database-upgrade'
const staffDomain = 'staff.signet.example'

let server: OwnServer
let statusDir: string
let statusFile: string

/** Writes the status file in the Statuspage summary shape: nothing, an incident, or a blocking maintenance. */
async function writeStatus(kind: 'notice' | 'blocking') {
  const summary = {
    page: { id: 'signet', name: 'Signet', url: 'https://status.example.com' },
    components: [
      { id: 'signing', name: 'Signing services', group_id: null, group: true, components: ['pades'] },
      { id: 'pades', name: 'PAdES signing', group_id: 'signing' },
      { id: 'web', name: 'Website', group_id: null },
    ],
    incidents:
      kind === 'notice'
        ? [
            {
              id: 'slow-uploads',
              name: 'Slow uploads',
              status: 'investigating',
              shortlink: noticeUrl,
              components: [{ id: 'web' }],
            },
          ]
        : [],
    scheduled_maintenances:
      kind === 'blocking'
        ? [
            {
              id: 'database-upgrade',
              name: 'Database upgrade',
              status: 'in_progress',
              shortlink: maintenanceUrl,
              components: [{ id: 'pades' }],
            },
          ]
        : [],
  }
  await writeFile(statusFile, JSON.stringify(summary))
}

const clearStatus = () => rm(statusFile, { force: true })

/** Signs up a new account through the API and the outbox; answers its bearer token. */
async function signUp(request: APIRequestContext, email: string): Promise<string> {
  const api = (path: string) => `${server.url}/api${path}`
  expect(
    (await request.post(api('/v1/request-confirmation'), { data: { email, flow: 'signup' } })).ok(),
  ).toBe(true)
  let link: string | undefined
  await expect(async () => {
    const { mails } = (await (await request.get(api('/dev/outbox'))).json()) as {
      mails: { id: string; to: string }[]
    }
    const mail = mails.find((m) => m.to.includes(email))
    expect(mail).toBeDefined()
    const { links } = (await (await request.get(api(`/dev/outbox/${mail?.id}`))).json()) as {
      links: string[]
    }
    link = links.find((l) => l.includes('token='))
    expect(link).toBeDefined()
  }).toPass()
  const token = new URL(link ?? '').searchParams.get('token')
  const answer = await request.post(api('/v1/register'), {
    data: { first_name: 'Mia', last_name: 'Muster', password: 'Maintenance-window-42', token, gtc: true },
  })
  expect(answer.status()).toBe(201)
  return ((await answer.json()) as { token: string }).token
}

/** Signs the tab in with `token` before any page of it loads (the app reads the token at start). */
async function signInBeforeLoad(page: Page, token: string) {
  await page.addInitScript((value) => {
    sessionStorage.setItem(
      'accessToken',
      JSON.stringify({ token: value, rememberMe: false, expiresAt: Date.now() + 3_600_000 }),
    )
  }, token)
}

test.beforeAll(async () => {
  statusDir = await mkdtemp(join(tmpdir(), 'signet-e2e-status-'))
  statusFile = join(statusDir, 'status.json')
  server = await startOwnServer('staging', { STATUS_PAGE_FILE: statusFile, STAFF_EMAIL_DOMAIN: staffDomain })
})

test.afterAll(async () => {
  await server?.stop()
  await rm(statusDir, { recursive: true, force: true })
})

test.afterEach(clearStatus)

test.describe('maintenance (SPEC §2, §4, §6, §8)', () => {
  test('nothing on the status page shows no banner', async ({ page }) => {
    await new AppPage(page).open(`${server.url}/`)
    await expect(page).not.toHaveURL(/\/maintenance$/)
    await new MaintenancePage(page).seeNoBanner()
  })

  test('a notice shows the yellow banner with its link, and passes axe', async ({ page }) => {
    const app = new AppPage(page)
    const maintenance = new MaintenancePage(page)
    await app.open(`${server.url}/`)
    await maintenance.seeNoBanner()
    await writeStatus('notice')
    await page.reload()
    await maintenance.seeBanner(noticeUrl)
    await expect(page).not.toHaveURL(/\/maintenance$/)
    await app.seeNoSeriousAccessibilityViolations()
  })

  test('a blocking maintenance sends a visitor to /maintenance, until it ends', async ({ page }) => {
    await page.clock.install()
    const app = new AppPage(page)
    const maintenance = new MaintenancePage(page)
    await writeStatus('blocking')
    await app.open(`${server.url}/`)
    await maintenance.seeMaintenanceScreen(maintenanceUrl)
    await maintenance.seeNoBanner()
    await app.seeNoSeriousAccessibilityViolations()

    await clearStatus()
    // A visitor is not polled elsewhere; the maintenance screen checks again every 60 s.
    await page.clock.fastForward(60_000)
    await maintenance.seeMaintenanceOver()
    await maintenance.clickContinue()
    await expect(page).not.toHaveURL(/\/maintenance$/)
    await maintenance.seeNoBanner()
  })

  test('the internal staff cookie lets its holder through a blocking maintenance, with the banner', async ({
    page,
    context,
  }) => {
    await context.addCookies([{ name: 'signet_internal', value: '1', url: server.url }])
    const app = new AppPage(page)
    const maintenance = new MaintenancePage(page)
    await writeStatus('blocking')
    await app.open(`${server.url}/`)
    await maintenance.seeBanner(maintenanceUrl)
    await expect(page).not.toHaveURL(/\/maintenance$/)
  })

  test('a staff account that signed in gets the internal cookie and works through the next blocking maintenance', async ({
    page,
    context,
    request,
  }) => {
    const token = await signUp(request, `operator-${Date.now()}@${staffDomain}`)
    await signInBeforeLoad(page, token)
    const app = new AppPage(page)
    const maintenance = new MaintenancePage(page)
    await app.open(`${server.url}/`)
    await expect
      .poll(
        async () =>
          (await context.cookies(server.url)).find((cookie) => cookie.name === 'signet_internal')?.value,
      )
      .toBe('1')
    await writeStatus('blocking')
    await app.open(`${server.url}/`)
    await maintenance.seeBanner(maintenanceUrl)
    await expect(page).not.toHaveURL(/\/maintenance$/)
  })

  test('an account of another domain gets no internal cookie', async ({ page, context, request }) => {
    // Ends like the staff domain without being it.
    const token = await signUp(request, `mallory-${Date.now()}@not${staffDomain}`)
    await signInBeforeLoad(page, token)
    const maintenance = new MaintenancePage(page)
    await new AppPage(page).open(`${server.url}/`)
    await writeStatus('blocking')
    await page.reload()
    await maintenance.seeMaintenanceScreen(maintenanceUrl)
    expect((await context.cookies(server.url)).map((cookie) => cookie.name)).not.toContain('signet_internal')
  })

  test('when the maintenance is over, the app is back to normal', async ({ page }) => {
    const app = new AppPage(page)
    const maintenance = new MaintenancePage(page)
    await writeStatus('blocking')
    await app.open(`${server.url}/`)
    await maintenance.seeMaintenanceScreen(maintenanceUrl)
    await clearStatus()
    await app.open(`${server.url}/`)
    await expect(page).not.toHaveURL(/\/maintenance$/)
    await maintenance.seeNoBanner()
  })

  test('signed in, the status is polled every 60 s: a blocking maintenance that starts takes the user to /maintenance', async ({
    page,
    request,
  }) => {
    const token = await signUp(request, `maintenance-${Date.now()}@example.com`)
    await page.clock.install()
    await signInBeforeLoad(page, token)
    const maintenance = new MaintenancePage(page)
    await new AppPage(page).open(`${server.url}/`)
    await maintenance.seeNoBanner()

    await writeStatus('notice')
    await page.clock.fastForward(60_000)
    await maintenance.seeBanner(noticeUrl)

    await writeStatus('blocking')
    await page.clock.fastForward(60_000)
    await maintenance.seeMaintenanceScreen(maintenanceUrl)

    await clearStatus()
    await page.clock.fastForward(60_000)
    await maintenance.seeMaintenanceOver()
  })
})
