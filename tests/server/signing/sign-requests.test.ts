import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { businessPaths } from '../../../contract/businesses.ts'
import { toCamelCase } from '../../../contract/case.ts'
import { apiPaths } from '../../../contract/paths.ts'
import type { SignatureRequestEventList } from '../../../contract/signature-requests.ts'
import { localSigner } from '../../../server/signing/cms.ts'
import { fromPem } from '../../../server/signing/pem.ts'
import { loadOrCreatePki } from '../../../server/signing/pki.ts'
import { signPdf } from '../../../server/signing/sign-pdf.ts'
import { createTimestampAuthority } from '../../../server/signing/tsa.ts'
import { validatePdf } from '../../../server/signing/validate-pdf.ts'
import { encryptPdf } from '../../fixtures/make-fixtures.ts'
import { goodPassword } from '../accounts/accounts-client.ts'
import { testKeys } from '../keys/test-key-ring.ts'
import { featureDrivers } from '../test-database.ts'
import {
  documentTimestamp,
  makePdf,
  pdfsig,
  qpdfCheck,
  removeTemporaryDirectories,
  temporaryDirectory,
  trustStore,
} from './pdf-tools.ts'
import { type SigningClient, startSigningClient } from './signing-client.ts'

afterAll(removeTemporaryDirectories)

const valid = { signature: 'Signature is Valid.', certificate: 'Certificate is Trusted.' }

