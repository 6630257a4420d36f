import { expect, type Page } from '@playwright/test'
import { AppPage } from './app-page.ts'

/** The sign-in screen at /login and what it leads to. */
export class LoginPage extends AppPage {
  constructor(page: Page) {
    super(page)
  }

  async openLogin(search = '') {
    await this.open(`/login${search}`)
    await this.seeHeading('Sign in')
  }

  async signIn(email: string, password: string, { rememberMe = false } = {}) {
    await this.page.getByLabel('E-mail address').fill(email)
    await this.page.getByLabel('Password', { exact: true }).fill(password)
    if (rememberMe) await this.page.getByLabel('Keep me signed in for 48 hours').check()
    await this.clickSignIn()
  }

  async clickSignIn() {
    await this.page.getByRole('button', { name: 'Sign in', exact: true }).click()
  }

  async seeSignedOutNote() {
    await expect(this.page.getByRole('status').filter({ hasText: 'You have been signed out.' })).toBeVisible()
  }

  async seeEmail(value: string) {
    await expect(this.page.getByLabel('E-mail address')).toHaveValue(value)
  }

  /** The message under a field, tied to it for assistive technology, and the field marked invalid. */
  async seeFieldError(label: string, message: string) {
    const field = this.page.getByLabel(label, { exact: true })
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    // Text fields name their message with aria-errormessage (Ark UI Field), checkboxes with aria-describedby.
    if (await field.getAttribute('aria-errormessage'))
      await expect(field).toHaveAccessibleErrorMessage(message)
    else await expect(field).toHaveAccessibleDescription(message)
  }

  async seeFormError(message: string | RegExp) {
    await expect(this.page.getByRole('alert').filter({ hasText: message })).toBeVisible()
  }

  async seeFocusOn(label: string) {
    await expect(this.page.getByLabel(label, { exact: true })).toBeFocused()
  }

  /** Signed in: the main layout's navigation is there. */
  async seeDashboard() {
    await expect(this.page).toHaveURL(/\/dashboard$/)
    await expect(this.page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  }

  async signOut() {
    await this.page.goto('/logout')
    await expect(this.page).toHaveURL(/\/login\?logged-out/)
    await this.seeSignedOutNote()
  }

  /** The token the tab keeps (SPEC §9: session storage `accessToken`). */
  async storedSession(): Promise<{ rememberMe: boolean; expiresAt: number } | null> {
    const raw = await this.page.evaluate(() => sessionStorage.getItem('accessToken'))
    return raw ? (JSON.parse(raw) as { rememberMe: boolean; expiresAt: number }) : null
  }
}
