import { expect } from '@playwright/test'
import { ProfilePage } from './profile-page.ts'

/** /business/seals and /business/seals/{accountname} as an admin sees them; methods map onto test steps. */
export class SealsPage extends ProfilePage {
  async clickNavigation() {
    await this.page.getByRole('navigation', { name: 'Business' }).getByRole('link', { name: 'Seals' }).click()
  }

  async seeNoSeals() {
    await expect(this.page.getByText('No seals yet. Create one below.')).toBeVisible()
  }

  async createSeal(accountName: string, label: string) {
    const form = this.page.getByRole('form', { name: 'Create a seal' })
    await form.getByLabel('Account name').fill(accountName)
    await form.getByLabel('Label').fill(label)
    await form.getByRole('button', { name: 'Create seal' }).click()
  }

  /** The seal in the list, with who may use it (`1 person · 0 API users`). */
  async seeSeal(label: string, allowed: string) {
    const item = this.page
      .getByRole('region', { name: 'Your seals' })
      .getByRole('listitem')
      .filter({ hasText: label })
    await expect(item).toContainText(allowed)
  }

  async clickSeal(label: string) {
    await this.page.getByRole('region', { name: 'Your seals' }).getByRole('link', { name: label }).click()
  }

  /** One line of the certificate summary. */
  async seeCertificate(term: string, value: string | RegExp) {
    const facts = this.page.getByRole('region', { name: 'Certificate' })
    await expect(facts.getByRole('term').filter({ hasText: term }).locator('+ dd')).toContainText(value)
  }

  async chooseImage(file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.page.getByRole('region', { name: 'Image' }).locator('input[type="file"]').setInputFiles(file)
  }

  async seeImage(label: string) {
    const image = this.page.getByRole('img', { name: `Image of the seal ${label}` })
    await expect(image).toBeVisible()
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  }

  async allow(option: string) {
    const card = this.page.getByRole('region', { name: 'Who may use it' })
    await card.getByLabel('Allow someone').selectOption({ label: option })
    await card.getByRole('button', { name: 'Allow', exact: true }).click()
  }

  async seeAllowed(text: string) {
    const card = this.page.getByRole('region', { name: 'Who may use it' })
    await expect(card.getByRole('listitem').filter({ hasText: text })).toBeVisible()
  }

  async changeLabel(label: string) {
    const form = this.page.getByRole('form', { name: 'Label' })
    await form.getByLabel('Label').fill(label)
    await form.getByRole('button', { name: 'Save label' }).click()
  }
}
