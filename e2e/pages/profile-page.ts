import { expect, type Locator } from '@playwright/test'
import { AppPage } from './app-page.ts'

/** The profile screens, their dialogs and snackbars, as a user sees them; methods map onto test steps. */
export class ProfilePage extends AppPage {
  get dialog(): Locator {
    return this.page.getByRole('dialog').or(this.page.getByRole('alertdialog'))
  }

  get snackbar(): Locator {
    return this.page.getByTestId('snackbar')
  }

  /** The bytes of the image /profile/visual-signature shows of the signature `name`, as signing draws it. */
  async readSignatureImage(name: string): Promise<string> {
    return this.readImage(this.page.getByRole('img', { name: `Signature ${name}` }))
  }

  async seeName(name: string) {
    await expect(this.page.getByTestId('profile-name')).toHaveText(name)
  }

  async editNames(first: string, last: string) {
    await this.page.getByLabel('First name').fill(first)
    await this.page.getByLabel('Last name').fill(last)
    await this.page.getByRole('button', { name: 'Save name' }).click()
  }

  async seeSnackbar(text: string | RegExp) {
    await expect(this.snackbar).toContainText(text)
  }

  async clickCloseSnackbar() {
    await this.snackbar.getByRole('button', { name: 'Close' }).click()
  }

  async seeNoSnackbar() {
    await expect(this.snackbar).toHaveCount(0)
  }

  async choose(label: string, option: string) {
    await this.page.getByLabel(label, { exact: true }).selectOption({ label: option })
  }

  async seeChosen(label: string, option: string) {
    const select = this.page.getByLabel(label, { exact: true })
    await expect(select.locator('option:checked')).toHaveText(option)
  }

  async clickSaveSettings() {
    await this.page.getByRole('button', { name: 'Save settings' }).click()
  }

  /** Follows the link named `title` in the profile's "More about your account" list. */
  async clickProfileLink(title: string) {
    await this.page
      .getByRole('navigation', { name: 'More about your account' })
      .getByRole('link', { name: title })
      .click()
  }

  async clickBackToProfile() {
    await this.page.getByRole('link', { name: 'Back to your profile' }).click()
  }

  async seeDialog(title: string | RegExp) {
    await expect(this.dialog).toBeVisible()
    await expect(this.dialog.getByRole('heading', { name: title })).toBeVisible()
  }

  async seeNoDialog() {
    await expect(this.dialog).toHaveCount(0)
  }

  async clickInDialog(name: string) {
    await this.dialog.getByRole('button', { name, exact: true }).click()
  }

  async changePassword(old: string, next: string, repeat = next) {
    await this.page.getByLabel('Current password').fill(old)
    await this.page.getByLabel('New password', { exact: true }).fill(next)
    await this.page.getByLabel('Repeat the new password').fill(repeat)
    await this.page.getByRole('button', { name: 'Change password' }).click()
  }

  async seeFieldError(label: string, message: string | RegExp) {
    const field = this.page.getByLabel(label, { exact: true })
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(this.page.getByText(message)).toBeVisible()
  }

  async clickDeleteAccount() {
    await this.page.getByRole('button', { name: 'Delete account' }).click()
  }

  /** Goes on from the delete-account dialog to the full-screen delete user overlay (SPEC §2). */
  async clickContinueToDeletion() {
    await this.clickInDialog('Continue')
    await expect(this.page.locator('[data-overlay="deleteUser"]')).toBeVisible()
  }

  /** The delete user overlay says what deleting changes, among it `consequence`. */
  async seeDeletionConsequence(consequence: string | RegExp) {
    await expect(
      this.page.locator('[data-overlay="deleteUser"]').getByRole('listitem').filter({ hasText: consequence }),
    ).toBeVisible()
  }

  async confirmDeletion(password: string) {
    const overlay = this.page.locator('[data-overlay="deleteUser"]')
    await overlay.getByLabel('Your password').fill(password)
    await overlay.getByRole('button', { name: 'Delete my account' }).click()
  }

  /** The body cannot scroll while a dialog is open (SPEC §2). */
  async seeBodyScrollLocked(locked: boolean) {
    const overflow = () => this.page.evaluate(() => getComputedStyle(document.body).overflow)
    if (locked) await expect.poll(overflow).toBe('hidden')
    else await expect.poll(overflow).not.toBe('hidden')
  }
}
