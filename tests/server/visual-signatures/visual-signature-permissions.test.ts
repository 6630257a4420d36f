import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { visualSignaturePaths as paths } from '../../../contract/visual-signatures.ts'
import { type AccountsClient, startAccountsClient } from '../accounts/accounts-client.ts'
import { changeSettings, openBusiness } from '../businesses/business-client.ts'
import { featureDrivers } from '../test-database.ts'
import { createSignature, pixels } from './visual-signature-client.ts'

const free = { canUpdate: true, defaultValue: true }
const fixedOn = { canUpdate: false, defaultValue: true }

describe.each(featureDrivers)('visual signature permissions on %s', (driver) => {
  let api: AccountsClient

  beforeAll(async () => {
    api = await startAccountsClient(driver)
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  it('lets a user without a business choose every line, all shown at first', async () => {
    const token = await api.signUp('free@example.com')
    expect((await api.readUser(token)).permissions).toEqual({
      visualSignatures: { claim: free, date: free, std: free },
    })
    const saved = await createSignature(api, token, {
      name: 'Free Person',
      displayDate: false,
      displayClaim: false,
      displayStandards: false,
    })
    expect(saved).toMatchObject({ displayDate: false, displayClaim: false, displayStandards: false })
  })

  it('keeps the date and the claim shown for a business that signs under Part 11, whatever is sent', async () => {
    const admin = await api.signUp('qa@pharma.example')
    const businessId = await openBusiness(api, admin, 'Pharma AG')
    expect((await api.readUser(admin)).permissions.visualSignatures.date).toEqual(free)
    const sent = { name: 'Q. A.', displayDate: false, displayClaim: false, displayStandards: false }
    const before = await createSignature(api, admin, sent)
    expect(before).toMatchObject({ displayDate: false, displayClaim: false })

    await changeSettings(api, admin, businessId, (settings) => ({
      ...settings,
      signatureRequests: { ...settings.signatureRequests, part11: { enabled: true } },
    }))
    expect((await api.readUser(admin)).permissions).toEqual({
      visualSignatures: { claim: fixedOn, date: fixedOn, std: free },
    })
    const created = await createSignature(api, admin, sent)
    expect(created).toMatchObject({ displayDate: true, displayClaim: true, displayStandards: false })
    const updated = await api.call('PUT', paths.visualSignature(before.id ?? ''), {
      token: admin,
      body: sent,
    })
    expect(updated.status).toBe(200)
    expect(await updated.json()).toMatchObject({
      display_date: true,
      display_claim: true,
      display_standards: false,
    })
  })

  it('previews the QR code only when asked to', async () => {
    const token = await api.signUp('qr@example.com')
    const preview = async (qr: boolean) => {
      const response = await api.call('GET', paths.preview({ name: 'Q R', qr }), { token })
      expect(response.status).toBe(200)
      return pixels(new Uint8Array(await response.arrayBuffer()))
    }
    const black = ({ data }: { data: Buffer }) => {
      let count = 0
      for (let at = 0; at < data.length; at += 4) {
        if (data[at] === 0 && data[at + 1] === 0 && data[at + 2] === 0 && data[at + 3] === 255) count++
      }
      return count
    }
    expect(black(await preview(false))).toBe(0)
    expect(black(await preview(true))).toBeGreaterThan(200)
  })
})
