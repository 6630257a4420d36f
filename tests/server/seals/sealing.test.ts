import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiUserKeySchema, apiUserPaths } from '../../../contract/api-users.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { sealPaths } from '../../../contract/seals.ts'
import { signatureRequestEventsSchema, signatureRequestSchema } from '../../../contract/signature-requests.ts'
import { fromPem } from '../../../server/signing/pem.ts'
import { validatePdf } from '../../../server/signing/validate-pdf.ts'
import { readJson } from '../accounts/accounts-client.ts'
import { join as joinBusiness, openBusiness } from '../businesses/business-client.ts'
import {
  documentTimestamp,
  makePdf,
  removeTemporaryDirectories,
  temporaryDirectory,
  trustStore,
} from '../signing/pdf-tools.ts'
import { type SigningClient, startSigningClient } from '../signing/signing-client.ts'
import { featureDrivers } from '../test-database.ts'
import { putSeal, sealCall, stampImage, uploadImage, userId } from './seal-client.ts'

afterAll(removeTemporaryDirectories)

const dayMs = 24 * 60 * 60 * 1000
const execFileAsync = promisify(execFile)

/** What pdfsig says of each signature: its verdicts and the signer's names. */
type Verdict = { signature: string; certificate: string; commonName: string; distinguishedName: string }

