import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import { apiPaths } from '../../../contract/paths.ts'
import type { ValidationReportView } from '../../../contract/validation.ts'
import { localSigner } from '../../../server/signing/cms.ts'
import { fromPem } from '../../../server/signing/pem.ts'
import { loadOrCreatePki } from '../../../server/signing/pki.ts'
import { signPdf } from '../../../server/signing/sign-pdf.ts'
import { createTimestampAuthority } from '../../../server/signing/tsa.ts'
import { maxSignatures } from '../../../server/signing/validate-pdf.ts'
import { makeFlateBombPdf } from '../../fixtures/make-fixtures.ts'
import { testKeys } from '../keys/test-key-ring.ts'
import { readEtsiReport } from './etsi-report.ts'
import { makePdf, pdfsig, removeTemporaryDirectories, temporaryDirectory } from './pdf-tools.ts'
import { type SigningClient, startSigningClient } from './signing-client.ts'
import { crowdedPdf } from './validate-fixtures.ts'

afterAll(removeTemporaryDirectories)

// Validation keeps nothing in the database, so one driver is enough here.
describe('POST /v1/validate', () => {
  let api: SigningClient
  let signed: Uint8Array

  const validate = async (bytes: Uint8Array | string, filename = 'contract.pdf', query = '') => {
    const form = new FormData()
    form.set('file', new Blob([bytes as BlobPart], { type: 'application/pdf' }), filename)
    // Anyone may validate: no Authorization header.
    return fetch(`${api.server.url}/api${apiPaths.validate()}${query}`, { method: 'POST', body: form })
  }
  const etsiReport = async (bytes: Uint8Array) => {
    const response = await validate(bytes, 'contract.pdf', '?type=xml')
    const xml = await response.text()
    expect(response.status, xml).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/xml')
    const etsi = await readEtsiReport(xml)
    expect(etsi.schemaErrors).toEqual([])
    expect(etsi.root).toBe('{http://uri.etsi.org/19102/v1.2.1#}ValidationReport')
    return etsi
  }
  const report = async (bytes: Uint8Array): Promise<ValidationReportView> => {
    const response = await validate(bytes)
    const text = await response.text()
    expect(response.status, text).toBe(200)
    return toCamelCase(JSON.parse(text)) as ValidationReportView
  }

  beforeAll(async () => {
    api = await startSigningClient('pglite')
    const owner = await api.signUp('olivia@example.com')
    const request = await api.openRequest(owner, 'Lease', ['olivia@example.com'], [await makePdf(1)])
    await api.signed(owner, [{ signature_request_id: request.id, signing_reason: 'I agree' }])
    signed = await api.downloadSigned(owner, request.documents[0]?.id ?? '')
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  it('reports a signature made here as intact, trusted and timestamped, with who and why', async () => {
    const { signatures } = await report(signed)
    // The signature, and the archive timestamp over it and its validation data (B-LTA).
    expect(signatures.map((signature) => signature.kind)).toEqual(['signature', 'document_timestamp'])
    expect(signatures[1]).toMatchObject({ intact: true, trusted: true, changedAfter: false })
    expect(signatures[0]).toMatchObject({
      intact: true,
      trusted: true,
      changedAfter: false,
      problems: [],
      quality: 'ses',
      demo: true,
      reason: 'I agree',
      contactInfo: 'olivia@example.com',
      timestamp: { verified: true, trusted: true },
    })
    expect(signatures[0]?.signer?.commonName).toContain('Signet')
  })

  it('reports one flipped byte in the signed content as damage, as pdfsig does', async () => {
    const flipped = Uint8Array.from(signed)
    // A digit of the original modification date: inside the signed range, still a readable PDF.
    const at = Buffer.from(flipped).indexOf('/ModDate (D:') + '/ModDate (D:'.length + 3
    expect(at).toBeGreaterThan(20)
    flipped[at] = flipped[at] === 0x31 ? 0x32 : 0x31
    const { signatures } = await report(flipped)
    expect(signatures[0]).toMatchObject({ intact: false, problems: ['signature.digest_mismatch'] })
    const dir = temporaryDirectory('validate')
    expect((await pdfsig(dir, flipped))[0]?.signature).not.toBe('Signature is Valid.')
  })

  it('judges a PDF signed elsewhere: intact, but not from a trusted authority', async () => {
    const other = await loadOrCreatePki({
      dir: join(temporaryDirectory('other-pki'), 'pki'),
      keys: testKeys,
      production: true,
    })
    const certificate = await other.signatureCertificate(other.platform)
    const elsewhere = await signPdf(await makePdf(1), {
      signer: {
        name: 'Eve Elsewhere',
        email: 'eve@example.org',
        ...localSigner(certificate.der, certificate.key, certificate.chain),
      },
      tsa: createTimestampAuthority(other.tsa, () => new Date()),
      name: 'Eve Elsewhere',
      reason: 'Signed with another CA',
    })
    const { signatures } = await report(elsewhere)
    expect(signatures[0]).toMatchObject({ intact: true, trusted: false, signingName: 'Eve Elsewhere' })
    // The ETSI report says the same: its chain leads to no trust anchor here.
    expect((await etsiReport(elsewhere)).entries[0]).toMatchObject({
      mainIndication: 'urn:etsi:019102:mainindication:indeterminate',
      subIndication: 'urn:etsi:019102:subindication:NO_CERTIFICATE_CHAIN_FOUND',
    })
  })

  it('answers the report as ETSI TS 119 102-2 XML that the official schema accepts, verdicts included', async () => {
    const { entries, objectTypes, trustAnchors } = await etsiReport(signed)
    const passed = 'urn:etsi:019102:mainindication:total-passed'
    // The signature and the archive timestamp over it: both passed, the signature for the long term.
    expect(entries).toEqual([
      { mainIndication: passed, subIndication: null, process: 'urn:etsi:019102:validationprocess:LTA' },
      { mainIndication: passed, subIndication: null, process: null },
    ])
    // Both chains end at the platform's root, which the report names their trust anchor.
    const caPem = await (await fetch(`${api.server.url}/api${apiPaths.pkiCa()}`)).text()
    const rootBase64 = Buffer.from(fromPem('CERTIFICATE', caPem)[0] ?? []).toString('base64')
    expect(trustAnchors).toEqual([rootBase64, rootBase64])
    for (const type of ['certificate', 'timestamp', 'OCSPResponse', 'CRL']) {
      expect(objectTypes).toContain(`urn:etsi:019102:validationObject:${type}`)
    }

    const flipped = Uint8Array.from(signed)
    const at = Buffer.from(flipped).indexOf('/ModDate (D:') + '/ModDate (D:'.length + 3
    flipped[at] = flipped[at] === 0x31 ? 0x32 : 0x31
    const damaged = await etsiReport(flipped)
    expect(damaged.entries[0]).toMatchObject({
      mainIndication: 'urn:etsi:019102:mainindication:total-failed',
      subIndication: 'urn:etsi:019102:subindication:HASH_FAILURE',
    })

    const wrongType = await validate(signed, 'contract.pdf', '?type=docx')
    expect(wrongType.status).toBe(400)
    expect(await wrongType.json()).toMatchObject({ code: 'request.invalid', field: 'type' })
  })

  it('answers an unsigned PDF with no signatures', async () => {
    expect((await report(await makePdf(1))).signatures).toEqual([])
  })

  it('refuses what is not a readable PDF, one with too many signatures or a compression bomb, with a code', async () => {
    const cases: [Uint8Array | string, number, string][] = [
      ['just some text, renamed .pdf', 415, 'document.not_pdf'],
      ['', 422, 'document.empty'],
      ['%PDF-1.7\nnothing a reader could use', 422, 'validation.pdf_unreadable'],
      [await crowdedPdf(maxSignatures + 1, 0), 422, 'validation.too_complex'],
      [makeFlateBombPdf(1024 ** 3), 422, 'validation.too_complex'],
    ]
    for (const [bytes, status, code] of cases) {
      const response = await validate(bytes)
      expect(response.status).toBe(status)
      expect(await response.json()).toMatchObject({ status, code })
    }
    const none = await fetch(`${api.server.url}/api${apiPaths.validate()}`, {
      method: 'POST',
      body: new FormData(),
    })
    expect(none.status).toBe(400)
  })

  // Last: it moves the server's clock years ahead.
  it('keeps a completed document valid at B-LTA once its signer certificate expired', async () => {
    const before = (await report(signed)).signatures[0]
    const notAfter = new Date(before?.signer?.notAfter ?? '')
    api.clock.advance(notAfter.getTime() - api.clock.now().getTime() + 24 * 60 * 60 * 1000)
    expect(api.clock.now().getTime()).toBeGreaterThan(notAfter.getTime())

    const { signatures } = await report(signed)
    expect(signatures[0]).toMatchObject({
      intact: true,
      trusted: true,
      level: 'B-LTA',
      revocation: { status: 'good', source: 'document' },
      revokedBeforeSigning: false,
    })
    // Validated at the server's time, after the expiry: passed, as the archive timestamp proves.
    const etsi = await etsiReport(signed)
    expect(etsi.validationTimes[0]?.getTime()).toBeGreaterThan(notAfter.getTime())
    expect(etsi.entries[0]?.mainIndication).toBe('urn:etsi:019102:mainindication:total-passed')
  })
})
