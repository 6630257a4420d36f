import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiUserKeySchema, apiUserPaths } from '../../../contract/api-users.ts'
import { billingPaths, setupIntentSchema } from '../../../contract/billing.ts'
import { sealDetailSchema, sealPaths, sealsSchema } from '../../../contract/seals.ts'
import { goodPassword, readJson } from '../accounts/accounts-client.ts'
import { join, openBusiness } from '../businesses/business-client.ts'
import { ocspStatus } from '../pki/ocsp-status.ts'
import { removeTemporaryDirectories } from '../signing/pdf-tools.ts'
import { type SigningClient, startSigningClient } from '../signing/signing-client.ts'
import { featureDrivers } from '../test-database.ts'
import { putSeal, sealCall, stampImage, uploadImage, userId } from './seal-client.ts'

describe.each(featureDrivers)('seals on %s', (driver) => {
  let api: SigningClient
  let admin: string
  let member: string
  let outsider: string
  let businessId: string
  let otherBusinessId: string

  const listSeals = async (token: string, id = businessId) =>
    v.parse(sealsSchema, await readJson(await api.call('GET', sealPaths.seals(id), { token }))).seals

  beforeAll(async () => {
    api = await startSigningClient(driver)
    admin = await api.signUp('admin@acme.example')
    member = await api.signUp('member@acme.example')
    outsider = await api.signUp('admin@other.example')
    businessId = await openBusiness(api, admin, 'Acme AG')
    await join(api, admin, businessId, 'member@acme.example', member)
    otherBusinessId = await openBusiness(api, outsider, 'Other GmbH')
  })

  afterAll(async () => {
    await api?.server.stop()
    removeTemporaryDirectories()
  })

  it('creates a seal with an organisation certificate, lists it, and changes its label', async () => {
    const created = await putSeal(api, admin, businessId, 'acme-official', 'Acme Official Seal')
    expect(created).toMatchObject({
      name: 'acme-official',
      label: 'Acme Official Seal',
      quality: 'aes',
      image: null,
      nApi: 0,
      nMembers: 0,
      members: [],
      certificate: {
        subject:
          'CN=Acme Official Seal, organizationIdentifier=VATCH-CHE123456789, OU=DEMO certificate - not for legal use, O=Acme AG, C=CH',
        organization: 'Acme AG',
        issuer: 'Signet Issuing CA',
        demo: true,
      },
    })
    expect(created.candidates.map((c) => [c.kind, c.email])).toEqual([
      ['person', 'admin@acme.example'],
      ['person', 'member@acme.example'],
    ])
    const validFor = Date.parse(created.certificate.validUntil) - Date.parse(created.certificate.validFrom)
    expect(validFor).toBeGreaterThan(700 * 24 * 3600 * 1000)
    expect(await listSeals(admin)).toEqual([
      {
        name: 'acme-official',
        label: 'Acme Official Seal',
        quality: 'aes',
        image: null,
        nApi: 0,
        nMembers: 0,
      },
    ])
    expect(await sealCall(api, 'GET', sealPaths.seal(businessId, 'acme-official'), admin)).toEqual(created)

    // The same label again changes nothing; a new one is a new certificate naming it.
    const same = await putSeal(api, admin, businessId, 'acme-official', 'Acme Official Seal', 200)
    expect(same.certificate.serialNumber).toBe(created.certificate.serialNumber)
    const renamed = await putSeal(api, admin, businessId, 'acme-official', 'Acme Legal', 200)
    expect(renamed.label).toBe('Acme Legal')
    expect(renamed.certificate.subject).toMatch(/^CN=Acme Legal, /)
    expect(renamed.certificate.serialNumber).not.toBe(created.certificate.serialNumber)
    expect((await listSeals(admin)).map((s) => s.label)).toEqual(['Acme Legal'])
    // The certificate of the old label is retired with its key: the CA says so.
    expect(await ocspStatus(api.server.url, created.certificate.serialNumber)).toEqual({
      status: 'revoked',
      reason: 'superseded',
    })
    expect(await ocspStatus(api.server.url, renamed.certificate.serialNumber)).toEqual({ status: 'good' })
  })

  it('refuses bad account names and labels, and a name another business has', async () => {
    for (const name of ['ab', 'Acme', 'acme_seal', 'x'.repeat(41), 'acme seal']) {
      await api.expectError(
        await api.call('PUT', sealPaths.seal(businessId, name), { token: admin, body: { label: 'Seal' } }),
        400,
        'request.invalid',
        'name',
      )
    }
    for (const label of ['', '   ', 'x'.repeat(121)]) {
      await api.expectError(
        await api.call('PUT', sealPaths.seal(businessId, 'acme-labels'), { token: admin, body: { label } }),
        400,
        'request.invalid',
        'label',
      )
    }
    await putSeal(api, admin, businessId, 'acme-taken', 'Taken')
    await api.expectError(
      await api.call('PUT', sealPaths.seal(otherBusinessId, 'acme-taken'), {
        token: outsider,
        body: { label: 'Mine now' },
      }),
      409,
      'seal.name_taken',
      'name',
    )
    // Another business's seal looks unknown, and is unchanged.
    await api.expectError(
      await api.call('GET', sealPaths.seal(otherBusinessId, 'acme-taken'), { token: outsider }),
      404,
      'seal.not_found',
    )
    await api.expectError(
      await api.call('GET', sealPaths.seal(businessId, 'no-such-seal'), { token: admin }),
      404,
      'seal.not_found',
    )
    expect((await listSeals(outsider, otherBusinessId)).length).toBe(0)
    expect((await sealCall(api, 'GET', sealPaths.seal(businessId, 'acme-taken'), admin)).label).toBe('Taken')
  })

  it('refuses every seal call to members, other businesses and signed-out callers', async () => {
    await putSeal(api, admin, businessId, 'acme-guarded', 'Guarded')
    const png = await stampImage('png')
    const memberId = await userId(api, member)
    const calls: { method: string; path: string; body?: unknown }[] = [
      { method: 'GET', path: sealPaths.seal(businessId, 'acme-guarded') },
      { method: 'PUT', path: sealPaths.seal(businessId, 'acme-guarded'), body: { label: 'Hijacked' } },
      { method: 'PUT', path: sealPaths.seal(businessId, 'acme-new'), body: { label: 'New' } },
      { method: 'GET', path: sealPaths.sealImage(businessId, 'acme-guarded') },
      { method: 'DELETE', path: sealPaths.sealImage(businessId, 'acme-guarded') },
      {
        method: 'POST',
        path: sealPaths.sealMembers(businessId, 'acme-guarded'),
        body: { members: [memberId] },
      },
      {
        method: 'DELETE',
        path: sealPaths.sealMembers(businessId, 'acme-guarded'),
        body: { members: [memberId] },
      },
    ]
    for (const call of calls) {
      const as = (token?: string) => api.call(call.method, call.path, { token, body: call.body })
      await api.expectError(await as(member), 403, 'business.not_allowed')
      await api.expectError(await as(outsider), 404, 'business.not_found')
      await api.expectError(await as(undefined), 401, 'auth.unauthenticated')
    }
    await api.expectError(
      await uploadImage(api, member, businessId, 'acme-guarded', png),
      403,
      'business.not_allowed',
    )
    await api.expectError(
      await uploadImage(api, outsider, businessId, 'acme-guarded', png),
      404,
      'business.not_found',
    )
    await api.expectError(
      await uploadImage(api, undefined, businessId, 'acme-guarded', png),
      401,
      'auth.unauthenticated',
    )
    await api.expectError(
      await api.call('GET', sealPaths.seals(businessId), { token: outsider }),
      404,
      'business.not_found',
    )
    await api.expectError(await api.call('GET', sealPaths.seals(businessId)), 401, 'auth.unauthenticated')
    // Nothing changed: no new seal, the label kept, nobody allowed.
    const guarded = await sealCall(api, 'GET', sealPaths.seal(businessId, 'acme-guarded'), admin)
    expect([guarded.label, guarded.members, guarded.image]).toEqual(['Guarded', [], null])
    expect((await listSeals(admin)).some((s) => s.name === 'acme-new')).toBe(false)
  })

  it('stores a PNG or JPEG image drawn anew, and refuses other files', async () => {
    await putSeal(api, admin, businessId, 'acme-image', 'With image')
    const path = sealPaths.sealImage(businessId, 'acme-image')
    const withPng = v.parse(
      sealDetailSchema,
      await readJson(await uploadImage(api, admin, businessId, 'acme-image', await stampImage('png', 900))),
    )
    expect(withPng.image?.type).toBe('image/png')
    const stored = await fetch(`${api.server.url}/api${path}`, {
      headers: { authorization: `Bearer ${admin}` },
    })
    expect(stored.status).toBe(200)
    expect(stored.headers.get('content-type')).toBe('image/png')
    const bytes = Buffer.from(await stored.arrayBuffer())
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
    // Drawn anew within 600 by 600 pixels.
    expect(bytes.readUInt32BE(16)).toBe(600)

    const withJpeg = v.parse(
      sealDetailSchema,
      await readJson(
        await uploadImage(api, admin, businessId, 'acme-image', await stampImage('jpeg'), 'a.jpg'),
      ),
    )
    expect(withJpeg.image?.type).toBe('image/jpeg')
    expect(withJpeg.image?.version).not.toBe(withPng.image?.version)

    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')
    await api.expectError(
      await uploadImage(api, admin, businessId, 'acme-image', gif, 'a.png'),
      415,
      'seal.image_invalid',
      'file',
    )
    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64, 7),
    ])
    await api.expectError(
      await uploadImage(api, admin, businessId, 'acme-image', broken),
      422,
      'seal.image_invalid',
      'file',
    )
    const huge = Buffer.concat([await stampImage('png'), Buffer.alloc(1024 * 1024)])
    await api.expectError(
      await uploadImage(api, admin, businessId, 'acme-image', huge),
      413,
      'seal.image_invalid',
      'file',
    )
    // The refused files left the JPEG in place.
    expect((await sealCall(api, 'GET', sealPaths.seal(businessId, 'acme-image'), admin)).image).toEqual(
      withJpeg.image,
    )

    const removed = await sealCall(api, 'DELETE', path, admin)
    expect(removed.image).toBeNull()
    await api.expectError(await api.call('GET', path, { token: admin }), 404, 'seal.image_not_found')
  })

  it('allows people and API users of the business, and refuses anyone else', async () => {
    await putSeal(api, admin, businessId, 'acme-members', 'Members')
    const path = sealPaths.sealMembers(businessId, 'acme-members')
    const memberId = await userId(api, member)
    const outsiderId = await userId(api, outsider)
    const key = v.parse(
      apiUserKeySchema,
      await readJson(
        await api.call('POST', apiUserPaths.apiUsers(businessId), {
          token: admin,
          body: { username: 'erp-sealer' },
        }),
        201,
      ),
    )
    expect(key.apiUser.username).toBe('erp-sealer')
    const before = await sealCall(api, 'GET', sealPaths.seal(businessId, 'acme-members'), admin)
    const machine = before.candidates.find((c) => c.kind === 'api')
    expect(machine).toMatchObject({ name: 'erp-sealer', email: null })

    const allowed = await sealCall(api, 'POST', path, admin, { members: [memberId, machine?.id] })
    expect(allowed.members.map((m) => [m.kind, m.name, m.email])).toEqual([
      ['person', 'Ada Lovelace', 'member@acme.example'],
      ['api', 'erp-sealer', null],
    ])
    expect([allowed.nMembers, allowed.nApi]).toEqual([1, 1])
    expect(allowed.candidates.map((c) => c.email)).toEqual(['admin@acme.example'])
    // Allowed twice is allowed once.
    expect((await sealCall(api, 'POST', path, admin, { members: [memberId] })).members).toHaveLength(2)

    // Someone of another business, or no account at all, is named and nothing changes.
    const adminId = await userId(api, admin)
    await api.expectError(
      await api.call('POST', path, { token: admin, body: { members: [adminId, outsiderId] } }),
      422,
      'seal.member_invalid',
      'members.1',
    )
    await api.expectError(
      await api.call('POST', path, {
        token: admin,
        body: { members: ['00000000-0000-4000-8000-000000000000'] },
      }),
      422,
      'seal.member_invalid',
      'members.0',
    )
    await api.expectError(
      await api.call('POST', path, { token: admin, body: { members: ['not-an-id'] } }),
      400,
      'request.invalid',
      'members.0',
    )
    await api.expectError(
      await api.call('POST', path, { token: admin, body: { members: [] } }),
      400,
      'request.invalid',
      'members',
    )
    expect(
      (await sealCall(api, 'GET', sealPaths.seal(businessId, 'acme-members'), admin)).members,
    ).toHaveLength(2)

    const after = await sealCall(api, 'DELETE', path, admin, { members: [memberId] })
    expect(after.members.map((m) => m.name)).toEqual(['erp-sealer'])
    expect((await listSeals(admin)).find((s) => s.name === 'acme-members')).toMatchObject({
      nMembers: 0,
      nApi: 1,
    })
  })

  it('lists to a member only the seals they may use', async () => {
    await putSeal(api, admin, businessId, 'acme-for-member', 'For the member')
    expect((await listSeals(member)).map((s) => s.name)).not.toContain('acme-for-member')
    await sealCall(api, 'POST', sealPaths.sealMembers(businessId, 'acme-for-member'), admin, {
      members: [await userId(api, member)],
    })
    expect((await listSeals(member)).map((s) => s.name)).toEqual(['acme-for-member'])
    expect((await listSeals(admin)).length).toBeGreaterThan(1)
  })

  it('issues qualified seals to a business on the pro plan', async () => {
    const founder = await api.signUp('founder@pro.example')
    const proId = await openBusiness(api, founder, 'Pro AG')
    const intent = v.parse(
      setupIntentSchema,
      await readJson(
        await api.call('POST', billingPaths.setupIntent(proId), { token: founder, body: { country: 'CH' } }),
        201,
      ),
    )
    const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' }
    await readJson(
      await api.call('POST', billingPaths.sandboxConfirm(), {
        body: { client_secret: intent.clientSecret, card },
      }),
    )
    // On the trial, an advanced seal.
    expect((await putSeal(api, founder, proId, 'pro-seal', 'Pro Seal')).quality).toBe('aes')
    await readJson(
      await api.call('PUT', billingPaths.upgrade(proId), {
        token: founder,
        body: { plan: 'pro', cycle: 'yearly', amount_seats: 2, currency: 'CHF', setup_intent_id: intent.id },
      }),
    )
    // Asked again, the seal is issued anew at the quality the plan brings.
    const qualified = await putSeal(api, founder, proId, 'pro-seal', 'Pro Seal', 200)
    expect(qualified.quality).toBe('qes')
    expect(qualified.certificate.organization).toBe('Pro AG')
  })

  // Last: it moves the server's clock two years on.
  it('renews a certificate near its end when the seal is put again', async () => {
    const before = await putSeal(api, admin, businessId, 'acme-renewed', 'Renewed')
    const untilMs = Date.parse(before.certificate.validUntil)
    api.clock.advance(untilMs - 10 * 24 * 3600 * 1000 - api.clock.now().getTime())
    const token = String((await readJson(await api.login('admin@acme.example', goodPassword))).token)
    const renewed = await putSeal(api, token, businessId, 'acme-renewed', 'Renewed', 200)
    expect(renewed.certificate.serialNumber).not.toBe(before.certificate.serialNumber)
    expect(renewed.label).toBe('Renewed')
  })
})
