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
}

/** The signed-in admin, their business and its settings, which a PUT answers as `answerPut` says. */
function businessServer(answerPut: (sent: BusinessSettings) => Response): ApiHandler {
  return async (call) => {
    const signedIn = adminAndBusiness(call)
    if (signedIn) return signedIn
    const { method, path, request } = call
    if (path !== `/v1/businesses/${businessId}/settings`) return undefined
    if (method === 'GET') return json(saved)
    if (method === 'PUT') return answerPut(await request.json())
    return undefined
  }
}

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
