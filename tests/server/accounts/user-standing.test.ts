import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sealPaths } from '../../../contract/seals.ts'
import { changeSettings, join, openBusiness } from '../businesses/business-client.ts'
import { identifyQualified } from '../identification/identify-qualified.ts'
import { putSeal, sealCall, userId } from '../seals/seal-client.ts'
import { type SigningClient, startSigningClient } from '../signing/signing-client.ts'
import { featureDrivers } from '../test-database.ts'

const secret = 'identification-sandbox-secret-of-the-tests-0123456789'

/** GET /v1/user's retention, disabledQualities and signatureQualities (SPEC §3). */
describe.each(featureDrivers)('what GET /v1/user says of the user on %s', (driver) => {
  let api: SigningClient

  beforeAll(async () => {
    api = await startSigningClient(driver, { identificationSandboxSecret: secret })
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  const standing = async (token: string) => {
    const { retention, disabledQualities, signatureQualities } = await api.readUser(token)
    return { retention, disabledQualities, signatureQualities }
  }

  it('says a new user holds the simple signature only and has no retention', async () => {
    const token = await api.signUp('newcomer@example.com')
    expect(await standing(token)).toEqual({
      retention: null,
      disabledQualities: ['aes', 'qes'],
      signatureQualities: { ses: { any: { quality: 'ses' } } },
    })
  })

  it('says what identification unlocked, the qualified one under its legislation', async () => {
    const token = await api.signUp('identified@example.com')
    await identifyQualified(api, token)
    expect(await standing(token)).toEqual({
      retention: null,
      disabledQualities: [],
      // Outside production the demo CA makes qualified signatures (SPEC §4 highest quality: demo).
      signatureQualities: {
        ses: { any: { quality: 'ses' } },
        aes: { any: { quality: 'aes' } },
        qes: { zertes: { quality: 'demo' } },
      },
    })
  })

  it("carries the business's retention setting to its members and their seals' qualities", async () => {
    const admin = await api.signUp('admin@keep.example')
    const member = await api.signUp('member@keep.example')
    const businessId = await openBusiness(api, admin, 'Keep AG')
    await join(api, admin, businessId, 'member@keep.example', member)
    expect((await standing(member)).retention).toEqual({ enabled: false, terminalState: 'ANY' })

    await changeSettings(api, admin, businessId, (settings) => ({
      ...settings,
      signatureRequests: {
        ...settings.signatureRequests,
        retention: { enabled: true, terminalState: 'SIGNED' },
      },
    }))
    expect((await standing(member)).retention).toEqual({ enabled: true, terminalState: 'SIGNED' })

    await putSeal(api, admin, businessId, 'keep-seal', 'Keep Seal')
    expect((await standing(member)).signatureQualities.seal).toBeUndefined()
    await sealCall(api, 'POST', sealPaths.sealMembers(businessId, 'keep-seal'), admin, {
      members: [await userId(api, member)],
    })
    const withSeal = await standing(member)
    expect(withSeal.signatureQualities).toEqual({
      ses: { any: { quality: 'ses' } },
      seal: { aes: { quality: 'aes' } },
    })
    // A seal does not lift the person's own qualities.
    expect(withSeal.disabledQualities).toEqual(['aes', 'qes'])
    expect((await standing(admin)).signatureQualities.seal).toBeUndefined()
  })
})
