import { expect } from '@playwright/test'
import { AppPage } from './app-page.ts'
import type { PickedFile } from './test-pdfs.ts'

/** /upload as a user sees it: files, their progress or refusal, signers, message and sending. */
export class UploadPage extends AppPage {
  async openUpload() {
    await this.open('/upload')
    await this.seeHeading('Ask for signatures')
  }

  async chooseFiles(files: PickedFile[]) {
    await this.page.getByLabel('Choose PDF files').setInputFiles(files)
  }

  private upload(name: string) {
    return this.page.getByRole('list', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: name })
  }

  async seeUploaded(name: string) {
    await expect(this.upload(name)).toContainText('Uploaded', { timeout: 15_000 })
  }

  /** Takes an uploaded document out of the draft; its row goes. */
  async removeUploaded(name: string) {
    await this.upload(name)
      .getByRole('button', { name: `Remove ${name}` })
      .click()
    await expect(this.upload(name)).toHaveCount(0)
  }

  async seeRefused(name: string, message: string) {
    const row = this.upload(name)
    await expect(row).toContainText('Refused', { timeout: 15_000 })
    await expect(row.getByRole('alert')).toContainText(message)
  }

  async clickAddSigner() {
    await this.page.getByRole('button', { name: 'Add signer' }).click()
  }

  /** Adds a signer through the add-signer dialog. */
  /** Adds a signer in the dialog; `language` (its name, e.g. Italiano) replaces the sender's own. */
  async addSigner(email: string, firstName = '', lastName = '', language = '') {
    await this.clickAddSigner()
    const dialog = this.page.getByRole('dialog', { name: 'Add a signer' })
    await dialog.getByLabel('E-mail address').fill(email)
    if (firstName) await dialog.getByLabel('First name (optional)').fill(firstName)
    if (lastName) await dialog.getByLabel('Last name (optional)').fill(lastName)
    const languageField = dialog.getByLabel('Language of their e-mails and page')
    // The sender's own language to start with.
    await expect(languageField).toHaveValue('en-gb')
    if (language) await languageField.selectOption({ label: language })
    await dialog.getByRole('button', { name: 'Add signer' }).click()
    await expect(dialog).toBeHidden()
    await this.seeSigner(email)
  }

  /** Asks one of the business's signer groups to sign, by keyboard. */
  async chooseSignerGroup(name: string) {
    await this.page.getByLabel('Signer group', { exact: true }).selectOption({ label: name })
    await this.page.getByRole('button', { name: 'Add group' }).focus()
    await this.page.keyboard.press('Enter')
  }

  /** The signer list names the group, marked as one. */
  async seeSignerGroup(name: string) {
    const row = this.page.getByRole('listitem').filter({ hasText: `Signer group ${name}` })
    await expect(row.getByText('Group', { exact: true })).toBeVisible()
  }

  async seeSigner(email: string) {
    await expect(this.page.getByRole('listitem').filter({ hasText: email })).toBeVisible()
  }

  async writeMessage(text: string) {
    await this.page.getByLabel('Message to the signers (optional)').fill(text)
  }

  /** Tries to leave for the request list through the main navigation. */
  async clickRequestsLink() {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Requests' }).click()
  }

  async seeLeavePageDialog() {
    await expect(this.page.getByRole('alertdialog', { name: 'Leave this page?' })).toBeVisible()
  }

  async clickStay() {
    await this.page.getByRole('button', { name: 'Stay on this page' }).click()
    await expect(this.page.getByRole('alertdialog', { name: 'Leave this page?' })).toBeHidden()
  }

  async clickSend() {
    await this.page.getByRole('button', { name: 'Send', exact: true }).click()
  }
}