describe.each(featureDrivers)('signing requests on %s', (driver) => {
  let api: SigningClient
  let owner: string
  let signer: string
  let stranger: string
  let dir: string
  let nssDir: string
  let caPem: string
  const ownerEmail = 'owner@example.com'
  const signerEmail = 'signer@example.com'

  beforeAll(async () => {
    api = await startSigningClient(driver)
    owner = await api.signUp(ownerEmail)
    signer = await api.signUp(signerEmail, undefined, 'de')
    stranger = await api.signUp('stranger@example.com')
    dir = temporaryDirectory(`sign-requests-${driver}`)
    const ca = await fetch(`${api.server.url}/api${apiPaths.pkiCa()}`)
    expect(ca.status).toBe(200)
    expect(ca.headers.get('content-type')).toBe('application/x-pem-file')
    caPem = await ca.text()
    nssDir = trustStore(dir, caPem)
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  it('publishes the platform CA that the signatures chain up to', () => {
    expect(caPem).toMatch(/^-----BEGIN CERTIFICATE-----/)
    expect(fromPem('CERTIFICATE', caPem)).toHaveLength(2)
  })

  it('signs a request by both signers into PDFs that pdfsig and qpdf accept, and mails them', async () => {
    const request = await api.openRequest(
      owner,
      'Lease',
      [ownerEmail, signerEmail],
      [await makePdf(2), await makePdf(1)],
    )
    const seen = await api.mailIds()

    const first = await api.signed(owner, [
      { signature_request_id: request.id, signing_name: 'Olivia Owner', signing_reason: 'I am the landlord' },
    ])
    expect(first).toEqual([{ signatureRequestId: request.id, result: 'complete', statusOverall: 'OPEN' }])
    // The owner downloads the signed version, as it is after the first signature.
    const firstDocument = request.documents[0]?.id ?? ''
    const afterFirst = await api.downloadSigned(owner, firstDocument)
    expect(await pdfsig(dir, afterFirst, nssDir)).toEqual([valid])
    const halfway = await api.getRequest(owner, request.id)
    expect(halfway.signatures.map((s) => [s.accountEmail, s.status])).toEqual([
      [ownerEmail, 'SIGNED'],
      [signerEmail, 'OPEN'],
    ])

    const second = await api.signed(signer, [{ signature_request_id: request.id }])
    expect(second).toEqual([{ signatureRequestId: request.id, result: 'complete', statusOverall: 'SIGNED' }])
    const done = await api.getRequest(signer, request.id)
    expect(done.statusOverall).toBe('SIGNED')
    expect(done.signatures.every((s) => s.status === 'SIGNED' && s.signedAt !== null)).toBe(true)

    // Both receive the signed documents, each in their language.
    const toOwner = await api.waitForMail(ownerEmail, /“Lease” is signed/, seen)
    expect(toOwner.subject).toBe('“Lease” is signed')
    expect(toOwner.links).toContain(`${api.server.url}/view/${request.id}`)
    const toSigner = await api.waitForMail(signerEmail, /«Lease» ist unterschrieben/, seen)
    expect(toSigner.subject).toBe('«Lease» ist unterschrieben')
    const files = await api.attachments(toSigner.id)
    expect(files.map((file) => file.filename)).toEqual(['Lease 1.pdf', 'Lease 2.pdf'])

    expect(
      Buffer.from(await api.downloadSigned(owner, firstDocument)).equals(Buffer.from(files[0]?.bytes ?? [])),
    ).toBe(true)
    for (const { bytes } of files) {
      // Both signatures, then the archive timestamp over them and their validation data (B-LTA).
      expect(await pdfsig(dir, bytes, nssDir)).toEqual([valid, valid, documentTimestamp])
      const check = qpdfCheck(dir, bytes)
      expect(check.status, check.output).toBe(0)
      const report = await validatePdf(bytes, { trustedRoots: fromPem('CERTIFICATE', caPem).slice(0, 1) })
      if (report.status !== 'ok') throw new Error('unreadable')
      expect(
        report.signatures.map((s) => [
          s.signingName,
          s.reason,
          s.contactInfo,
          s.subFilter,
          s.quality,
          s.intact,
        ]),
      ).toEqual([
        ['Olivia Owner', 'I am the landlord', ownerEmail, 'ETSI.CAdES.detached', 'ses', true],
        ['Ada Lovelace', null, signerEmail, 'ETSI.CAdES.detached', 'ses', true],
        [null, null, null, 'ETSI.RFC3161', 'unknown', true],
      ])
      expect(report.signatures.every((s) => s.trusted && s.timestamp?.verified && !s.changedAfter)).toBe(true)
      // Each signature is B-LTA: its certificates' OCSP answers and CRLs are in the document, under its
      // archive timestamp.
      expect(report.signatures.map((s) => s.level)).toEqual(['B-LTA', 'B-LTA', null])
      // The document security store holds what a validator needs once the certificates have expired.
      const text = Buffer.from(bytes).toString('latin1')
      expect(text).toMatch(/\/DSS \d+ 0 R/)
      expect(text).toMatch(/\/VRI/)
      expect(text).toMatch(/\/OCSPs \[/)
      expect(text).toMatch(/\/CRLs \[/)
    }

    // One flipped byte inside the signed range: pdfsig sees the damage.
    const damaged = Uint8Array.from(files[0]?.bytes ?? [])
    // A digit of the original modification date: inside both signed ranges, still a readable PDF.
    const at = Buffer.from(damaged).indexOf('/ModDate (D:') + '/ModDate (D:'.length + 3
    expect(at).toBeGreaterThan(20)
    damaged[at] = damaged[at] === 0x31 ? 0x32 : 0x31
    const verdicts = await pdfsig(dir, damaged, nssDir)
    expect(verdicts.length).toBe(3)
    expect(verdicts.every((v) => v.signature !== 'Signature is Valid.')).toBe(true)

    const events = toCamelCase(
      await (await api.call('GET', apiPaths.signatureRequestEvents(request.id), { token: owner })).json(),
    ) as SignatureRequestEventList
    expect(events.events.filter((e) => e.type === 'signed').map((e) => e.actorEmail)).toEqual([
      ownerEmail,
      signerEmail,
    ])
  })

  it('keeps the signature of a PDF signed elsewhere and adds its own on top, archived', async () => {
    // Signed before upload by another authority, whose CA the platform knows nothing of.
    const elsewhere = await loadOrCreatePki({
      dir: join(dir, 'elsewhere-pki'),
      keys: testKeys,
      production: false,
    })
    const certificate = await elsewhere.signatureCertificate(elsewhere.platform)
    const signedElsewhere = await signPdf(await makePdf(1), {
      signer: {
        name: 'Erika Elsewhere',
        email: 'erika@elsewhere.example',
        ...localSigner(certificate.der, certificate.key, certificate.chain),
      },
      tsa: createTimestampAuthority(elsewhere.tsa, () => new Date()),
      name: 'Erika Elsewhere',
      reason: 'Approved before upload',
    })
    const request = await api.openRequest(owner, 'Countersigned', [ownerEmail], [signedElsewhere])
    const [result] = await api.signed(owner, [{ signature_request_id: request.id }])
    expect(result).toMatchObject({ result: 'complete', statusOverall: 'SIGNED' })
    const bytes = await api.downloadSigned(owner, request.documents[0]?.id ?? '')
    const report = await validatePdf(bytes, {
      trustedRoots: [...fromPem('CERTIFICATE', caPem).slice(0, 1), elsewhere.root.der],
    })
    if (report.status !== 'ok') throw new Error('unreadable')
    // Both signatures hold, nothing changed after either; the other authority's revocation data is not
    // fetched, so its signature stays B-T while the platform's is B-LTA.
    expect(
      report.signatures.map((s) => [
        s.signingName,
        s.subFilter,
        s.intact,
        s.trusted,
        s.changedAfter,
        s.level,
      ]),
    ).toEqual([
      ['Erika Elsewhere', 'ETSI.CAdES.detached', true, true, false, 'B-T'],
      ['Ada Lovelace', 'ETSI.CAdES.detached', true, true, false, 'B-LTA'],
      [null, 'ETSI.RFC3161', true, true, false, null],
    ])
  })

  it('puts the signature box where the call places it', async () => {
    const request = await api.openRequest(owner, 'Placed', [signerEmail], [await makePdf(3)])
    const documentId = request.documents[0]?.id ?? ''
    await api.expectError(
      await api.sign(signer, [
        { signature_request_id: request.id, document_signatures: [{ document_id: documentId, page: 3 }] },
      ]),
      400,
      'request.invalid',
      'signature_requests.0.document_signatures.0.page',
    )
    const seen = await api.mailIds()
    await api.signed(signer, [
      {
        signature_request_id: request.id,
        document_signatures: [{ document_id: documentId, page: 0, x: 100, y: 500 }],
      },
    ])
    const mail = await api.waitForMail(signerEmail, /«Placed» ist unterschrieben/, seen)
    const [file] = await api.attachments(mail.id)
    const text = Buffer.from(file?.bytes ?? []).toString('latin1')
    expect(text).toMatch(/\/Rect \[\s*100 500 400 640\s*\]/)
    expect(await pdfsig(dir, file?.bytes ?? new Uint8Array(), nssDir)).toEqual([valid, documentTimestamp])
  })

  it('signs a PDF that has only a permissions password, and refuses one that needs a password to open', async () => {
    const plain = join(dir, 'permissions-plain.pdf')
    const permissions = join(dir, 'permissions-only.pdf')
    const locked = join(dir, 'locked.pdf')
    writeFileSync(plain, await makePdf(1))
    encryptPdf(plain, permissions, '')
    encryptPdf(plain, locked, 'open-sesame')
    const request = await api.openRequest(owner, 'Protected', [signerEmail], [readFileSync(permissions)])
    const [result] = await api.signed(signer, [{ signature_request_id: request.id }])
    expect(result?.result).toBe('complete')
    const signed = await api.downloadSigned(owner, request.documents[0]?.id ?? '')
    // One with a permissions password stays B-T: no archive timestamp that could not be read back.
    expect(await pdfsig(dir, signed, nssDir)).toEqual([valid])

    const draft = await api.call('POST', apiPaths.signatureRequests(), {
      token: owner,
      body: { title: 'Locked' },
    })
    const { id } = (await draft.json()) as { id: string }
    const form = new FormData()
    form.set('file', new Blob([readFileSync(locked)], { type: 'application/pdf' }), 'locked.pdf')
    const refused = await fetch(`${api.server.url}/api${apiPaths.signatureRequestDocuments(id)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}` },
      body: form,
    })
    await api.expectError(refused, 422, 'document.encrypted')
  })

  it('keeps both of two signers who sign at the same moment, in order, each valid', async () => {
    const request = await api.openRequest(owner, 'Race', [ownerEmail, signerEmail], [await makePdf(2)])
    const seen = await api.mailIds()
    const answers = await Promise.all([
      api.signed(owner, [{ signature_request_id: request.id }]),
      api.signed(signer, [{ signature_request_id: request.id }]),
    ])
    expect(answers.map(([answer]) => answer?.result)).toEqual(['complete', 'complete'])
    expect(answers.map(([answer]) => answer?.statusOverall).sort()).toEqual(['OPEN', 'SIGNED'])
    const mail = await api.waitForMail(ownerEmail, /“Race” is signed/, seen)
    const [file] = await api.attachments(mail.id)
    expect(await pdfsig(dir, file?.bytes ?? new Uint8Array(), nssDir)).toEqual([
      valid,
      valid,
      documentTimestamp,
    ])
    expect(qpdfCheck(dir, file?.bytes ?? new Uint8Array()).status).toBe(0)
  })

  it('refuses bad signings with a clear 4xx and signs nothing', async () => {
    const request = await api.openRequest(owner, 'Refusals', [signerEmail], [await makePdf(1)])
    const item = { signature_request_id: request.id }
    // Someone who may not see the request, and a request that does not exist: 404.
    await api.expectError(await api.sign(stranger, [item]), 404, 'signature_request.not_found')
    await api.expectError(
      await api.sign(signer, [{ signature_request_id: '00000000-0000-4000-8000-000000000000' }]),
      404,
      'signature_request.not_found',
    )
    await api.expectError(
      await api.sign(signer, [{ signature_request_id: 'nope' }]),
      404,
      'signature_request.not_found',
    )
    // The sender who is not a signer.
    await api.expectError(await api.sign(owner, [item]), 409, 'signature_request.not_a_signer')
    // Malformed bodies.
    await api.expectError(await api.sign(signer, []), 400, 'request.invalid', 'signature_requests')
    await api.expectError(
      await api.sign(signer, [item, item]),
      400,
      'request.invalid',
      'signature_requests.1.signature_request_id',
    )
    expect((await api.getRequest(signer, request.id)).signatures[0]?.status).toBe('OPEN')

    // Signing twice: the second time is refused, and a call listing a refused request signs none of it.
    const other = await api.openRequest(owner, 'Other', [signerEmail], [await makePdf(1)])
    await api.signed(signer, [item])
    await api.expectError(
      await api.sign(signer, [{ signature_request_id: other.id }, item]),
      409,
      'signature_request.not_open',
    )
    expect((await api.getRequest(signer, other.id)).signatureStatus).toBe('OPEN')

    // A withdrawn request.
    const withdrawn = await api.openRequest(owner, 'Withdrawn', [signerEmail], [await makePdf(1)])
    const response = await api.call('POST', apiPaths.withdrawSignatureRequest(withdrawn.id), {
      token: owner,
      body: {},
    })
    expect(response.status).toBe(200)
    await api.expectError(
      await api.sign(signer, [{ signature_request_id: withdrawn.id }]),
      409,
      'signature_request.not_open',
    )
  })

  it('answers the qualities the user may sign with', async () => {
    const response = await api.call('GET', apiPaths.signatureQualitiesDetail(), { token: signer })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ses: { any: { quality: 'ses' } }, signing_quality: 'ses' })
  })
})

