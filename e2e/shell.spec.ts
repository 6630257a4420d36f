import { ports } from '../playwright.config.ts'
import { expect, test } from './fixtures.ts'
import { AppPage } from './pages/app-page.ts'

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
