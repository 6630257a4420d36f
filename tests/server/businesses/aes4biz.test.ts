import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiUserKeySchema, apiUserPaths } from '../../../contract/api-users.ts'
import { aes4bizSchema, businessPaths, domainsSchema } from '../../../contract/businesses.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { signatureQualitiesDetailSchema } from '../../../contract/signing.ts'
import { fromPem } from '../../../server/signing/pem.ts'
import { validatePdf } from '../../../server/signing/validate-pdf.ts'
import { readJson } from '../accounts/accounts-client.ts'
import { reportText, requestEvents } from '../signature-requests/request-history.ts'
import {
  documentTimestamp,
  makePdf,
  pdfsig,
  removeTemporaryDirectories,
  temporaryDirectory,
  trustStore,
} from '../signing/pdf-tools.ts'
import { type SigningClient, startSigningClient } from '../signing/signing-client.ts'
import { featureDrivers } from '../test-database.ts'
import { join as joinBusiness, openBusiness } from './business-client.ts'

afterAll(removeTemporaryDirectories)

/** AES for business as an admin fills it in, on the wire. */
const filled = {
  enabled: true,
  representative_name: 'Grace Hopper',
  representative_email: 'grace@acme.example',
  commercial_register: 'CHE-123.456.789',
  domains: ['acme.example'],
}

