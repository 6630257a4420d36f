import { expect } from '@playwright/test'
import { BusinessPage } from './business-page.ts'

/** /business/developers/api: an admin's API users; methods map onto test steps. */
export class ApiUsersPage extends BusinessPage {
  async createApiUser(username: string, description: string) {
    await this.page.getByLabel('Username').fill(username)
    await this.page.getByLabel('Description').fill(description)
    await this.page.getByRole('button', { name: 'Create API user' }).click()
  }

  /** The key the open key dialog shows, after copying it with the dialog's button. */
  async copyShownKey(username: string): Promise<string> {
    await this.seeDialog(`The key of ${username}`)
    const key = await this.dialog.getByLabel('API key').inputValue()
    await expect(this.dialog.getByLabel('Callback secret')).toHaveValue(/^[\w-]{43}$/)
    await this.clickInDialog('Copy key')
    await expect(this.dialog.getByRole('button', { name: 'Copied' })).toBeVisible()
    expect(await this.page.evaluate(() => navigator.clipboard.readText())).toBe(key)
    await this.clickInDialog('Done')
    await this.seeNoDialog()
    return key
  }

  /** Lists the origins that may frame the API user's signing pages, in the Embedded signing card. */
  async setEmbedOrigins(username: string, origins: string) {
    const card = this.page.getByRole('form', { name: 'Embedded signing' })
    await card.getByLabel('API user').selectOption(username)
    await card.getByLabel('Allowed origins').fill(origins)
    await card.getByRole('button', { name: 'Save origins' }).click()
  }

  async seeEmbedOriginsError(message: string | RegExp) {
    await expect(this.page.getByRole('form', { name: 'Embedded signing' })).toContainText(message)
  }

  row(username: string) {
    return this.page.getByRole('row').filter({ hasText: username })
  }

  async seeLastUsed(username: string, text: string | RegExp) {
    await expect(this.row(username).getByRole('cell').nth(3)).toHaveText(text)
  }

  async clickRowButton(username: string, name: string) {
    await this.row(username).getByRole('button', { name, exact: true }).click()
  }

  async chooseScope(username: string, scope: string) {
    await this.row(username).getByLabel(`Scope of ${username}`).selectOption({ label: scope })
  }

  async seeNoApiUser(username: string) {
    await expect(this.row(username)).toHaveCount(0)
  }
}
