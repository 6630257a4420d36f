import { join } from 'node:path'
import { CryptoKeySigner, PDF } from '@libpdf/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localSigner } from '../../../server/signing/cms.ts'
import { etsiValidationReport } from '../../../server/signing/etsi-validation-report.ts'
import { loadOrCreatePki, type Pki } from '../../../server/signing/pki.ts'
import { signPdf } from '../../../server/signing/sign-pdf.ts'
import { createTimestampAuthority, type TimestampAuthority } from '../../../server/signing/tsa.ts'
import { maxSignatures, type SignatureReport, validatePdf } from '../../../server/signing/validate-pdf.ts'
import { certificateDer, createCertificate, generateKeyPair } from '../../../server/signing/x509.ts'
import { testKeys } from '../keys/test-key-ring.ts'
import { readEtsiReport } from './etsi-report.ts'
import { makePdf, removeTemporaryDirectories, temporaryDirectory } from './pdf-tools.ts'
import { crowdedPdf } from './validate-fixtures.ts'

afterAll(removeTemporaryDirectories)

let pki: Pki
let tsa: TimestampAuthority

beforeAll(async () => {
  pki = await loadOrCreatePki({
    dir: join(temporaryDirectory('validate'), 'pki'),
    keys: testKeys,
    production: false,
  })
  tsa = createTimestampAuthority(pki.tsa, () => new Date())
})

async function signAs(bytes: Uint8Array, name: string): Promise<Uint8Array> {
  const certificate = await pki.signatureCertificate(pki.platform)
  return signPdf(bytes, {
    signer: {
      name,
      email: `${name}@example.com`,
      ...localSigner(certificate.der, certificate.key, certificate.chain),
    },
    tsa,
    name,
    reason: 'Agreed',
    location: 'Zurich',
  })
}

async function signatures(bytes: Uint8Array, trustedRoots = [pki.root.der]): Promise<SignatureReport[]> {
  const report = await validatePdf(bytes, { trustedRoots })
  if (report.status !== 'ok') throw new Error(report.code)
  return report.signatures
}

// An incremental update that is not a signature: what a later edit of the document looks like.
async function editAfterwards(bytes: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDF.load(bytes)
  pdf.setTitle('Changed after signing')
  return pdf.save({ incremental: true })
}