describe.each(featureDrivers)('free signatures on %s', (driver) => {
  let api: SigningClient

  beforeAll(async () => {
    api = await startSigningClient(driver, { freeSignatures: 1 })
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  it('answers exhausted once the free signatures are spent, and signs nothing', async () => {
    const email = 'free@example.com'
    const token = await api.signUp(email)
    const first = await api.openRequest(token, 'First', [email], [await makePdf(1)])
    const second = await api.openRequest(token, 'Second', [email], [await makePdf(1)])
    expect(await api.signed(token, [{ signature_request_id: first.id }])).toEqual([
      { signatureRequestId: first.id, result: 'complete', statusOverall: 'SIGNED' },
    ])
    expect((await api.readUser(token)).attributes.free_signatures_remaining).toEqual(['0'])
    expect(await api.signed(token, [{ signature_request_id: second.id }])).toEqual([
      { signatureRequestId: second.id, result: 'exhausted', statusOverall: 'OPEN' },
    ])
    expect((await api.getRequest(token, second.id)).signatureStatus).toBe('OPEN')
  })

  it('lets a member sign on the business while its trial runs, without spending free signatures', async () => {
    const email = 'member@team.example'
    const token = await api.signUp(email)
    const spent = await api.openRequest(token, 'Spent', [email], [await makePdf(1)])
    await api.signed(token, [{ signature_request_id: spent.id }])
    expect((await api.readUser(token)).attributes.free_signatures_remaining).toEqual(['0'])
    const admin = await api.signUp('admin@team.example')
    const business = await api.call('POST', businessPaths.businesses(), {
      token: admin,
      body: {
        name: 'Team AG',
        email: 'admin@team.example',
        billing: { address1: 'A 1', city: 'Bern', postal_code: '3000', country: 'CH' },
      },
    })
    const { id } = (await business.json()) as { id: string }
    await api.call('POST', businessPaths.businessMembers(id), { token: admin, body: { users: [email] } })
    expect(
      (await api.call('POST', apiPaths.accept(), { token, body: { business_invite: true } })).status,
    ).toBe(200)

    const paid = await api.openRequest(token, 'Paid by the business', [email], [await makePdf(1)])
    expect(await api.signed(token, [{ signature_request_id: paid.id }])).toEqual([
      { signatureRequestId: paid.id, result: 'complete', statusOverall: 'SIGNED' },
    ])
    expect((await api.readUser(token)).attributes.free_signatures_remaining).toEqual(['0'])

    // Once the trial is over without a payment method, the business pays no more.
    api.clock.advance(15 * 24 * 60 * 60 * 1000)
    const again = String(((await (await api.login(email, goodPassword)).json()) as { token: string }).token)
    const late = await api.openRequest(again, 'After the trial', [email], [await makePdf(1)])
    expect(await api.signed(again, [{ signature_request_id: late.id }])).toEqual([
      { signatureRequestId: late.id, result: 'exhausted', statusOverall: 'OPEN' },
    ])
  })
})
