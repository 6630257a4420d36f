import { expect, type Page } from '@playwright/test'
import { LoginPage } from './login-page.ts'

/** The signup screens: /signup, the mail-sent note, the confirmation link and the steps. */
export class SignupPage extends LoginPage {
  constructor(page: Page) {
    super(page)
  }

  async openSignup() {
    await this.open('/signup')
    await this.seeHeading('Create your account')
  }

  async requestLink(email: string) {
    await this.page.getByLabel('E-mail address').fill(email)
    await this.page.getByRole('button', { name: 'Continue' }).click()
  }

  async seeMailSent(email: string) {
    await expect(this.page).toHaveURL(/\/signup\/mail-sent/)
    await this.seeHeading('Check your inbox')
    await expect(this.page.getByText(email)).toBeVisible()
  }

  async seeStep(name: 'Your name' | 'Your password' | 'Terms') {
    await expect(this.page).toHaveURL(/\/signup\/steps/)
    await expect(this.page.getByRole('form', { name })).toBeVisible()
  }

  async fillNames(firstName: string, lastName: string) {
    await this.page.getByLabel('First name').fill(firstName)
    await this.page.getByLabel('Last name').fill(lastName)
  }

  async fillPassword(password: string) {
    await this.page.getByLabel('Password', { exact: true }).fill(password)
  }

  async seePasswordFeedback(text: string) {
    await expect(this.page.getByText(text)).toBeVisible()
  }

  async acceptTerms() {
    await this.page.getByLabel('I accept the general terms and conditions.').check()
  }

  async clickNext() {
    await this.page.getByRole('button', { name: 'Next' }).click()
  }

  async clickBack() {
    await this.page.getByRole('button', { name: 'Back' }).click()
  }

  async clickCreateAccount() {
    await this.page.getByRole('button', { name: 'Create account' }).click()
  }

  async seeWelcome(firstName: string) {
    await expect(this.page).toHaveURL(/\/welcome$/)
    await this.seeHeading(`Welcome, ${firstName}!`)
  }

  async clickGoToDashboard() {
    await this.page.getByRole('link', { name: 'Go to your dashboard' }).click()
  }
}
