import type { Page } from '@playwright/test'
import { ports } from '../playwright.config.ts'
import { expect, test } from './fixtures.ts'
import { AppPage } from './pages/app-page.ts'
import { holdRequests } from './pages/hold-requests.ts'

test.describe('app shell', () => {
  test('the start page sends a visitor to sign in, titled after the page', async ({ page }) => {
    const app = new AppPage(page)
    await app.open('/')
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await app.seeDocumentTitle('Login - Signet')
  })

  test('an unknown route shows Page Not Found and its path', async ({ page }) => {
    const app = new AppPage(page)
    await app.open('/no/such-page')
    await app.seeHeading('Page Not Found')
    await expect(page.getByTestId('not-found-path')).toHaveText('/no/such-page')
    await app.seeDocumentTitle('Page Not Found - Signet')
    await expect(page.getByRole('main').locator('svg')).toContainText('404')
  })

  test('/sorry shows the picture of a server error, not the 404 one', async ({ page }) => {
    const app = new AppPage(page)
    await app.open('/sorry')
    await app.seeHeading(/Sorry/)
    await expect(page.getByRole('main').locator('svg')).toHaveCount(1)
    await expect(page.getByRole('main').locator('svg')).not.toContainText('404')
  })

  test('SPEC §2: the title is the last static path segment, capitalised, then the product', async ({
    page,
  }) => {
    const app = new AppPage(page)
    await app.open('/sorry')
    await app.seeDocumentTitle('Sorry - Signet')
    await app.open('/password-reset')
    await app.seeDocumentTitle('Password reset - Signet')
  })

  test('the Test System frame shows in staging until the user hides it', async ({ page }) => {
    const app = new AppPage(page)
    await app.open('/sorry')
    await app.seeTestSystemFrame(true)
    await app.clickHideTestSystem()
    await app.seeTestSystemFrame(false)
    await page.reload()
    await app.seeHeading(/Sorry/)
    await app.seeTestSystemFrame(false)
  })

  test('the Test System frame does not show in production', async ({ page }) => {
    const app = new AppPage(page)
    await app.open(`http://localhost:${ports.production}/sorry`)
    await app.seeHeading(/Sorry/)
    await app.seeTestSystemFrame(false)
  })

  test('the language can be switched and is kept', async ({ page }) => {
    const app = new AppPage(page)
    await app.open('/sorry')
    await app.chooseLanguage('Deutsch')
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-ch')
    await app.seeHeading(/Entschuldigung/)
    await page.reload()
    await app.seeHeading(/Entschuldigung/)
  })

  test('Inter does not slow a first visit: fetched once the first screen has painted, shown from the next screen on', async ({
    page,
  }) => {
    const app = new AppPage(page)
    const fontRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('.woff2')) fontRequests.push(request.url())
    })
    const textFont = () => page.evaluate(() => getComputedStyle(document.body).fontFamily)
    const interShown = () =>
      page.evaluate(
        () =>
          document.documentElement.dataset.font === 'inter' &&
          [...document.fonts].some((face) => face.family === 'Inter Variable' && face.status === 'loaded'),
      )
    await app.open('/login')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await textFont()).not.toContain('Inter')
    // Fetched once the first screen is up, while it stays in the system's font.
    await expect.poll(() => fontRequests.length).toBe(1)
    await expect.poll(() => page.evaluate(() => localStorage.getItem('webFont'))).toContain('.woff2')
    expect(await textFont()).not.toContain('Inter')
    // It did not compete with the first screen's code: its fetch began after that screen had painted.
    const { painted, fetched } = await page.evaluate(() => ({
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      fetched:
        performance.getEntriesByType('resource').find(({ name }) => name.endsWith('.woff2'))?.startTime ??
        Number.NaN,
    }))
    expect(fetched).toBeGreaterThan(painted)
    await page.getByRole('link', { name: 'Create an account' }).click()
    await app.seeHeading(/Create/)
    expect(await textFont()).toContain('Inter Variable')
    await expect.poll(interShown).toBe(true)
    // The next visit shows it from the first screen.
    await page.reload()
    await app.seeHeading(/Create/)
    await expect.poll(interShown).toBe(true)
  })

  test('the first Tab reaches a skip link that leads past the header to the page', async ({ page }) => {
    const app = new AppPage(page)
    await app.open('/login')
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to main content' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('main')).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('main').getByLabel('E-mail address')).toBeFocused()
  })

  test('/component-test shows the design system live: its menu, snackbar and dialog work, with no sign-in', async ({
    page,
  }, testInfo) => {
    const app = new AppPage(page)
    await app.open('/component-test')
    await expect(page.getByRole('heading', { name: 'Components', level: 1 })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Busy' }).first()).toBeDisabled()
    await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('Enter a valid e-mail address.')).toBeVisible()
    for (const status of ['Draft', 'Signed', 'Declined'])
      await expect(page.getByText(status, { exact: true })).toBeVisible()

    await page.getByRole('button', { name: 'More actions' }).click()
    await page.getByRole('menuitem', { name: 'Rename' }).click()
    await expect(page.getByText('Renamed')).toBeVisible()

    const opener = page.getByRole('button', { name: 'Open a dialog' })
    await opener.click()
    const dialog = page.getByRole('alertdialog')
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(opener).toBeFocused()
    await app.seeNoSeriousAccessibilityViolations()
    await testInfo.attach('component-test', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })
  })

  // The menu's code comes after the screen's first paint: a stand-in button takes what the user does meanwhile.
  async function openWithMenuCodeHeld(page: Page) {
    const release = await holdRequests(page, '**/assets/ark-menu-*.js')
    await new AppPage(page).open('/component-test')
    return release
  }

  test('a menu pressed before its code came opens once it comes', async ({ page }) => {
    const release = await openWithMenuCodeHeld(page)
    await page.getByRole('button', { name: 'More actions' }).click()
    await expect(page.getByRole('menu')).toBeHidden()
    release()
    await page.getByRole('menuitem', { name: 'Rename' }).click()
    await expect(page.getByText('Renamed')).toBeVisible()
  })

  test('a menu focused before its code came keeps the focus once it comes', async ({ page }) => {
    const release = await openWithMenuCodeHeld(page)
    await page.getByRole('button', { name: 'More actions' }).focus()
    release()
    const trigger = page.locator('[data-scope="menu"][data-part="trigger"]')
    await expect(trigger).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeVisible()
  })

  for (const path of ['/login', '/sorry', '/no/such-page']) {
    test(`axe finds no serious violation on ${path}`, async ({ page }) => {
      const app = new AppPage(page)
      await app.open(path)
      await app.seeNoSeriousAccessibilityViolations()
    })
  }

  test('a phone-sized window keeps the pages usable', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    const app = new AppPage(page)
    for (const path of ['/login', '/sorry', '/no/such-page']) {
      await app.open(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
    }
  })
})
