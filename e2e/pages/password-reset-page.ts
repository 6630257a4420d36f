import { expect, type Page } from '@playwright/test'
import { LoginPage } from './login-page.ts'

/** The password reset screens: the address, the mail-sent note, the new password and the confirmation. */
export class PasswordResetPage extends LoginPage {
  constructor(page: Page) {
    super(page)
  }

  async openReset() {
    await this.open('/password-reset')
    await this.seeHeading('Reset your password')
  }

  async requestLink(email: string) {
    await this.page.getByLabel('E-mail address').fill(email)
    await this.page.getByRole('button', { name: 'Send link' }).click()
  }

  async seeMailSent(email: string) {
    await expect(this.page).toHaveURL(/\/password-reset\/mail-sent/)
    await this.seeHeading('Check your inbox')
    await expect(this.page.getByText(email)).toBeVisible()
  }

  async chooseNewPassword(password: string, repeat = password) {
    await this.seeHeading('Choose a new password')
    await this.page.getByLabel('New password', { exact: true }).fill(password)
    await this.page.getByLabel('Repeat the new password').fill(repeat)
    await this.page.getByRole('button', { name: 'Save the new password' }).click()
  }

  async seeDone() {
    await expect(this.page).toHaveURL(/\/password-reset\/confirm$/)
    await this.seeHeading('Your password has been changed')
  }

  async clickSignInAfterReset() {
    await this.page.getByRole('link', { name: 'Sign in' }).click()
    await this.seeHeading('Sign in')
  }
}
