import { expect } from '@playwright/test'
import { BusinessPage } from './business-page.ts'

/** The billing screens of a business admin; methods map onto test steps. */
export class BillingPage extends BusinessPage {
  async choosePlan(name: string, cycle: 'Yearly (two months free)' | 'Monthly') {
    await this.page.getByLabel(cycle).check()
    await this.page
      .getByRole('article', { name })
      .getByRole('button', { name: `Choose ${name}` })
      .click()
  }

  async applyCode(code: string) {
    await this.page.getByLabel('Promo or referral code').fill(code)
    await this.page.getByRole('button', { name: 'Apply' }).click()
  }

  /** The preview's line `label` shows `amount`. */
  async seePreviewLine(label: string | RegExp, amount: string) {
    const preview = this.page.getByRole('region', { name: 'What you pay' })
    const term = preview.locator('dt').filter({ hasText: label })
    await expect(term).toBeVisible()
    await expect(term.locator('xpath=following-sibling::dd[1]')).toHaveText(amount)
  }

  async fillCard(number: string, expiry = '12 / 30', cvc = '123') {
    await this.page.getByLabel('Card number').fill(number)
    await this.page.getByLabel('Expiry date').fill(expiry)
    await this.page.getByLabel('Security code').fill(cvc)
  }

  async clickPay(label: string | RegExp) {
    await this.page.getByRole('button', { name: label }).click()
  }

  /**
   * The thanks once the payment went through: the order, the card's confirmation and the provider's events (sent
   * through the jobs) each take a round trip, which on a busy two-core machine took longer than the usual 5 s.
   */
  async seePaid(thanks: string) {
    await expect(this.snackbar).toContainText(thanks, { timeout: 20_000 })
  }

  async seeAlert(text: string | RegExp) {
    await expect(this.page.getByRole('alert').filter({ hasText: text })).toBeVisible()
  }

  /** The billing page's fact `testId` (plan-name, seats) reads `text`. */
  async seeFact(testId: 'plan-name' | 'seats', text: string | RegExp) {
    await expect(this.page.getByTestId(testId)).toHaveText(text)
  }

  /**
   * The billing page's first card says where the business stands in words: `state`, then what happens next
   * and when (`next`), with the action that changes it (a link or button named `action`).
   */
  async seeStanding(state: string | RegExp, next: string | RegExp, action?: string) {
    const card = this.page.getByRole('region', { name: 'Where your business stands' })
    await expect(
      typeof state === 'string' ? card.getByText(state, { exact: true }) : card.getByText(state),
    ).toBeVisible()
    await expect(card.getByText(next)).toBeVisible()
    if (action !== undefined) {
      await expect(
        card.getByRole('link', { name: action }).or(card.getByRole('button', { name: action })),
      ).toBeVisible()
    }
  }

  async changeSeats(button: 'Add seats' | 'Remove seats', seats: number) {
    await this.page.getByRole('button', { name: button }).click()
    await this.seeDialog(button)
    await this.dialog.getByLabel('Seats after the change').fill(String(seats))
  }
}
