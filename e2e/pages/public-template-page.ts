import { expect } from '@playwright/test'
import { AppPage } from './app-page.ts'

/** /t/{token}: a template's public link, where a visitor confirms their e-mail before signing. */
export class PublicTemplatePage extends AppPage {
  async seeTitle(title: string) {
    await expect(this.page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  }

  async askCode(email: string) {
    await this.page.getByLabel('E-mail address').fill(email)
    await this.page.getByRole('button', { name: 'Send code' }).click()
  }

  async enterCode(code: string) {
    await this.page.getByLabel('Code').fill(code)
    await this.page.getByRole('button', { name: 'Continue to sign' }).click()
  }
}
