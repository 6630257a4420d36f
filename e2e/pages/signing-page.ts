import { type APIRequestContext, expect, type Locator } from '@playwright/test'
import { AppPage } from './app-page.ts'
import { DocumentViewerPart } from './document-viewer-part.ts'

interface Listed {
  id: string
  to: string
  subject: string
}

/** How many TAN mails went to `email` so far. */
/** The subjects of the TAN mails sent to `email` so far, oldest first. */
export async function tanMailSubjects(request: APIRequestContext, email: string): Promise<string[]> {
  return (await mailsTo(request, email)).filter((m) => /TAN/.test(m.subject)).map((m) => m.subject)
}

async function mailsTo(request: APIRequestContext, email: string) {
  const list = (await (await request.get('/api/dev/outbox')).json()) as { mails: Listed[] }
  return list.mails.filter((m) => m.to.includes(email))
}

/**
 * The direct link (path and query) mailed to an outside signer of request `requestId`:
 * `/view/{request id}/{signature id}?token=`. Waits for the mail.
 */
export async function mailedDirectLink(
  request: APIRequestContext,
  email: string,
  requestId: string,
): Promise<URL> {
  let found: URL | undefined
  await expect
    .poll(
      async () => {
        for (const listed of await mailsTo(request, email)) {
          const mail = (await (await request.get(`/api/dev/outbox/${listed.id}`)).json()) as {
            links: string[]
          }
          found = mail.links
            .map((link) => new URL(link))
            .find((url) => url.pathname.startsWith(`/view/${requestId}/`) && url.searchParams.has('token'))
          if (found) return true
        }
        return false
      },
      { timeout: 10_000 },
    )
    .toBe(true)
  return found ?? new URL('http://invalid')
}

/**
 * The TAN of the newest TAN mail to `email` that is not one of `seen`, or the code of another mail whose subject
 * matches `subject` (a public template's code). Waits for the mail.
 */
export async function mailedTan(
  request: APIRequestContext,
  email: string,
  seen: string[] = [],
  subject = /TAN/,
): Promise<string> {
  let tan: string | undefined
  await expect
    .poll(
      async () => {
        // The subject names the TAN mail but never holds the TAN; the text does.
        for (const listed of (await mailsTo(request, email)).filter((m) => subject.test(m.subject))) {
          const mail = (await (await request.get(`/api/dev/outbox/${listed.id}`)).json()) as { text: string }
          const code = /\b(\d{6})\b/.exec(mail.text)?.[1]
          if (code !== undefined && !seen.includes(code)) {
            expect(listed.subject).not.toContain(code)
            tan = code
            return code
          }
        }
        return undefined
      },
      { timeout: 10_000 },
    )
    .toBeDefined()
  return tan ?? ''
}

