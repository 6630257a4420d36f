import { expect } from '@playwright/test'
import { ProfilePage } from './profile-page.ts'

/** The business screens of an admin, a member and an invitee; methods map onto test steps. */
export class BusinessPage extends ProfilePage {
  async fillCompany(values: {
    name: string
    email?: string
    address: string
    postalCode: string
    city: string
  }) {
    await this.page.getByLabel('Company name').fill(values.name)
    if (values.email) await this.page.getByLabel('Company e-mail').fill(values.email)
    await this.page.getByLabel('Street and number').fill(values.address)
    await this.page.getByLabel('Postal code').fill(values.postalCode)
    await this.page.getByLabel('City').fill(values.city)
  }

  async clickOpenBusiness() {
    await this.page.getByRole('button', { name: 'Open business account' }).click()
  }

  async invite(addresses: string) {
    await this.page.getByLabel('E-mail addresses').fill(addresses)
    await this.page.getByRole('button', { name: 'Invite', exact: true }).click()
  }

  async seeInvitation(email: string) {
    await expect(this.page.getByRole('region', { name: 'Open invitations' }).getByText(email)).toBeVisible()
  }

  /** The role shown for `email` in the people table. */
  async seePerson(email: string, role: 'Admin' | 'Member') {
    const row = this.page.getByRole('row').filter({ hasText: email })
    await expect(row.getByText(role, { exact: true })).toBeVisible()
  }

  async seeNoPerson(email: string) {
    await expect(this.page.getByRole('row').filter({ hasText: email })).toHaveCount(0)
  }

  async select(email: string) {
    await this.page.getByRole('checkbox', { name: `Select ${email}` }).check()
  }

  async clickToolbar(name: 'Make admin' | 'Make member' | 'Remove') {
    await this.page.getByRole('toolbar').getByRole('button', { name }).click()
  }

  async seeNavigationToBusiness(name: string) {
    await expect(this.page.getByRole('navigation', { name: 'Main' }).getByText(name)).toBeVisible()
  }
}
