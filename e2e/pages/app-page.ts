import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page } from '@playwright/test'

/** What a user sees of the app shell on any page; methods map onto model-based test steps. */
export class AppPage {
  readonly page: Page
  constructor(page: Page) {
    this.page = page
  }

  async open(path: string) {
    await this.page.goto(path)
    await expect(this.page.locator('#root')).not.toBeEmpty()
  }

  async seeHeading(name: string | RegExp) {
    await expect(this.page.getByRole('heading', { level: 1, name })).toBeVisible()
  }

  async seeDocumentTitle(title: string) {
    await expect(this.page).toHaveTitle(title)
  }

  async seeTestSystemFrame(visible: boolean) {
    const label = this.page.getByRole('complementary', { name: 'Test System' })
    if (visible) await expect(label).toBeVisible()
    else await expect(label).toHaveCount(0)
  }

  async clickHideTestSystem() {
    await this.page.getByRole('button', { name: 'Hide the test system notice' }).click()
  }

  /** The page is no wider than the window: nothing of it lies beyond the screen's right edge. */
  async seeNoHorizontalOverflow() {
    await expect
      .poll(() =>
        this.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      )
      .toBeLessThanOrEqual(0)
  }

  /** An overlay's scrim is solid: nothing of the page beneath shows through the overlay. */
  async seeOverlayHidesPage() {
    const scrim = this.page.locator('[data-scope="dialog"][data-part="backdrop"]')
    await expect(scrim).toBeVisible()
    await expect(scrim).toHaveCSS('background-color', 'rgb(255, 255, 255)')
    await expect(scrim).toHaveCSS('opacity', '1')
  }

  async chooseLanguage(label: string) {
    await this.page.getByRole('combobox', { name: /Language|Sprache|Langue|Lingua/ }).selectOption({ label })
  }

  /**
   * The pixels (as a PNG data URL) of the picture `image` shows, once the browser has drawn it (a broken or
   * still-loading image has no natural width), so a journey can compare what two screens show. Drawn, not
   * fetched again: the app's policy lets the page fetch nothing but its API, and the app's pictures are object
   * URLs.
   */
  async readImage(image: Locator): Promise<string> {
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0)
    return image.evaluate((element: HTMLImageElement) => {
      const canvas = document.createElement('canvas')
      canvas.width = element.naturalWidth
      canvas.height = element.naturalHeight
      canvas.getContext('2d')?.drawImage(element, 0, 0)
      return canvas.toDataURL('image/png')
    })
  }

  /**
   * No serious or critical accessibility violation on the page as it is now; with `structure`, also none of
   * axe's moderate page-structure rules (headings without skipped levels, all content inside landmarks).
   */
  async seeNoSeriousAccessibilityViolations({ structure = false } = {}) {
    const results = await new AxeBuilder({ page: this.page }).analyze()
    const serious = results.violations.filter(
      (v) =>
        v.impact === 'serious' ||
        v.impact === 'critical' ||
        (structure && (v.id === 'heading-order' || v.id === 'region')),
    )
    expect(
      serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    ).toEqual([])
  }
}
