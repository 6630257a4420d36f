import { expect, type Page } from '@playwright/test'

/** The maintenance chrome: the SPEC §2 banner and the /maintenance screen; methods map onto test steps. */
export class MaintenancePage {
  readonly page: Page
  constructor(page: Page) {
    this.page = page
  }

  private banner() {
    return this.page.getByTestId('maintenance-banner')
  }

  /** The yellow banner shows, linking to the notice's page as an external link in a new tab. */
  async seeBanner(noticeUrl: string) {
    await expect(this.banner()).toBeVisible()
    const link = this.banner().getByRole('link', { name: /status page/ })
    await expect(link).toHaveAttribute('href', noticeUrl)
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', /\bnoopener\b/)
    await expect(link).toHaveAttribute('data-external', '')
  }

  async seeNoBanner() {
    await expect(this.banner()).toHaveCount(0)
  }

  /** The /maintenance screen of a blocking maintenance, linking to its notice. */
  async seeMaintenanceScreen(noticeUrl: string) {
    await expect(this.page).toHaveURL(/\/maintenance$/)
    await expect(
      this.page.getByRole('heading', { level: 1, name: 'We are doing some maintenance' }),
    ).toBeVisible()
    await expect(this.page.getByRole('link', { name: /status page/ })).toHaveAttribute('href', noticeUrl)
  }

  async seeMaintenanceOver() {
    await expect(this.page.getByRole('heading', { level: 1, name: 'The maintenance is over' })).toBeVisible()
  }

  async clickContinue() {
    await this.page.getByRole('link', { name: 'Continue to Signet' }).click()
  }
}
