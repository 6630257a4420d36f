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

  /** The header shows the business's whole name, not cut short with an ellipsis. */
  async seeBusinessNameInFull(name: string) {
    const shown = this.page.getByRole('navigation', { name: 'Main' }).getByText(name, { exact: true })
    await expect(shown).toBeVisible()
    await expect(shown).toBeInViewport({ ratio: 0.95 })
    expect(await shown.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
  }

  businessMenu() {
    return this.page.getByRole('navigation', { name: 'Business' })
  }

  /** The business menu has these sections, in this order, and each comes into view when sought. */
  async seeBusinessMenu(sections: string[]) {
    await expect(this.businessMenu().getByRole('link')).toHaveText(sections)
    for (const section of sections) {
      const link = this.businessMenu().getByRole('link', { name: section, exact: true })
      await link.scrollIntoViewIfNeeded()
      await expect(link).toBeInViewport({ ratio: 0.95 })
    }
  }

  /** The business menu shows `section` as the current one, in view. */
  async seeCurrentSection(section: string) {
    const link = this.businessMenu().getByRole('link', { name: section, exact: true })
    await expect(link).toHaveAttribute('aria-current', 'page')
    await expect(link).toBeInViewport({ ratio: 0.95 })
  }

  /** Opens a section of the business menu; on the new page it is the current one. */
  async clickBusinessMenu(section: string) {
    await this.businessMenu().getByRole('link', { name: section, exact: true }).click()
    await this.seeCurrentSection(section)
  }

  async seeNavigationToBusiness(name: string) {
    await expect(this.page.getByRole('navigation', { name: 'Main' }).getByText(name)).toBeVisible()
  }
}
