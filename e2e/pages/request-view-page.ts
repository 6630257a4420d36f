import { readFile } from 'node:fs/promises'
import { expect, type Locator } from '@playwright/test'
import { AppPage } from './app-page.ts'
import { DocumentViewerPart } from './document-viewer-part.ts'

/** /view/{srid}: one request, its signers, history and the actions its state allows. */
export class RequestViewPage extends AppPage {
  readonly viewer = new DocumentViewerPart(this.page)

  async seeRequest(title: string, status: string) {
    await this.seeHeading(title)
    await expect(this.page.getByRole('main').getByText(status, { exact: true }).first()).toBeVisible()
  }

  /** The viewer's own signature field, named by who signs there (`label`: their name or address). */
  ownField(label: string): Locator {
    return this.page.getByRole('button', {
      name: new RegExp(`^Your signature, ${label.replace(/[.]/g, '\\.')}`),
    })
  }

  /** The bytes of the picture in the viewer's own field (their visual signature), once it has loaded. */
  async readOwnFieldImage(label: string): Promise<string> {
    return this.readImage(this.ownField(label).locator('img'))
  }

  async seeSigner(email: string, status: string) {
    const signers = this.page.getByRole('region', { name: 'Signers' })
    await expect(signers.getByRole('listitem').filter({ hasText: email })).toContainText(status)
  }

  /** Moves the request's expiry to the end of `day` (YYYY-MM-DD) in the expiry card. */
  async chooseExpiry(day: string) {
    const card = this.page.getByRole('region', { name: 'Expiry and reminders' })
    await card.getByLabel('Expires at the end of').fill(day)
    await card.getByRole('button', { name: 'Save expiry and reminders' }).click()
  }

  /** Turns the request's automatic reminders on, every `everyDays` days, and saves them in the expiry card. */
  async chooseReminders(everyDays: number) {
    const card = this.page.getByRole('region', { name: 'Expiry and reminders' })
    await card.getByRole('checkbox', { name: 'Remind signers automatically' }).check()
    await card.getByRole('spinbutton', { name: 'Remind every (days)' }).fill(String(everyDays))
    await card.getByRole('button', { name: 'Save expiry and reminders' }).click()
  }

  async seeExpiry(text: string | RegExp) {
    await expect(this.page.getByTestId('request-expiry')).toHaveText(text)
  }

  async seeHistoryEntry(text: string) {
    await expect(this.page.getByRole('region', { name: 'History' }).getByText(text).first()).toBeVisible()
  }

  async clickRemind() {
    await this.page.getByRole('button', { name: 'Remind signers' }).click()
  }

  async seeNotice(text: string | RegExp) {
    await expect(this.page.getByRole('main').getByRole('status').filter({ hasText: text })).toBeVisible()
  }

  async seeError(text: string | RegExp) {
    await expect(this.page.getByRole('main').getByRole('alert').filter({ hasText: text })).toBeVisible()
  }

  async clickWithdraw() {
    await this.chooseAction('Withdraw')
  }

  /**
   * Runs an action of the request: the primary button when it is the one shown, else the entry of the
   * "More actions" menu.
   */
  async chooseAction(name: string) {
    const primary = this.page.getByRole('main').getByRole('button', { name, exact: true })
    if ((await primary.count()) > 0) {
      await primary.click()
      return
    }
    await this.page.getByRole('button', { name: 'More actions' }).click()
    await this.page.getByRole('menuitem', { name, exact: true }).click()
  }

  async confirmWithdraw(message: string) {
    const dialog = this.page.getByRole('alertdialog', { name: 'Withdraw this request?' })
    await dialog.getByLabel('Message to the signers (optional)').fill(message)
    await dialog.getByRole('button', { name: 'Withdraw request' }).click()
    await expect(dialog).toBeHidden()
  }

  async addSigner(email: string) {
    await this.page.getByRole('button', { name: 'Add signer' }).click()
    const dialog = this.page.getByRole('dialog', { name: 'Add a signer' })
    await dialog.getByLabel('E-mail address').fill(email)
    await dialog.getByRole('button', { name: 'Add signer' }).click()
    await expect(dialog).toBeHidden()
  }