// Beside the event loop, as pdfsig asks the OCSP responder of the test's server, in this process.
async function pdfsigVerdicts(dir: string, bytes: Uint8Array, nssDir: string): Promise<Verdict[]> {
  const file = join(dir, `sealed-${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(file, bytes)
  const { stdout: output } = await execFileAsync('pdfsig', ['-nssdir', `sql:${nssDir}`, file], {
    encoding: 'utf8',
  })
  const field = (block: string, name: string) =>
    block.match(new RegExp(`${name}: (.*)$`, 'm'))?.[1]?.trim() ?? ''
  return output
    .split(/^Signature #\d+:$/m)
    .slice(1)
    .map((block) => ({
      signature: field(block, 'Signature Validation'),
      certificate: field(block, 'Certificate Validation'),
      commonName: field(block, 'Signer Certificate Common Name'),
      distinguishedName: field(block, 'Signer full Distinguished Name'),
    }))
}

describe.each(featureDrivers)('sealing on %s', (driver) => {
  let api: SigningClient
  let admin: string
  let member: string
  let bystander: string
  let outsider: string
  let businessId: string
  let dir: string
  let nssDir: string
  let caPem: string

  beforeAll(async () => {
    api = await startSigningClient(driver)
    admin = await api.signUp('admin@acme.example')
    member = await api.signUp('member@acme.example')
    bystander = await api.signUp('bystander@acme.example')
    outsider = await api.signUp('admin@other.example')
    businessId = await openBusiness(api, admin, 'Acme AG')
    await joinBusiness(api, admin, businessId, 'member@acme.example', member)
    await joinBusiness(api, admin, businessId, 'bystander@acme.example', bystander)
    await openBusiness(api, outsider, 'Other GmbH')
    await putSeal(api, admin, businessId, 'acme-legal', 'Acme Legal Department')
    await readJson(await uploadImage(api, admin, businessId, 'acme-legal', await stampImage('png')))
    await sealCall(api, 'POST', sealPaths.sealMembers(businessId, 'acme-legal'), admin, {
      members: [await userId(api, member)],
    })
    dir = temporaryDirectory(`sealing-${driver}`)
    caPem = await (await fetch(`${api.server.url}/api${apiPaths.pkiCa()}`)).text()
    nssDir = trustStore(dir, caPem)
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  const seal = (token: string | undefined, requestId: string, sealAccountName: string) =>
    api.call('POST', apiPaths.sign(), {
      token,
      body: {
        signature_requests: [{ signature_request_id: requestId }],
        language: 'en',
        seal_account_name: sealAccountName,
      },
    })

  it('seals a request: pdfsig shows one valid, trusted signature naming the organisation', async () => {
    const request = await api.openRequest(
      admin,
      'Supplier contract',
      ['member@acme.example'],
      [await makePdf(2)],
    )
    const answer = await readJson(await seal(member, request.id, 'acme-legal'))
    expect(answer).toEqual({
      results: [{ signatureRequestId: request.id, result: 'complete', statusOverall: 'SIGNED' }],
    })
    const done = await api.getRequest(admin, request.id)
    expect(done.statusOverall).toBe('SIGNED')
    expect(done.signatures.map((s) => [s.accountEmail, s.status])).toEqual([
      ['member@acme.example', 'SIGNED'],
    ])

    const pdf = await api.downloadSigned(admin, request.documents[0]?.id ?? '')
    const verdicts = await pdfsigVerdicts(dir, pdf, nssDir)
    // The seal, then the archive timestamp of the completed document.
    expect(verdicts).toHaveLength(2)
    expect(verdicts[1]).toMatchObject({ ...documentTimestamp, commonName: 'Signet Timestamp Authority' })
    expect(verdicts[0]).toMatchObject({
      signature: 'Signature is Valid.',
      certificate: 'Certificate is Trusted.',
      commonName: 'Acme Legal Department',
    })
    expect(verdicts[0]?.distinguishedName).toContain('O=Acme AG')
    expect(verdicts[0]?.distinguishedName).not.toContain('member@acme.example')

    const report = await validatePdf(pdf, { trustedRoots: fromPem('CERTIFICATE', caPem).slice(0, 1) })
    if (report.status !== 'ok') throw new Error('unreadable')
    expect(report.signatures.map((s) => s.subFilter)).toEqual(['ETSI.CAdES.detached', 'ETSI.RFC3161'])
    expect(report.signatures[0]).toMatchObject({
      signingName: 'Acme Legal Department',
      contactInfo: 'office@acmeag.example',
      quality: 'aes',
      demo: true,
      intact: true,
      trusted: true,
    })
    expect(report.signatures[0]?.timestamp?.verified).toBe(true)
    // The seal's image is drawn in its appearance.
    expect(Buffer.from(pdf).includes('/Subtype /Image')).toBe(true)

    // The audit trail names who sealed and with which seal.
    const events = v.parse(
      signatureRequestEventsSchema,
      await readJson(await api.call('GET', apiPaths.signatureRequestEvents(request.id), { token: admin })),
    ).events
    expect(
      events
        .filter((e) => e.type === 'signed')
        .map((e) => [e.actorEmail, e.detail.seal, e.detail.sealLabel, e.detail.sealedBy]),
    ).toEqual([['member@acme.example', 'acme-legal', 'Acme Legal Department', 'Ada Lovelace']])
  })

  it('refuses sealing to who is not allowed, and signs nothing', async () => {
    const request = await api.openRequest(
      admin,
      'Not for everyone',
      ['bystander@acme.example', 'admin@other.example', 'member@acme.example'],
      [await makePdf(1)],
    )
    await api.expectError(await seal(bystander, request.id, 'acme-legal'), 403, 'seal.not_allowed')
    await api.expectError(await seal(outsider, request.id, 'acme-legal'), 404, 'seal.not_found')
    await api.expectError(await seal(member, request.id, 'no-such-seal'), 404, 'seal.not_found')
    await api.expectError(await seal(member, request.id, 'Not A Name'), 404, 'seal.not_found')
    await api.expectError(await seal(undefined, request.id, 'acme-legal'), 401, 'auth.unauthenticated')
    // Allowed no longer: refused from the next call on.
    const memberId = await userId(api, member)
    await sealCall(api, 'DELETE', sealPaths.sealMembers(businessId, 'acme-legal'), admin, {
      members: [memberId],
    })
    await api.expectError(await seal(member, request.id, 'acme-legal'), 403, 'seal.not_allowed')
    await sealCall(api, 'POST', sealPaths.sealMembers(businessId, 'acme-legal'), admin, {
      members: [memberId],
    })
    const untouched = await api.getRequest(admin, request.id)
    expect(untouched.signatures.every((s) => s.status === 'OPEN')).toBe(true)
    expect(untouched.statusOverall).toBe('OPEN')
  })

  it('lets an API user allowed on the seal seal its own request', async () => {
    const { apiKey } = v.parse(
      apiUserKeySchema,
      await readJson(
        await api.call('POST', apiUserPaths.apiUsers(businessId), {
          token: admin,
          body: { username: 'erp-sealer' },
        }),
        201,
      ),
    )
    const { token } = (await readJson(
      await api.call('POST', apiUserPaths.accessLogin(), {
        body: { username: 'erp-sealer', api_key: apiKey },
      }),
    )) as { token: string }
    const detail = await sealCall(api, 'GET', sealPaths.seal(businessId, 'acme-legal'), admin)
    const machine = detail.candidates.find((c) => c.name === 'erp-sealer')
    await sealCall(api, 'POST', sealPaths.sealMembers(businessId, 'acme-legal'), admin, {
      members: [machine?.id],
    })
    const me = await api.readUser(token)
    const request = await api.openRequest(token, 'Invoice 2026-17', [me.email], [await makePdf(1)])
    expect(await readJson(await seal(token, request.id, 'acme-legal'))).toMatchObject({
      results: [{ result: 'complete', statusOverall: 'SIGNED' }],
    })
    const signed = v.parse(
      signatureRequestSchema,
      await readJson(await api.call('GET', apiPaths.signatureRequest(request.id), { token })),
    )
    const pdf = await api.downloadSigned(token, signed.documents[0]?.id ?? '')
    expect(await pdfsigVerdicts(dir, pdf, nssDir)).toEqual([
      expect.objectContaining({
        signature: 'Signature is Valid.',
        certificate: 'Certificate is Trusted.',
        commonName: 'Acme Legal Department',
      }),
      expect.objectContaining(documentTimestamp),
    ])
    // The audit trail names the API user by its username beside the seal.
    const events = v.parse(
      signatureRequestEventsSchema,
      await readJson(await api.call('GET', apiPaths.signatureRequestEvents(request.id), { token })),
    ).events
    expect(
      events.filter((e) => e.type === 'signed').map((e) => [e.detail.sealLabel, e.detail.sealedBy]),
    ).toEqual([['Acme Legal Department', 'erp-sealer']])
  })

  it('seals nothing for a business whose trial has expired', async () => {
    const request = await api.openRequest(
      admin,
      'After the trial',
      ['member@acme.example'],
      [await makePdf(1)],
    )
    api.clock.advance(15 * dayMs)
    const fresh = String((await readJson(await api.login('member@acme.example', 'Correct-horse-42'))).token)
    expect(await readJson(await seal(fresh, request.id, 'acme-legal'))).toEqual({
      results: [{ signatureRequestId: request.id, result: 'exhausted', statusOverall: 'OPEN' }],
    })
    expect((await api.getRequest(fresh, request.id)).statusOverall).toBe('OPEN')
  })
})