describe.each(featureDrivers)('AES for business on %s', (driver) => {
  let api: SigningClient
  let admin: string
  let member: string
  let colleague: string
  let stranger: string
  let freelancer: string
  let otherAdmin: string
  let businessId: string
  let otherBusinessId: string
  let dir: string
  let nssDir: string
  let caPem: string

  beforeAll(async () => {
    api = await startSigningClient(driver)
    admin = await api.signUp('admin@acme.example')
    member = await api.signUp('member@acme.example')
    colleague = await api.signUp('colleague@acme-partners.example')
    stranger = await api.signUp('stranger@elsewhere.example')
    freelancer = await api.signUp('freelancer@elsewhere.example')
    otherAdmin = await api.signUp('boss@other.example')
    businessId = await openBusiness(api, admin, 'Acme AG')
    otherBusinessId = await openBusiness(api, otherAdmin, 'Other GmbH')
    await joinBusiness(api, admin, businessId, 'member@acme.example', member)
    await joinBusiness(api, admin, businessId, 'colleague@acme-partners.example', colleague)
    for (const domain of ['acme.example', 'acme-partners.example']) await addDomain(admin, businessId, domain)
    await addDomain(otherAdmin, otherBusinessId, 'other.example')
    dir = temporaryDirectory(`aes4biz-${driver}`)
    caPem = await (await fetch(`${api.server.url}/api${apiPaths.pkiCa()}`)).text()
    nssDir = trustStore(dir, caPem)
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  async function addDomain(token: string, id: string, domain: string) {
    const answer = await api.call('POST', businessPaths.businessDomains(id), { token, body: { domain } })
    return v.parse(domainsSchema, await readJson(answer)).domains
  }
  const read = (token: string | undefined, id = businessId) =>
    api.call('GET', businessPaths.businessAes4biz(id), { token })
  const put = (token: string | undefined, body: object, id = businessId) =>
    api.call('PUT', businessPaths.businessAes4biz(id), { token, body })
  const aes4biz = async (response: Response) => v.parse(aes4bizSchema, await readJson(response))
  const qualities = async (token: string, requestId?: string) => {
    const query = requestId === undefined ? '' : `?signature_request_id=${requestId}`
    const answer = await api.call('GET', `${apiPaths.signatureQualitiesDetail()}${query}`, { token })
    return v.parse(signatureQualitiesDetailSchema, await readJson(answer))
  }
  const wantAes = (token: string) =>
    api.call('PUT', apiPaths.user(), { token, body: { attributes: { default_quality: ['aes'] } } })

  it('is off and empty until an admin sets it, and keeps what the admin saves', async () => {
    expect(await aes4biz(await read(admin))).toEqual({
      enabled: false,
      representativeName: '',
      representativeEmail: '',
      commercialRegister: '',
      domains: [],
    })
    const saved = await aes4biz(
      await put(admin, { ...filled, domains: ['ACME-partners.example', 'acme.example', 'acme.example'] }),
    )
    expect(saved).toEqual({
      enabled: true,
      representativeName: 'Grace Hopper',
      representativeEmail: 'grace@acme.example',
      commercialRegister: 'CHE-123.456.789',
      domains: ['acme-partners.example', 'acme.example'],
    })
    expect(await aes4biz(await read(admin))).toEqual(saved)
    // Switched off, the details stay for next time and nothing is required.
    expect(await aes4biz(await put(admin, { ...filled, enabled: false }))).toMatchObject({ enabled: false })
    expect(
      await aes4biz(
        await put(admin, {
          enabled: false,
          representative_name: '',
          representative_email: '',
          commercial_register: '',
          domains: [],
        }),
      ),
    ).toMatchObject({ enabled: false, domains: [] })
  })

  it('refuses members, another business, and a signed-out caller', async () => {
    await api.expectError(await read(member), 403, 'business.not_allowed')
    await api.expectError(await put(member, filled), 403, 'business.not_allowed')
    await api.expectError(await read(otherAdmin), 404, 'business.not_found')
    await api.expectError(await put(otherAdmin, filled), 404, 'business.not_found')
    await api.expectError(await read(undefined), 401, 'auth.unauthenticated')
    await api.expectError(await put(undefined, filled), 401, 'auth.unauthenticated')
    await api.expectError(await read(admin, 'not-a-business'), 404, 'business.not_found')
    // The other business's admin reads their own, untouched by anything above.
    expect(await aes4biz(await read(otherAdmin, otherBusinessId))).toMatchObject({ enabled: false })
  })

  it('switched on, asks for the representative, the register entry and its own domains', async () => {
    const without = (key: string) =>
      Object.fromEntries(Object.entries(filled).map(([k, x]) => [k, k === key ? '' : x]))
    await api.expectError(
      await put(admin, without('representative_name')),
      400,
      'request.invalid',
      'representative_name',
    )
    await api.expectError(
      await put(admin, without('representative_email')),
      400,
      'request.invalid',
      'representative_email',
    )
    await api.expectError(
      await put(admin, without('commercial_register')),
      400,
      'request.invalid',
      'commercial_register',
    )
    await api.expectError(await put(admin, { ...filled, domains: [] }), 400, 'request.invalid', 'domains')
    await api.expectError(
      await put(admin, { ...filled, representative_email: 'grace-at-acme' }),
      400,
      'request.invalid',
      'representative_email',
    )
    await api.expectError(
      await put(admin, { ...filled, domains: ['not a domain'] }),
      400,
      'request.invalid',
      'domains.0',
    )
    // Another business's domain, and one no business has, are not this business's to vouch for.
    await api.expectError(
      await put(admin, { ...filled, domains: ['acme.example', 'other.example'] }),
      422,
      'business.domain_unknown',
      'domains.1',
    )
    await api.expectError(
      await put(admin, { ...filled, domains: ['nobody.example'] }),
      422,
      'business.domain_unknown',
      'domains.0',
    )
    // Nothing of the refused calls was kept.
    expect(await aes4biz(await read(admin))).toMatchObject({ enabled: false, domains: [] })
  })

  it('a domain the business lets go is no longer vouched for', async () => {
    await addDomain(admin, businessId, 'acme-old.example')
    await readJson(await put(admin, { ...filled, domains: ['acme.example', 'acme-old.example'] }))
    const left = await api.call('DELETE', businessPaths.businessDomains(businessId), {
      token: admin,
      body: { domain: 'acme-old.example' },
    })
    expect(v.parse(domainsSchema, await readJson(left)).domains).not.toContain('acme-old.example')
    expect((await aes4biz(await read(admin))).domains).toEqual(['acme.example'])
  })

  it('lets the people of its domains sign its requests with aes, and no one else', async () => {
    await readJson(await put(admin, filled))
    for (const token of [member, colleague, stranger]) expect((await wantAes(token)).status).toBe(200)
    const request = await api.openRequest(
      admin,
      'Framework agreement',
      ['member@acme.example', 'colleague@acme-partners.example', 'stranger@elsewhere.example'],
      [await makePdf(1)],
    )
    const ownRecord = { ses: { any: { quality: 'ses' } }, signingQuality: 'ses' }
    const vouched = { ...ownRecord, aes: { any: { quality: 'aes' } }, signingQuality: 'aes' }
    // Without a request, the member's own record: no identification, no aes.
    expect(await qualities(member)).toEqual(ownRecord)
    // For the business's request, aes at a vouched domain only.
    expect(await qualities(member, request.id)).toEqual(vouched)
    expect(await qualities(colleague, request.id)).toEqual(ownRecord)
    expect(await qualities(stranger, request.id)).toEqual(ownRecord)
    // A request the caller has no part in is not found; nor is a made-up one.
    const elsewhere = await api.openRequest(
      freelancer,
      'Private',
      ['stranger@elsewhere.example'],
      [await makePdf(1)],
    )
    await api.expectError(
      await api.call('GET', `${apiPaths.signatureQualitiesDetail()}?signature_request_id=${elsewhere.id}`, {
        token: member,
      }),
      404,
      'signature_request.not_found',
    )
    await api.expectError(
      await api.call('GET', `${apiPaths.signatureQualitiesDetail()}?signature_request_id=nope`, {
        token: member,
      }),
      404,
      'signature_request.not_found',
    )

    for (const token of [member, colleague, stranger]) {
      expect(await api.signed(token, [{ signature_request_id: request.id }])).toMatchObject([
        { result: 'complete' },
      ])
    }
    const pdf = await api.downloadSigned(admin, request.documents[0]?.id ?? '')
    expect(await pdfsig(dir, pdf, nssDir)).toEqual([
      ...Array.from({ length: 3 }, () => ({
        signature: 'Signature is Valid.',
        certificate: 'Certificate is Trusted.',
      })),
      documentTimestamp,
    ])
    const report = await validatePdf(pdf, { trustedRoots: fromPem('CERTIFICATE', caPem).slice(0, 1) })
    if (report.status !== 'ok') throw new Error('unreadable')
    expect(
      report.signatures.map((s) => [
        s.contactInfo,
        s.quality,
        s.signer?.commonName,
        s.signer?.organization,
        s.trusted,
      ]),
    ).toEqual([
      // The member's own certificate, issued by the platform CA, names the business that vouches for them.
      ['member@acme.example', 'aes', 'Ada Lovelace', 'Acme AG', true],
      [
        'colleague@acme-partners.example',
        'ses',
        'Signet Simple Electronic Signature',
        expect.any(String),
        true,
      ],
      ['stranger@elsewhere.example', 'ses', 'Signet Simple Electronic Signature', expect.any(String), true],
      // The archive timestamp of the completed document (B-LTA).
      [null, 'unknown', 'Signet Timestamp Authority', 'Signet', true],
    ])
    expect(report.signatures[0]?.timestamp?.verified).toBe(true)

    // The audit trail says whose word the advanced signature stands on.
    const events = await requestEvents(api, admin, request.id)
    expect(
      events
        .filter((e) => e.type === 'signed')
        .map((e) => [e.actorEmail, e.detail.quality, e.detail.vouchedBy]),
    ).toEqual([
      ['member@acme.example', 'aes', 'Acme AG'],
      ['colleague@acme-partners.example', 'ses', undefined],
      ['stranger@elsewhere.example', 'ses', undefined],
    ])
    // The history and the report say so in words.
    expect(events.find((e) => e.type === 'signed')?.detail.verifications).toEqual([
      { method: 'sign_in' },
      { method: 'vouched', business: 'Acme AG' },
    ])
    const history = await reportText(api, admin, request.id, dir)
    expect(history).toContain(
      'Signed by member@acme.example from 127.0.0.1 Signature standard: AES Verified by: signing in to the account; vouched for by Acme AG',
    )
  })

  it('does not reach the requests of senders outside the business, nor last once switched off', async () => {
    await readJson(await put(admin, filled))
    expect((await wantAes(member)).status).toBe(200)
    const outside = await api.openRequest(
      freelancer,
      'Side project',
      ['member@acme.example'],
      [await makePdf(1)],
    )
    expect((await qualities(member, outside.id)).signingQuality).toBe('ses')
    expect(await api.signed(member, [{ signature_request_id: outside.id }])).toMatchObject([
      { result: 'complete' },
    ])

    // The request of one of the business's API users is the business's too.
    const { apiKey } = v.parse(
      apiUserKeySchema,
      await readJson(
        await api.call('POST', apiUserPaths.apiUsers(businessId), {
          token: admin,
          body: { username: 'acme-erp' },
        }),
        201,
      ),
    )
    const { token: machine } = (await readJson(
      await api.call('POST', apiUserPaths.accessLogin(), { body: { username: 'acme-erp', api_key: apiKey } }),
    )) as { token: string }
    const fromMachine = await api.openRequest(
      machine,
      'Invoice 2026-17',
      ['member@acme.example'],
      [await makePdf(1)],
    )
    expect((await qualities(member, fromMachine.id)).signingQuality).toBe('aes')

    // A member's request is the business's too; switched off, it vouches no more.
    const fromMember = await api.openRequest(
      member,
      'Team offsite',
      ['member@acme.example'],
      [await makePdf(1)],
    )
    expect((await qualities(member, fromMember.id)).signingQuality).toBe('aes')
    await readJson(await put(admin, { ...filled, enabled: false }))
    expect((await qualities(member, fromMember.id)).aes).toBeUndefined()
    expect(await api.signed(member, [{ signature_request_id: fromMember.id }])).toMatchObject([
      { result: 'complete' },
    ])

    for (const request of [outside, fromMember]) {
      const pdf = await api.downloadSigned(member, request.documents[0]?.id ?? '')
      const report = await validatePdf(pdf, { trustedRoots: fromPem('CERTIFICATE', caPem).slice(0, 1) })
      if (report.status !== 'ok') throw new Error('unreadable')
      expect(report.signatures.map((s) => [s.subFilter, s.quality, s.intact, s.trusted])).toEqual([
        ['ETSI.CAdES.detached', 'ses', true, true],
        ['ETSI.RFC3161', 'unknown', true, true],
      ])
    }
    expect((await api.readUser(member)).attributes).toMatchObject({ default_quality: ['aes'] })
  })
})