describe('validatePdf', () => {
  it('reports signer, times, quality, trust and coverage of a signature made here', async () => {
    const before = Date.now() - 2000
    const [signature] = await signatures(await signAs(await makePdf(2), 'ann'))
    expect(signature).toMatchObject({
      fieldName: 'Signature1',
      signingName: 'ann',
      reason: 'Agreed',
      location: 'Zurich',
      contactInfo: 'ann@example.com',
      subFilter: 'ETSI.CAdES.detached',
      intact: true,
      problems: [],
      quality: 'ses',
      demo: true,
      trusted: true,
      coversWholeFile: true,
      laterSignatures: [],
      changedAfter: false,
    })
    expect(signature?.signer?.commonName).toBe('Signet Simple Electronic Signature')
    expect(signature?.signingTime?.getTime()).toBeGreaterThan(before)
    expect(signature?.timestamp).toMatchObject({
      verified: true,
      trusted: true,
      authority: 'Signet Timestamp Authority',
    })
    expect(signature?.timestamp?.time.getTime()).toBeGreaterThan(before)
  })

  it('does not trust a chain that leads to another root', async () => {
    const other = await loadOrCreatePki({
      dir: join(temporaryDirectory('other'), 'pki'),
      keys: testKeys,
      production: false,
    })
    const [signature] = await signatures(await signAs(await makePdf(1), 'ann'), [other.root.der])
    expect(signature?.intact).toBe(true)
    expect(signature?.trusted).toBe(false)
    expect(signature?.timestamp?.verified).toBe(true)
    expect(signature?.timestamp?.trusted).toBe(false)
  })

  it('lists later signatures and flags an unsigned update made after a signature', async () => {
    const once = await signAs(await makePdf(1), 'ann')
    const edited = await editAfterwards(once)
    const [afterEdit] = await signatures(edited)
    expect(afterEdit?.intact).toBe(true)
    expect(afterEdit?.coversWholeFile).toBe(false)
    expect(afterEdit?.changedAfter).toBe(true)
    // The ETSI report fails it: what the document shows now is not what was signed.
    const edit = await validatePdf(edited, { trustedRoots: [pki.root.der] })
    if (edit.status !== 'ok') throw new Error('unreadable')
    const etsi = await readEtsiReport(etsiValidationReport(edit, new Date()))
    expect(etsi.schemaErrors).toEqual([])
    expect(etsi.entries[0]).toMatchObject({
      mainIndication: 'urn:etsi:019102:mainindication:total-failed',
      subIndication: 'urn:etsi:019102:subindication:HASH_FAILURE',
    })

    const [first, second] = await signatures(await signAs(edited, 'bo'))
    expect(first?.laterSignatures).toEqual(['Signature2'])
    expect(first?.changedAfter).toBe(true)
    expect(second?.intact).toBe(true)
    expect(second?.changedAfter).toBe(false)

    const [clean] = await signatures(await signAs(once, 'bo'))
    expect(clean?.changedAfter).toBe(false)
    expect(clean?.coversWholeFile).toBe(false)
  })

  it('does not trust a chain of CA certificates that issue each other, and does not follow it for ever', async () => {
    const caKey = await generateKeyPair()
    const ca = (commonName: string, issuer?: Awaited<ReturnType<typeof createCertificate>>) =>
      createCertificate({
        subject: { commonName },
        subjectKey: caKey,
        issuer: issuer && { certificate: issuer, key: caKey.privateKey },
        profile: issuer ? 'issuingCa' : 'rootCa',
        validDays: 30,
      })
    const first = await ca('First CA', await ca('Second CA'))
    const second = await ca('Second CA', first)
    const signerKey = await generateKeyPair()
    const leaf = await createCertificate({
      subject: { commonName: 'Looping Signer' },
      subjectKey: signerKey,
      issuer: { certificate: first, key: caKey.privateKey },
      profile: 'signing',
      validDays: 30,
    })
    const signed = await signPdf(await makePdf(1), {
      signer: {
        name: 'loop',
        email: 'loop@example.org',
        ...localSigner(certificateDer(leaf), signerKey.privateKey, [
          certificateDer(first),
          certificateDer(second),
        ]),
      },
      tsa,
      name: 'loop',
      reason: 'Looping',
    })
    const [signature] = await signatures(signed)
    expect(signature).toMatchObject({ intact: true, trusted: false, timestamp: { trusted: true } })
    expect(signature?.signer?.commonName).toBe('Looping Signer')
  })

  it('judges a PDF signed elsewhere, with another library and certificate', async () => {
    const pair = await generateKeyPair()
    const foreign = await createCertificate({
      subject: { commonName: 'Outside Signer', email: 'outside@example.org', organization: 'Elsewhere' },
      subjectKey: pair,
      profile: 'signing',
      validDays: 30,
    })
    const pdf = await PDF.load(await makePdf(1))
    const signed = await pdf.sign({
      signer: new CryptoKeySigner(pair.privateKey, certificateDer(foreign), 'EC', 'ECDSA'),
      subFilter: 'adbe.pkcs7.detached',
      reason: 'External',
    })
    const [signature] = await signatures(signed.bytes)
    expect(signature).toMatchObject({
      subFilter: 'adbe.pkcs7.detached',
      reason: 'External',
      intact: true,
      quality: 'unknown',
      demo: false,
      trusted: false,
      timestamp: null,
      coversWholeFile: true,
    })
    expect(signature?.signer).toMatchObject({ commonName: 'Outside Signer', email: 'outside@example.org' })
    expect(signature?.signingTime).toBeInstanceOf(Date)
  })

  it('checks a document timestamp (ETSI.RFC3161) added after a signature', async () => {
    const pdf = await PDF.load(await signAs(await makePdf(1), 'ann'))
    const { bytes } = await pdf.addTimestamp({ timestampAuthority: tsa })
    const [signature, documentTimestamp] = await signatures(bytes)
    expect(signature?.intact).toBe(true)
    expect(signature?.changedAfter).toBe(false)
    expect(documentTimestamp).toMatchObject({
      subFilter: 'ETSI.RFC3161',
      intact: true,
      trusted: true,
      coversWholeFile: true,
      timestamp: { verified: true, trusted: true, authority: 'Signet Timestamp Authority' },
    })

    const damaged = Uint8Array.from(bytes)
    const at = Buffer.from(damaged).indexOf('/ModDate (D:') + '/ModDate (D:'.length + 3
    damaged[at] = damaged[at] === 0x31 ? 0x32 : 0x31
    const [, broken] = await signatures(damaged)
    expect(broken?.problems).toEqual(['signature.digest_mismatch'])
  })

  it('answers unreadable for what is not a PDF and no signatures for a plain PDF', async () => {
    expect(await validatePdf(new TextEncoder().encode('hello'), { trustedRoots: [] })).toEqual({
      status: 'unreadable',
      code: 'validation.pdf_unreadable',
    })
    expect(await signatures(await makePdf(1))).toEqual([])
  })

  it('reports every empty signature of a crowded PDF as unsigned and changed after', async () => {
    const reports = await signatures(await crowdedPdf(maxSignatures, 2000))
    expect(reports).toHaveLength(maxSignatures)
    for (const [index, report] of reports.entries()) {
      expect(report).toMatchObject({
        fieldName: `Signature${index}`,
        intact: false,
        problems: ['signature.byte_range_invalid'],
        coversWholeFile: false,
        changedAfter: true,
      })
      expect(report.laterSignatures).toHaveLength(maxSignatures - 1 - index)
    }
  })

  it(`answers too complex for a PDF with more than ${maxSignatures} signatures`, async () => {
    expect(await validatePdf(await crowdedPdf(2000, 2000), { trustedRoots: [] })).toEqual({
      status: 'too_complex',
      code: 'validation.too_complex',
    })
  })
})
