import { randomUUID } from 'node:crypto'
import { expect, test } from './fixtures.ts'
import { openBusiness } from './pages/business-api.ts'
import { BusinessPage } from './pages/business-page.ts'
import { createAccount, signInTab } from './pages/test-account.ts'

/** The AES for business screen as an admin sees it; methods map onto test steps. */
class AesForBusinessPage extends BusinessPage {
  async fillRepresentative(values: { name: string; email: string; register: string }) {
    await this.page.getByLabel('Name of the representative').fill(values.name)
    await this.page.getByLabel('E-mail of the representative').fill(values.email)
    await this.page.getByLabel('Commercial register entry').fill(values.register)
  }

  async seeRepresentative(values: { name: string; email: string; register: string }) {
    await expect(this.page.getByLabel('Name of the representative')).toHaveValue(values.name)
    await expect(this.page.getByLabel('E-mail of the representative')).toHaveValue(values.email)
    await expect(this.page.getByLabel('Commercial register entry')).toHaveValue(values.register)
  }

  async chooseDomain(domain: string) {
    await this.page.getByRole('checkbox', { name: domain, exact: true }).check()
  }

  async seeDomainChosen(domain: string, chosen: boolean) {
    const box = this.page.getByRole('checkbox', { name: domain, exact: true })
    if (chosen) await expect(box).toBeChecked()
    else await expect(box).not.toBeChecked()
  }

  async switchOn() {
    await this.page.getByRole('checkbox', { name: 'Vouch for the people at the chosen domains' }).check()
  }

  async seeSwitchedOn(on: boolean) {
    const box = this.page.getByRole('checkbox', { name: 'Vouch for the people at the chosen domains' })
    if (on) await expect(box).toBeChecked()
    else await expect(box).not.toBeChecked()
  }

  /** The field is marked wrong and says why (several fields may say the same). */
  async seeError(label: string, message: string) {
    const field = this.page.getByLabel(label, { exact: true })
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleErrorMessage(message)
  }

  async clickSave() {
    await this.page.getByRole('button', { name: 'Save', exact: true }).click()
  }

  async seeAlert(text: string) {
    await expect(this.page.getByRole('alert').filter({ hasText: text })).toBeVisible()
  }
}

test('an admin adds a domain and switches AES for business on for it, which stays after a reload', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000)
  const tag = randomUUID().slice(0, 8)
  const domain = `acme-${tag}.example`
  const businessName = `Acme ${tag} AG`
  const admin = await createAccount(request, 'Grace')
  await openBusiness(request, admin, businessName)
  const aes = new AesForBusinessPage(page)
  await signInTab(page, admin)

  // The business profile leads to it; there is no domain yet to vouch for, and the screen says where to add one.
  await aes.open('/business/profile')
  await aes.seeHeading('Business profile')
  await page.getByRole('link', { name: 'Set up AES for business' }).click()
  await expect(page).toHaveURL(/\/business\/profile\/aes-for-business$/)
  await aes.seeHeading('AES for business')
  await expect(page.getByText('Your business has no domains yet.', { exact: false })).toBeVisible()
  await page.getByRole('link', { name: 'Add a domain' }).click()
  await expect(page).toHaveURL(/\/business\/members\/domains$/)
  await page.getByLabel('Domain', { exact: true }).fill(domain)
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await aes.seeSnackbar('Domain added')
  await page.goBack()
  await aes.seeHeading('AES for business')

  // Switched on with nothing filled in, it says what is missing, at each field.
  await aes.seeDomainChosen(domain, false)
  await aes.switchOn()
  await aes.clickSave()
  await aes.seeError('Name of the representative', 'This field is required.')
  await aes.seeError('E-mail of the representative', 'This field is required.')
  await aes.seeError('Commercial register entry', 'This field is required.')
  await aes.seeAlert('Choose at least one domain.')
  await aes.fillRepresentative({ name: 'Grace Hopper', email: 'grace-at-acme', register: 'CHE-123.456.789' })
  await aes.clickSave()
  await aes.seeError('E-mail of the representative', 'Please enter a valid e-mail address.')

  const representative = { name: 'Grace Hopper', email: `grace@${domain}`, register: 'CHE-123.456.789' }
  await aes.fillRepresentative(representative)
  await aes.chooseDomain(domain)
  await aes.clickSave()
  await aes.seeSnackbar('AES for business is on')
  await expect(page.getByText(`carry a certificate that names ${businessName}`)).toBeVisible()
  await aes.seeNoSeriousAccessibilityViolations()
  await testInfo.attach('aes for business (desktop)', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  })
  await page.setViewportSize({ width: 390, height: 844 })
  await testInfo.attach('aes for business (phone)', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  })
  await page.setViewportSize({ width: 1280, height: 720 })

  // Read again from the server, it is as it was saved.
  await page.reload()
  await aes.seeHeading('AES for business')
  await aes.seeRepresentative(representative)
  await aes.seeDomainChosen(domain, true)
  await aes.seeSwitchedOn(true)
})