  async removeSigner(email: string) {
    await this.page.getByRole('button', { name: `Remove ${email}` }).click()
    const dialog = this.page.getByRole('alertdialog', { name: 'Remove this signer?' })
    await dialog.getByRole('button', { name: 'Remove signer' }).click()
    await expect(dialog).toBeHidden()
  }

  async seeNoSigner(email: string) {
    const signers = this.page.getByRole('region', { name: 'Signers' })
    await expect(signers.getByRole('listitem').filter({ hasText: email })).toHaveCount(0)
  }

  async attach(file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.page.getByLabel('Add attachment').setInputFiles(file)
    await expect(
      this.page
        .getByRole('region', { name: 'Attachments' })
        .getByRole('button', { name: file.name, exact: true }),
    ).toBeVisible()
  }

  /** Clicks an action that downloads a file and answers the file's name. */
  async download(action: string): Promise<string> {
    const download = this.page.waitForEvent('download')
    await this.chooseAction(action)
    return (await download).suggestedFilename()
  }

  /** Clicks an action that downloads a file and answers the file's bytes. */
  async downloadBytes(action: string): Promise<Uint8Array> {
    const download = this.page.waitForEvent('download')
    await this.chooseAction(action)
    const path = await (await download).path()
    return new Uint8Array(await readFile(path))
  }

  /** The lines of the History region's entries that contain `text`. */
  async historyLines(text: string): Promise<string[]> {
    const entries = this.page
      .getByRole('region', { name: 'History' })
      .getByRole('listitem')
      .filter({ hasText: text })
    const lines = await entries.locator(':scope > span').allInnerTexts()
    return lines.map((line) => line.trim())
  }

  async decline(reason: string) {
    await this.chooseAction('Decline')
    const dialog = this.page.getByRole('alertdialog', { name: 'Decline this signing request?' })
    await dialog.getByLabel('Why do you decline? (optional)').fill(reason)
    await dialog.getByRole('button', { name: 'Decline request' }).click()
    await expect(dialog).toBeHidden()
  }

  async delegate(email: string, message: string) {
    await this.chooseAction('Delegate')
    const dialog = this.page.getByRole('dialog', { name: 'Delegate signing' })
    await dialog.getByLabel('E-mail address').fill(email)
    await dialog.getByLabel('Message (optional)').fill(message)
    await dialog.getByRole('button', { name: 'Delegate' }).click()
    await expect(dialog).toBeHidden()
  }

  async deleteDocument(title: string) {
    await this.page.getByRole('button', { name: `Delete ${title}` }).click()
    const dialog = this.page.getByRole('alertdialog', { name: 'Delete these documents?' })
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(dialog).toBeHidden()
  }

  async seeDocument(title: string, visible = true) {
    const documents = this.page.getByRole('region', { name: 'Documents' }).getByRole('listitem')
    await expect(documents.filter({ hasText: title })).toHaveCount(visible ? 1 : 0)
  }

  async deleteRequest() {
    await this.chooseAction('Delete')
    const dialog = this.page.getByRole('alertdialog', { name: 'Delete this request?' })
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(dialog).toBeHidden()
  }

  /** The action is neither the primary button nor in the menu. */
  async seeNoAction(name: string) {
    await expect(this.page.getByRole('main').getByRole('button', { name, exact: true })).toHaveCount(0)
    await this.page.getByRole('button', { name: 'More actions' }).click()
    await expect(this.page.getByRole('menu')).toBeVisible()
    await expect(this.page.getByRole('menuitem', { name, exact: true })).toHaveCount(0)
    await this.page.keyboard.press('Escape')
    await expect(this.page.getByRole('menu')).toHaveCount(0)
  }

  /** While a dialog is open the page behind it does not scroll (SPEC §2). */
  async seeBodyScrollLocked() {
    await expect(this.page.locator('body')).toHaveAttribute('data-scroll-locked', /\d/)
  }
}