/** The 6-digit password of the newest SMS to `mobile` not among `seen` (outbox ids), read from the dev outbox. */
export async function smsPassword(
  request: APIRequestContext,
  mobile: string,
  seen: Set<string>,
): Promise<string> {
  const to = `${mobile.replace(/\D/g, '')}@sms.invalid`
  let password = ''
  await expect
    .poll(
      async () => {
        const list = (await (await request.get('/api/dev/outbox')).json()) as { mails: Listed[] }
        const sms = list.mails.find((mail) => mail.to.includes(to) && !seen.has(mail.id))
        if (sms === undefined) return ''
        const text = ((await (await request.get(`/api/dev/outbox/${sms.id}`)).json()) as { text: string })
          .text
        password = /\b(\d{6})\b/.exec(text)?.[1] ?? ''
        return password
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/)
  return password
}

/** The ids of every mail in the dev outbox now: what a later {@link smsPassword} is not to read. */
export async function outboxIds(request: APIRequestContext): Promise<Set<string>> {
  const list = (await (await request.get('/api/dev/outbox')).json()) as { mails: Listed[] }
  return new Set(list.mails.map((mail) => mail.id))
}

/** Signing as a user sees it: the sign button, the dialogs before signing and the signing overlays. */
export class SigningPage extends AppPage {
  readonly viewer = new DocumentViewerPart(this.page)

  private overlay(): Locator {
    return this.page.locator('[data-overlay]')
  }

  /** The signer's fields besides the signature, listed under "Your fields". */
  private formFields(): Locator {
    return this.page.getByRole('region', { name: 'Your fields' })
  }

  /** Types into the field labelled `label` (such as "Text, page 1"): text, initials or a date (YYYY-MM-DD). */
  async fillField(label: string, value: string) {
    await this.formFields().getByLabel(label, { exact: true }).fill(value)
  }

  async tickField(label: string) {
    await this.formFields().getByLabel(label, { exact: true }).check()
  }

  async seeFieldShowing(label: string, value: string) {
    await expect(this.formFields().getByText(label, { exact: true }).locator('..')).toContainText(value)
  }

  /** A value the sign call refused is said at its field. */
  async seeFieldError(label: string, message: string | RegExp) {
    const field = this.formFields().getByLabel(label, { exact: true })
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(this.formFields()).toContainText(message)
  }

  async seeSignEnabled(enabled: boolean) {
    const sign = this.page.getByRole('main').getByRole('button', { name: 'Sign', exact: true })
    await (enabled ? expect(sign).toBeEnabled() : expect(sign).toBeDisabled())
  }

  async clickSign() {
    await this.page.getByRole('main').getByRole('button', { name: 'Sign', exact: true }).click()
  }

  async agreeToTerms() {
    const dialog = this.page.getByRole('dialog', { name: 'Terms of use for signing' })
    await dialog.getByRole('button', { name: 'Agree and continue' }).click()
    await expect(dialog).toBeHidden()
  }

  /** The visual signature data dialog: sees the suggested name, optionally types another, goes on. */
  async confirmSignatureName(suggested: string, name?: string) {
    // Exact: the Part 11 overlay that may follow is "Confirm your signature".
    const dialog = this.page.getByRole('dialog', { name: 'Your signature', exact: true })
    const field = dialog.getByLabel('Name on your signature')
    await expect(field).toHaveValue(suggested)
    if (name !== undefined) await field.fill(name)
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await expect(dialog).toBeHidden()
  }

  async seeTanEntry() {
    await expect(this.page.getByRole('dialog', { name: 'Enter your TAN' })).toBeVisible()
  }

  /** Types the TAN and confirms with the keyboard (Enter submits the dialog's form). */
  async enterTan(tan: string) {
    const dialog = this.page.getByRole('dialog', { name: 'Enter your TAN' })
    await dialog.getByLabel('TAN from the e-mail').fill(tan)
    await dialog.getByLabel('TAN from the e-mail').press('Enter')
  }

  /** After the TAN invalid overlay, a wrong TAN is said at its field in the TAN entry. */
  async seeTanError(message: string | RegExp) {
    const field = this.page.getByRole('dialog', { name: 'Enter your TAN' }).getByLabel('TAN from the e-mail')
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleErrorMessage(message)
  }

  /** The button for a new TAN waits a minute after each mail, and says for how long. */
  async seeResendWaiting() {
    const dialog = this.page.getByRole('dialog', { name: 'Enter your TAN' })
    await expect(dialog.getByRole('button', { name: /^Send a new TAN in \d+ s$/ })).toBeDisabled()
  }

  async seeOverlay(heading: string | RegExp) {
    await expect(this.overlay().getByRole('heading', { name: heading })).toBeVisible({ timeout: 15_000 })
    // Nothing of the dialogs before it (terms, name, TAN) is left on top of it.
    await expect(this.page.locator('[data-scope="dialog"][data-state="closed"]')).toHaveCount(0)
  }

  /** What the open overlay says under its heading. */
  async seeOverlayText(text: string | RegExp) {
    await expect(this.overlay().getByText(text)).toBeVisible()
  }

  /** The member chooses in the sign action to seal with one of their business's seals, and presses Seal. */
  async sealAs(label: string) {
    await this.page.getByLabel('Sign as').selectOption({ label: `Seal: ${label}` })
    await this.page.getByRole('main').getByRole('button', { name: 'Seal', exact: true }).click()
  }

  async clickOverlayButton(name: string) {
    await this.overlay().getByRole('button', { name }).click()
  }

  async seeNoOverlay() {
    await expect(this.overlay()).toHaveCount(0)
  }

  async seeCountdown() {
    await expect(this.page.getByText(/You will be taken back in \d+ seconds?\./).first()).toBeVisible()
  }

  async seeNote(text: string | RegExp) {
    await expect(this.page.getByRole('main').getByRole('status').filter({ hasText: text })).toBeVisible()
  }

  async seeLinkInvalid() {
    await this.seeHeading('This link is not valid')
  }

  async decline(message: string) {
    await this.page.getByRole('main').getByRole('button', { name: 'Decline', exact: true }).click()
    const dialog = this.page.getByRole('alertdialog', { name: 'Decline this signing request?' })
    await dialog.getByLabel('Why do you decline? (optional)').fill(message)
    await dialog.getByRole('button', { name: 'Decline request' }).click()
    await expect(dialog).toBeHidden()
  }
}
