import AxeBuilder from '@axe-core/playwright'
import { expect, type FrameLocator, type Page } from '@playwright/test'
import { mailWaitMs } from './mail-outbox.ts'

/** The development outbox at /dev/outbox; methods map onto test steps. */
export class DevOutboxPage {
  readonly page: Page
  constructor(page: Page) {
    this.page = page
  }

  async open(baseUrl = '') {
    await this.page.goto(`${baseUrl}/dev/outbox`)
    await expect(this.page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible()
  }

  async seeEmpty() {
    await expect(this.page.getByText('No mails yet.')).toBeVisible()
  }

  /** The list shows a mail to `to` with this subject, once it has gone out (within {@link mailWaitMs}). */
  async seeMailListed(to: string, subject: string | RegExp) {
    await expect(this.mailEntry(subject)).toContainText(to, { timeout: mailWaitMs })
  }

  async openMail(subject: string | RegExp) {
    await this.mailEntry(subject).click()
    await expect(this.reader().getByRole('heading', { level: 2, name: subject })).toBeVisible()
  }

  /** The open mail's HTML part, in a frame sandboxed to nothing. */
  async htmlPart(): Promise<FrameLocator> {
    const frame = this.reader().locator('iframe')
    await expect(frame).toHaveAttribute('sandbox', '')
    return frame.contentFrame()
  }

  async seeTextPart(text: string | RegExp) {
    await expect(this.reader().locator('pre')).toContainText(text)
  }

  /** The first link of the open mail that matches, as a locator to check or click. */
  link(href: RegExp) {
    return this.reader().getByRole('listitem').getByRole('link').filter({ hasText: href }).first()
  }

  /**
   * No serious or critical accessibility violation. The mail's frame is left out: it runs no scripts, so
   * axe cannot get into it and waits out the test; the mail's HTML is the server's templates, not this page.
   */
  async seeNoSeriousAccessibilityViolations() {
    const results = await new AxeBuilder({ page: this.page }).exclude('iframe').analyze()
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(
      serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    ).toEqual([])
  }

  private reader() {
    return this.page.getByTestId('outbox-mail')
  }

  private mailEntry(subject: string | RegExp) {
    return this.page.getByRole('navigation', { name: 'Mails' }).getByRole('link').filter({ hasText: subject })
  }
}
