import { expect } from '@playwright/test'
import { SignupPage } from './signup-page.ts'

/** The page a business invitation's mailed link opens (/invite/{id}) before its visitor signed in. */
export class InvitationPage extends SignupPage {
  /** Who invites to which business, with the invited address filled into the sign-in form. */
  async seeInvitation(inviter: string, business: string, email: string) {
    await this.seeHeading(`${inviter} invites you to join ${business}`)
    await this.seeEmail(email)
    await expect(this.page.getByRole('button', { name: 'Create an account' })).toBeVisible()
  }

  /** "Create an account" for the invited address: its confirmation link is mailed at once. */
  async chooseCreateAnAccount() {
    await this.page.getByRole('button', { name: 'Create an account' }).click()
  }

  /** Signs in with the address already filled in. */
  async signInWithPassword(password: string) {
    await this.page.getByLabel('Password', { exact: true }).fill(password)
    await this.clickSignIn()
  }

  async seeNoLongerOpen() {
    await this.seeHeading('This invitation is no longer open')
    await expect(
      this.page.getByText('Ask the person who invited you to send a new invitation.'),
    ).toBeVisible()
  }
}
