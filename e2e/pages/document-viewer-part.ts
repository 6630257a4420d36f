import { expect, type Page } from '@playwright/test'
import { PAGE_MAX_RETRIES, retryDelay } from '../../machines/page-loading/retry-delay.ts'

/** How long the viewer keeps asking for a page (SPEC §8-9 backoff) before it shows the page as failed. */
export const pageLoaderPatienceMs = Array.from({ length: PAGE_MAX_RETRIES }, (_, attempt) =>
  retryDelay(attempt),
).reduce((sum, delay) => sum + delay, 0)

/** The document viewer on a page: its thumbnails, its page images and its zoom. */
export class DocumentViewerPart {
  readonly page: Page
  constructor(page: Page) {
    this.page = page
  }

  private get viewer() {
    return this.page.getByRole('region', { name: 'Document viewer' })
  }

  /** One thumbnail per page, each a button. */
  /** A value the signer typed shows over the page, in the field where it will be written. */
  async seeOnPage(text: string) {
    await expect(this.viewer.getByText(text, { exact: true })).toBeVisible()
  }

  async seePageCount(count: number) {
    await expect(this.viewer.getByRole('navigation', { name: 'Pages' }).getByRole('button')).toHaveCount(
      count,
    )
  }

  /**
   * The page's image has arrived. The server answers 202 while it renders and the viewer asks again with
   * growing pauses, so on a busy machine the image may come as late as the viewer's last try.
   */
  async seePage(number: number, count: number, title: string) {
    const image = this.viewer.getByRole('img', { name: `Page ${number} of ${count} of ${title}` })
    await expect(image).toBeVisible({ timeout: pageLoaderPatienceMs })
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  }

  async seePageFailed(number: number) {
    await expect(this.viewer.getByText(`Page ${number} could not be loaded.`)).toBeVisible({
      timeout: pageLoaderPatienceMs,
    })
  }

  async clickTryAgain() {
    await this.viewer.getByRole('button', { name: 'Try again' }).click()
  }

  async clickThumbnail(number: number) {
    await this.viewer.getByRole('button', { name: `Page ${number}`, exact: true }).click()
  }

  /** The thumbnail of the page in view is marked as the current one. */
  async seeCurrentPage(number: number) {
    const thumbnail = this.viewer.getByRole('button', { name: `Page ${number}`, exact: true })
    await expect(thumbnail).toHaveAttribute('aria-current', 'page')
  }

  async clickZoomIn() {
    await this.viewer.getByRole('button', { name: 'Zoom in' }).click()
  }

  /** Zooms with the keyboard (+, - or 0) from the page area, as a keyboard user would. */
  async pressZoomKey(key: '+' | '-' | '0') {
    await this.viewer.getByRole('region', { name: 'Document pages' }).focus()
    await this.page.keyboard.press(key)
  }

  async seeZoom(percent: number) {
    await expect(this.viewer.getByRole('status', { name: 'Zoom' })).toHaveText(`${percent} %`)
  }
}
