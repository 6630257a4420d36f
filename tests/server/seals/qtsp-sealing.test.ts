import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { billingPaths, setupIntentSchema } from '../../../contract/billing.ts'
import { businessPaths, businessSchema } from '../../../contract/businesses.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { sealPaths } from '../../../contract/seals.ts'
import { validationReportSchema } from '../../../contract/validation.ts'
import {
  type SandboxCscServer,
  startSandboxCscServer,
} from '../../../server/providers/csc/sandbox-csc-server.ts'
import { validatePdf } from '../../../server/signing/validate-pdf.ts'
import { readJson } from '../accounts/accounts-client.ts'
import { businessData, join } from '../businesses/business-client.ts'
import { requestEvents } from '../signature-requests/request-history.ts'
import {
  documentTimestamp,
  makePdf,
  pdfsig,
  removeTemporaryDirectories,
  temporaryDirectory,
  trustStore,
} from '../signing/pdf-tools.ts'
import { type SigningClient, startSigningClient } from '../signing/signing-client.ts'
import { putSeal, sealCall, userId } from './seal-client.ts'

afterAll(removeTemporaryDirectories)

const client = { clientId: 'signet-tests', clientSecret: 'csc-client-secret-of-the-tests' }

// Through the app's routes, with the sandbox QTSP as CSC_*: a qualified seal is the QTSP's legal-person credential.
describe('qualified seals held by a QTSP through the CSC API (the sandbox CSC server)', () => {
  let csc: SandboxCscServer
  let api: SigningClient
  let admin: string
  let member: string

  beforeAll(async () => {
    csc = await startSandboxCscServer(client)
    api = await startSigningClient('pglite', {
      csc: { baseUrl: csc.baseUrl, ...client, trustAnchors: [csc.root] },
    })
    admin = await api.signUp('admin@acme.example')
    member = await api.signUp('member@acme.example')
  }, 60_000)

  afterAll(async () => {
    await api?.server.stop()
    await csc?.close()
  })

  /** Opens the business `name` with VAT number `vat` (none: '') on the pro plan, which brings qualified seals. */
  async function proBusiness(token: string, name: string, vat: string): Promise<string> {
    const data = businessData(name)
    const { id } = v.parse(
      businessSchema,
      await readJson(
        await api.call('POST', businessPaths.businesses(), {
          token,
          body: { ...data, billing: { ...data.billing, vat } },
        }),
        201,
      ),
    )
    const intent = v.parse(
      setupIntentSchema,
      await readJson(
        await api.call('POST', billingPaths.setupIntent(id), { token, body: { country: 'CH' } }),
        201,
      ),
    )
    const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' }
    await readJson(
      await api.call('POST', billingPaths.sandboxConfirm(), {
        body: { client_secret: intent.clientSecret, card },
      }),
    )
    await readJson(
      await api.call('PUT', billingPaths.upgrade(id), {
        token,
        body: { plan: 'pro', cycle: 'yearly', amount_seats: 2, currency: 'CHF', setup_intent_id: intent.id },
      }),
    )
    return id
  }

  const seal = (token: string, requestId: string, sealAccountName: string) =>
    api.call('POST', apiPaths.sign(), {
      token,
      body: {
        signature_requests: [{ signature_request_id: requestId }],
        language: 'en',
        seal_account_name: sealAccountName,
      },
    })

  /** The request is as it was opened: nothing signed, no signed PDF, no signature in its history. */
  async function expectUntouched(owner: string, requestId: string, documentId: string) {
    const view = await api.getRequest(owner, requestId)
    expect(view.statusOverall).toBe('OPEN')
    expect(view.signatures[0]).toMatchObject({ status: 'OPEN', signedAt: null })
    const download = await api.call('GET', apiPaths.documentDownload(documentId, true), { token: owner })
    expect(download.status).toBe(404)
    expect((await requestEvents(api, owner, requestId)).map((event) => event.type)).not.toContain('signed')
  }

  // First: the last step revokes Acme's credential at the QTSP.
  it('seals with the business’s credential at the QTSP, asking no one for a password: the PDF validates', async () => {
    const businessId = await proBusiness(admin, 'Acme AG', 'CHE-123.456.789')
    await join(api, admin, businessId, 'member@acme.example', member)
    // The seal's certificate is the QTSP's, naming the organisation as an eSeal certificate does.
    const created = await putSeal(api, admin, businessId, 'acme-qualified', 'Acme Qualified Seal')
    expect(created.quality).toBe('qes')
    expect(created.certificate).toMatchObject({
      subject: 'CN=Acme AG, organizationIdentifier=VATCH-CHE123456789, O=Acme AG, C=CH',
      organization: 'Acme AG',
      issuer: 'Signet CSC Sandbox Root CA',
      demo: false,
    })
    await sealCall(api, 'POST', sealPaths.sealMembers(businessId, 'acme-qualified'), admin, {
      members: [await userId(api, member)],
    })

    const request = await api.openRequest(
      admin,
      'Supplier contract',
      ['member@acme.example'],
      [await makePdf(2)],
    )
    // Sealed at once, though the member has no phone registered for a one-time password: no mobile signing,
    // and the QTSP's authorisation came without any authData.
    expect(await readJson(await seal(member, request.id, 'acme-qualified'))).toEqual({
      results: [{ signatureRequestId: request.id, result: 'complete', statusOverall: 'SIGNED' }],
    })
    expect(csc.authorizations).toEqual([{ userId: 'VATCH-CHE123456789', authData: [] }])
    expect(csc.clientData.map((call) => [call.method, call.userId])).toEqual([
      ['credentials/list', 'VATCH-CHE123456789'],
      ['credentials/authorize', 'VATCH-CHE123456789'],
      ['signatures/signHash', 'VATCH-CHE123456789'],
    ])
    const [signed] = (await requestEvents(api, admin, request.id)).filter((event) => event.type === 'signed')
    expect(signed?.detail).toMatchObject({ quality: 'qes', seal: 'acme-qualified' })
    expect(signed?.detail).not.toHaveProperty('handedToQtsp')

    const bytes = await api.downloadSigned(admin, request.documents[0]?.id ?? '')
    const dir = temporaryDirectory('qtsp-sealing')
    // pdfsig trusts the seal with the QTSP's root alone; the completed document ends with its timestamp.
    expect(await pdfsig(dir, bytes, trustStore(dir, csc.caPem))).toEqual([
      { signature: 'Signature is Valid.', certificate: 'Certificate is Trusted.' },
      documentTimestamp,
    ])
    const report = await validatePdf(bytes, { trustedRoots: [csc.root] })
    if (report.status !== 'ok') throw new Error('unreadable')
    expect(report.signatures[0]).toMatchObject({
      signingName: 'Acme Qualified Seal',
      quality: 'qes',
      trusted: true,
      intact: true,
      signer: {
        commonName: 'Acme AG',
        organization: 'Acme AG',
        issuerCommonName: 'Signet CSC Sandbox Root CA',
      },
    })
    // /validate judges it B-LTA and good from the DSS alone, with the QTSP out of reach.
    await csc.close()
    const form = new FormData()
    form.set('file', new Blob([bytes as BlobPart], { type: 'application/pdf' }), 'contract.pdf')
    const validated = v.parse(
      validationReportSchema,
      await readJson(
        await fetch(`${api.server.url}/api${apiPaths.validate()}`, { method: 'POST', body: form }),
      ),
    )
    await csc.reopen()
    expect(
      validated.signatures.map((s) => [
        s.kind,
        s.signer?.commonName,
        s.trusted,
        s.intact,
        s.level,
        s.revocation,
      ]),
    ).toEqual([
      ['signature', 'Acme AG', true, true, 'B-LTA', { status: 'good', revokedAt: null, source: 'document' }],
      ['document_timestamp', 'Signet Timestamp Authority', true, true, null, null],
    ])

    // The QTSP revokes the seal's certificate: the next sealing is refused before anything is authorised.
    const next = await api.openRequest(admin, 'Invoice', ['member@acme.example'], [await makePdf(1)])
    await csc.revoke('VATCH-CHE123456789')
    const answer = await seal(member, next.id, 'acme-qualified')
    expect(answer.status).toBe(409)
    expect(await answer.json()).toMatchObject({
      code: 'signing.certificate_unusable',
      message: expect.stringContaining('“Acme Qualified Seal” is revoked'),
    })
    expect(csc.authorizations).toHaveLength(1)
    await expectUntouched(admin, next.id, next.documents[0]?.id ?? '')
  })

  it('refuses a seal whose key the QTSP disabled, and writes nothing', async () => {
    const beta = await api.signUp('admin@beta.example')
    const betaMember = await api.signUp('member@beta.example')
    const businessId = await proBusiness(beta, 'Beta GmbH', 'CHE-987.654.321')
    await join(api, beta, businessId, 'member@beta.example', betaMember)
    await putSeal(api, beta, businessId, 'beta-qualified', 'Beta Seal')
    await sealCall(api, 'POST', sealPaths.sealMembers(businessId, 'beta-qualified'), beta, {
      members: [await userId(api, betaMember)],
    })
    const request = await api.openRequest(beta, 'Lease', ['member@beta.example'], [await makePdf(1)])
    await csc.disable('VATCH-CHE987654321')
    const authorized = csc.authorizations.length
    const answer = await seal(betaMember, request.id, 'beta-qualified')
    expect(answer.status).toBe(409)
    expect(await answer.json()).toMatchObject({
      code: 'signing.certificate_unusable',
      message: expect.stringContaining('“Beta Seal” is disabled'),
    })
    expect(csc.authorizations).toHaveLength(authorized)
    await expectUntouched(beta, request.id, request.documents[0]?.id ?? '')
  })

  it('refuses a qualified seal for a business the QTSP cannot know, and stores none', async () => {
    const gamma = await api.signUp('admin@gamma.example')
    const businessId = await proBusiness(gamma, 'Gamma SA', '')
    await api.expectError(
      await api.call('PUT', sealPaths.seal(businessId, 'gamma-qualified'), {
        token: gamma,
        body: { label: 'Gamma Seal' },
      }),
      409,
      'seal.qtsp_credential_missing',
    )
    const listed = await readJson(await api.call('GET', sealPaths.seals(businessId), { token: gamma }))
    expect(JSON.stringify(listed)).not.toContain('gamma-qualified')
  })
})
