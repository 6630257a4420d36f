import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import type { BusinessSettings } from '../../contract/businesses.ts'
import { BusinessSettingsScreen } from '../../src/features/business/business-settings-screen.tsx'
import { adminAndBusiness, businessId } from './business-fixtures.ts'
import { type ApiHandler, json, noMaintenance, refusal, renderScreen, serveApi } from './render-screen.tsx'

const saved: BusinessSettings = {
  supportContact: { email: 'help@muster.ch', phone: '+41 44 123 45 67' },
  signatureRequests: {
    part11: { enabled: false },
    retention: { enabled: false, terminalState: 'ANY' },
    reminders: { enabled: false, everyDays: 3, atMost: 3 },
    expiry: { enabled: false, days: 30 },
  },
  companyBranding: { logo: null },
  mailService: {
    attachments: {
      signedDocument: { enabled: true, customisable: true },
      signatureProtocol: { enabled: false, customisable: true },
    },
  },
  userPilot: { enabled: true },
  secondFactor: { required: false },
}

// A data URL, as the browser of a component test reaches no server for images.
const storedLogo = {
  url: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="300" height="100"/%3E',
  width: 300,
  height: 100,
}

/**
 * The signed-in admin, their business and its settings (`stored`), which a PUT answers as `answerPut` says;
 * the logo's POST and DELETE answer the settings with the logo stored or gone.
 */
function businessServer(
  answerPut: (sent: BusinessSettings) => Response,
  stored: BusinessSettings = saved,
): ApiHandler {
  return async (call) => {
    const signedIn = adminAndBusiness(call)
    if (signedIn) return signedIn
    const { method, path, request } = call
    if (path === `/v1/businesses/${businessId}/settings/logo`) {
      if (method === 'POST') return json({ ...stored, companyBranding: { logo: storedLogo } })
      if (method === 'DELETE') return json({ ...stored, companyBranding: { logo: null } })
    }
    if (path !== `/v1/businesses/${businessId}/settings`) return undefined
    if (method === 'GET') return json(stored)
    if (method === 'PUT') return answerPut(await request.json())
    return undefined
  }
}

const logoFile = () =>
  new File(['<svg xmlns="http://www.w3.org/2000/svg" width="30" height="10"/>'], 'logo.svg', {
    type: 'image/svg+xml',
  })
const notSaved = () => page.getByRole('status').filter({ hasText: 'Changes not saved yet' })
const logoCalls = (calls: { method: string; path: string }[]) =>
  calls.filter((call) => call.path.endsWith('/settings/logo')).map((call) => call.method)

const supportEmail = () => page.getByRole('textbox', { name: 'Support e-mail' })
const save = () => page.getByRole('button', { name: 'Save settings' })

describe('/business/settings', () => {
  it("shows the business's saved settings, with nothing to save yet", async () => {
    serveApi(
      noMaintenance,
      businessServer(() => refusal(500, 'test.not_expected')),
    )
    await renderScreen('/business/settings', BusinessSettingsScreen, { messages: ['business', 'documents'] })
    await expect.element(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
    await expect.element(supportEmail()).toHaveValue('help@muster.ch')
    await expect.element(page.getByRole('textbox', { name: 'Support phone' })).toHaveValue('+41 44 123 45 67')
    await expect
      .element(page.getByRole('checkbox', { name: 'Attach the signed document to the completion mail' }))
      .toBeChecked()
    await expect
      .element(page.getByText('Off: ended requests are kept until someone deletes them.'))
      .toBeVisible()
    await expect.element(save()).toBeDisabled()
    await expect.element(notSaved()).not.toBeInTheDocument()
  })

  it('says a change is not saved yet until "Save settings" saves it', async () => {
    serveApi(
      noMaintenance,
      businessServer(() => json(saved)),
    )
    await renderScreen('/business/settings', BusinessSettingsScreen, { messages: ['business', 'documents'] })
    await userEvent.click(
      page.getByRole('checkbox', { name: 'Attach the signature report to the completion mail' }),
    )
    await expect.element(notSaved()).toBeVisible()
    await userEvent.click(
      page.getByRole('checkbox', { name: 'Attach the signature report to the completion mail' }),
    )
    await expect.element(notSaved()).not.toBeInTheDocument()
    await userEvent.click(page.getByRole('checkbox', { name: 'Show the in-app guidance to our members' }))
    await userEvent.click(save())
    await expect.element(page.getByText('Settings saved')).toBeVisible()
    await expect.element(notSaved()).not.toBeInTheDocument()
  })

  it('keeps a chosen logo as a preview until "Save settings" stores it with the rest', async () => {
    const puts: BusinessSettings[] = []
    const calls = serveApi(
      noMaintenance,
      businessServer((sent) => {
        puts.push(sent)
        return json({ ...saved, supportContact: { ...saved.supportContact, email: 'support@muster.ch' } })
      }),
    )
    await renderScreen('/business/settings', BusinessSettingsScreen, { messages: ['business', 'documents'] })
    await userEvent.upload(page.getByLabelText('Choose a logo'), logoFile())
    await expect.element(page.getByRole('img', { name: 'Logo of Muster AG' })).toBeVisible()
    await expect.element(notSaved()).toBeVisible()
    expect(logoCalls(calls)).toEqual([])
    await userEvent.fill(supportEmail(), 'support@muster.ch')
    await userEvent.click(save())
    await expect.element(page.getByText('Settings saved')).toBeVisible()
    expect(logoCalls(calls)).toEqual(['POST'])
    expect(puts).toHaveLength(1)
    await expect
      .element(page.getByRole('img', { name: 'Logo of Muster AG' }))
      .toHaveAttribute('src', storedLogo.url)
    await expect.element(notSaved()).not.toBeInTheDocument()
    await expect.element(save()).toBeDisabled()
  })

  it('removes the stored logo only when the settings are saved, and can keep it after all', async () => {
    const calls = serveApi(
      noMaintenance,
      businessServer(() => refusal(500, 'test.not_expected'), {
        ...saved,
        companyBranding: { logo: storedLogo },
      }),
    )
    await renderScreen('/business/settings', BusinessSettingsScreen, { messages: ['business', 'documents'] })
    const logo = page.getByRole('img', { name: 'Logo of Muster AG' })
    await expect.element(logo).toBeVisible()
    await userEvent.click(page.getByRole('button', { name: 'Remove logo' }))
    await expect.element(logo).not.toBeInTheDocument()
    await expect.element(notSaved()).toBeVisible()
    await userEvent.click(page.getByRole('button', { name: 'Keep the saved logo' }))
    await expect.element(logo).toBeVisible()
    await expect.element(save()).toBeDisabled()
    await userEvent.click(page.getByRole('button', { name: 'Remove logo' }))
    await userEvent.click(save())
    await expect.element(page.getByText('Settings saved')).toBeVisible()
    await expect.element(logo).not.toBeInTheDocument()
    expect(logoCalls(calls)).toEqual(['DELETE'])
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([])
  })

  it('refuses an invalid support e-mail without sending it', async () => {
    const calls = serveApi(
      noMaintenance,
      businessServer(() => refusal(500, 'test.not_expected')),
    )
    await renderScreen('/business/settings', BusinessSettingsScreen, { messages: ['business', 'documents'] })
    await userEvent.fill(supportEmail(), 'help-at-muster')
    await userEvent.click(save())
    await expect.element(page.getByText('Please enter a valid e-mail address.')).toBeVisible()
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([])
  })

  it('saves the changed settings and says so', async () => {
    const puts: BusinessSettings[] = []
    serveApi(
      noMaintenance,
      businessServer((sent) => {
        puts.push(sent)
        return json({ ...saved, supportContact: { ...saved.supportContact, email: 'support@muster.ch' } })
      }),
    )
    await renderScreen('/business/settings', BusinessSettingsScreen, { messages: ['business', 'documents'] })
    await userEvent.fill(supportEmail(), 'support@muster.ch')
    await userEvent.click(save())
    await expect.element(page.getByText('Settings saved')).toBeVisible()
    expect(puts).toHaveLength(1)
    expect(puts[0]).toMatchObject({ support_contact: { email: 'support@muster.ch' } })
    await expect.element(save()).toBeDisabled()
  })

  it('turns on automatic reminders with their numbers and saves them', async () => {
    const puts: BusinessSettings[] = []
    serveApi(
      noMaintenance,
      businessServer((sent) => {
        puts.push(sent)
        return json(saved)
      }),
    )
    await renderScreen('/business/settings', BusinessSettingsScreen, { messages: ['business', 'documents'] })
    const everyDays = page.getByRole('spinbutton', { name: 'Remind every (days)' })
    await expect.element(everyDays).not.toBeInTheDocument()
    await userEvent.click(page.getByRole('checkbox', { name: 'Remind signers automatically' }))
    await expect.element(page.getByRole('spinbutton', { name: 'At most (times)' })).toHaveValue(3)
    await userEvent.fill(everyDays, '5')
    await userEvent.click(save())
    await expect.element(page.getByText('Settings saved')).toBeVisible()
    expect(puts).toHaveLength(1)
    expect(puts[0]).toMatchObject({
      signature_requests: { reminders: { enabled: true, every_days: 5, at_most: 3 } },
    })
  })

  it("shows the server's refusal of a field under that field", async () => {
    serveApi(
      noMaintenance,
      businessServer(() => refusal(400, 'validation.invalid', 'support_contact.phone')),
    )
    await renderScreen('/business/settings', BusinessSettingsScreen, { messages: ['business', 'documents'] })
    await userEvent.fill(page.getByRole('textbox', { name: 'Support phone' }), '+41 44 000 00 00')
    await userEvent.click(save())
    await expect
      .element(page.getByRole('textbox', { name: 'Support phone' }))
      .toHaveAttribute('aria-invalid', 'true')
    await expect.element(save()).toBeEnabled()
  })
})
