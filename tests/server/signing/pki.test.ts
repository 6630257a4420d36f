import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import { afterAll, describe, expect, it } from 'vitest'
import { describeCertificate } from '../../../server/signing/certificate-info.ts'
import { cryptoEngine } from '../../../server/signing/crypto-engine.ts'
import { OID } from '../../../server/signing/oids.ts'
import { fromPem } from '../../../server/signing/pem.ts'
import {
  type CertificateRecorder,
  type CertifiedKey,
  loadOrCreatePki,
  type PkiOptions,
  renewedKeyFiles,
  serialHex,
} from '../../../server/signing/pki.ts'
import { certificateDer, parseCertificate } from '../../../server/signing/x509.ts'
import { testKeys } from '../keys/test-key-ring.ts'
import { removeTemporaryDirectories, temporaryDirectory } from './pdf-tools.ts'

afterAll(removeTemporaryDirectories)

function extension(certificate: pkijs.Certificate, id: string): pkijs.Extension {
  const found = certificate.extensions?.find((candidate) => candidate.extnID === id)
  if (!found) throw new Error(`extension ${id} missing`)
  return found
}

async function chainValid(leaf: pkijs.Certificate, chain: Uint8Array[], root: Uint8Array, at = new Date()) {
  const engine = new pkijs.CertificateChainValidationEngine({
    checkDate: at,
    trustedCerts: [pkijs.Certificate.fromBER(Uint8Array.from(root))],
    certs: [leaf, ...chain.map((der) => pkijs.Certificate.fromBER(Uint8Array.from(der)))],
  })
  return (await engine.verify({}, cryptoEngine)).result
}

describe('loadOrCreatePki', () => {
  it('creates the PKI on first use and loads the same certificates from disk afterwards', async () => {
    const dir = join(temporaryDirectory('pki'), 'pki')
    const created = await loadOrCreatePki({ dir, keys: testKeys, production: false })
    const loaded = await loadOrCreatePki({ dir, keys: testKeys, production: false })
    for (const part of ['root', 'issuing', 'tsa', 'platform', 'ocsp'] as const) {
      expect(Buffer.from(loaded[part].der).equals(Buffer.from(created[part].der))).toBe(true)
      expect(statSync(join(dir, `${part}.key.sealed`)).mode & 0o777).toBe(0o600)
    }
    // The reloaded key still signs for the stored certificate.
    const issued = await loaded.issueSignerCertificate({
      name: 'Ann Example',
      email: 'ann@example.com',
      quality: 'aes',
    })
    expect(await chainValid(issued.certificate, issued.chain, created.root.der)).toBe(true)
  })

  it('adds the OCSP responder to a PKI stored before it had one, and keeps it', async () => {
    const dir = join(temporaryDirectory('pki'), 'pki')
    const before = await loadOrCreatePki({ dir, keys: testKeys, production: false })
    rmSync(join(dir, 'ocsp.pem'))
    rmSync(join(dir, 'ocsp.key.sealed'))
    const added = await loadOrCreatePki({ dir, keys: testKeys, production: false })
    expect(Buffer.from(added.issuing.der).equals(Buffer.from(before.issuing.der))).toBe(true)
    expect(Buffer.from(added.ocsp.der).equals(Buffer.from(before.ocsp.der))).toBe(false)
    expect(describeCertificate(added.ocsp.certificate).commonName).toBe('Signet OCSP Responder')
    const usage = extension(added.ocsp.certificate, OID.extKeyUsage).parsedValue as pkijs.ExtKeyUsage
    expect(usage.keyPurposes).toEqual([OID.ocspSigning])
    expect(extension(added.ocsp.certificate, OID.ocspNoCheck).critical).toBe(false)
    expect(
      await chainValid(added.ocsp.certificate, [added.issuing.der, added.root.der], added.root.der),
    ).toBe(true)
    const again = await loadOrCreatePki({ dir, keys: testKeys, production: false })
    expect(Buffer.from(again.ocsp.der).equals(Buffer.from(added.ocsp.der))).toBe(true)
  })

  it('builds a root CA, an issuing CA, a timestamping and a simple-signature certificate', async () => {
    const pki = await loadOrCreatePki({
      dir: join(temporaryDirectory('pki'), 'pki'),
      keys: testKeys,
      production: true,
    })
    const root = pki.root.certificate
    expect(describeCertificate(root).commonName).toBe('Signet Root CA')
    expect(extension(root, OID.basicConstraints).critical).toBe(true)
    expect((extension(root, OID.basicConstraints).parsedValue as pkijs.BasicConstraints).cA).toBe(true)
    expect(await root.verify(undefined, cryptoEngine)).toBe(true)
    expect(await pki.issuing.certificate.verify(root, cryptoEngine)).toBe(true)

    const tsaUsage = extension(pki.tsa.certificate, OID.extKeyUsage)
    expect(tsaUsage.critical).toBe(true)
    expect((tsaUsage.parsedValue as pkijs.ExtKeyUsage).keyPurposes).toEqual([OID.timeStamping])
    expect(await chainValid(pki.tsa.certificate, pki.tsa.chain, pki.root.der)).toBe(true)

    const platform = describeCertificate(pki.platform.certificate)
    expect(platform.commonName).toContain('Signet')
    expect(platform.policies).toEqual([OID.policySes])
    const keyUsage = extension(pki.platform.certificate, OID.keyUsage).parsedValue as asn1js.BitString
    // digitalSignature and nonRepudiation are the two leading bits.
    expect(keyUsage.valueBlock.valueHexView[0]).toBe(0xc0)
    expect(await chainValid(pki.platform.certificate, [pki.issuing.der, pki.root.der], pki.root.der)).toBe(
      true,
    )

    const subjectKeyId = extension(pki.issuing.certificate, OID.subjectKeyIdentifier)
    const authorityKeyId = extension(pki.platform.certificate, OID.authorityKeyIdentifier)
    const ski = asn1js.fromBER(subjectKeyId.extnValue.valueBlock.valueHexView).result as asn1js.OctetString
    const aki = authorityKeyId.parsedValue as pkijs.AuthorityKeyIdentifier
    expect(Buffer.from(aki.keyIdentifier?.valueBlock.valueHexView ?? []).toString('hex')).toBe(
      Buffer.from(ski.valueBlock.valueHexView).toString('hex'),
    )
    expect(pki.platform.certificate.serialNumber.isEqual(pki.tsa.certificate.serialNumber)).toBe(false)
  })

  it('publishes the root and issuing CA as PEM', async () => {
    const pki = await loadOrCreatePki({
      dir: join(temporaryDirectory('pki'), 'pki'),
      keys: testKeys,
      production: true,
    })
    const certificates = fromPem('CERTIFICATE', await pki.caPem())
    expect(certificates.map((der) => Buffer.from(der).toString('hex'))).toEqual(
      [pki.root.der, pki.issuing.der].map((der) => Buffer.from(der).toString('hex')),
    )
  })

  it('marks per-signer certificates as demo certificates outside production only', async () => {
    const demo = await loadOrCreatePki({
      dir: join(temporaryDirectory('pki'), 'pki'),
      keys: testKeys,
      production: false,
    })
    const issued = await demo.issueSignerCertificate({
      name: 'Ann Example',
      email: 'ann@example.com',
      quality: 'qes',
    })
    const info = describeCertificate(issued.certificate)
    expect(info.commonName).toBe('Ann Example')
    expect(info.email).toBe('ann@example.com')
    expect(info.organizationalUnit).toContain('DEMO')
    expect(info.organization).toContain('DEMO')
    expect(info.policies).toEqual([OID.policyQes, OID.policyDemo])

    const production = await loadOrCreatePki({
      dir: join(temporaryDirectory('pki'), 'pki'),
      keys: testKeys,
      production: true,
    })
    const real = describeCertificate(
      (await production.issueSignerCertificate({ name: 'Bo', email: 'bo@example.com', quality: 'aes' }))
        .certificate,
    )
    expect(`${real.organization} ${real.organizationalUnit}`).not.toContain('DEMO')
    expect(real.policies).toEqual([OID.policyAes])
  })

  it('reissues a leaf under a fresh serial for each signature, same key and subject', async () => {
    const pki = await loadOrCreatePki({
      dir: join(temporaryDirectory('pki'), 'pki'),
      keys: testKeys,
      production: false,
    })
    const copy = await pki.signatureCertificate(pki.platform)
    const certificate = parseCertificate(copy.der)
    expect(copy.key).toBe(pki.platform.key)
    expect(certificate.serialNumber.isEqual(pki.platform.certificate.serialNumber)).toBe(false)
    expect(describeCertificate(certificate)).toMatchObject({
      ...describeCertificate(pki.platform.certificate),
      serialNumber: describeCertificate(certificate).serialNumber,
    })
    expect(await certificate.verify(pki.issuing.certificate, cryptoEngine)).toBe(true)
    expect(await chainValid(certificate, copy.chain, pki.root.der)).toBe(true)
  })
})

describe('renewal of the issuing CA', () => {
  const day = 24 * 60 * 60 * 1000
  const hex = (key: { der: Uint8Array }) => Buffer.from(key.der).toString('hex')
  /** Whether `key` signs what its certificate's public key verifies. */
  async function signsFor(key: CertifiedKey) {
    const data = new TextEncoder().encode('kept')
    const algorithm = { name: 'ECDSA', hash: 'SHA-256' }
    const signature = await crypto.subtle.sign(algorithm, key.key, data)
    const publicKey = await crypto.subtle.importKey(
      'spki',
      key.certificate.subjectPublicKeyInfo.toSchema().toBER(false),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    )
    return crypto.subtle.verify(algorithm, publicKey, signature, data)
  }

  it('issues a new issuing CA under the root once the first comes within the margin of its end', async () => {
    const dir = join(temporaryDirectory('pki'), 'pki')
    const recorded: { ca: string; kind: string; serial: string }[] = []
    const record: CertificateRecorder = async ({ ca, kind, serial }) => {
      recorded.push({ ca, kind, serial })
    }
    const options = { dir, keys: testKeys, production: false, record, issuingRenewBeforeMs: 1000 * day }
    const pki = await loadOrCreatePki(options)
    const first = pki.issuing
    const end = first.certificate.notAfter.value.getTime()

    // More than the margin left: the first one stays.
    expect(hex(await pki.renewIssuingCa(new Date(end - 1001 * day)))).toBe(hex(first))
    expect((await pki.issuingCas()).map(hex)).toEqual([hex(first)])

    const at = new Date(end - 999 * day)
    const renewed = await pki.renewIssuingCa(at)
    expect(hex(renewed)).not.toBe(hex(first))
    expect(describeCertificate(renewed.certificate)).toMatchObject({ commonName: 'Signet Issuing CA 2' })
    expect(await renewed.certificate.verify(pki.root.certificate, cryptoEngine)).toBe(true)
    const constraints = extension(renewed.certificate, OID.basicConstraints)
      .parsedValue as pkijs.BasicConstraints
    expect(constraints).toMatchObject({ cA: true, pathLenConstraint: 0 })
    expect(renewed.certificate.notBefore.value.getTime()).toBe(at.getTime() - 60 * 60 * 1000)
    expect(renewed.certificate.notAfter.value.getTime()).toBe(at.getTime() + 3650 * day)
    // The root's OCSP and CRL know it.
    expect(recorded).toContainEqual({
      ca: 'root',
      kind: 'issuing_ca',
      serial: serialHex(renewed.certificate),
    })
    // Asked again, by this process or another: the same one, no third.
    expect(hex(await pki.renewIssuingCa(new Date(at.getTime() + day)))).toBe(hex(renewed))

    // Both kept sealed; the next start loads both, each with its key, and records the new one again.
    const sealed = join(dir, `issuing-${serialHex(renewed.certificate)}.key.sealed`)
    expect(statSync(sealed).mode & 0o777).toBe(0o600)
    expect(readFileSync(sealed, 'utf8')).toMatch(/^signet-sealed-key:v1:/)
    expect(await renewedKeyFiles(dir)).toEqual([sealed])
    recorded.length = 0
    const restarted = await loadOrCreatePki(options)
    const kept = await restarted.issuingCas()
    expect(kept.map(hex)).toEqual([hex(first), hex(renewed)])
    for (const key of kept) expect(await signsFor(key)).toBe(true)
    expect(recorded).toContainEqual({
      ca: 'root',
      kind: 'issuing_ca',
      serial: serialHex(renewed.certificate),
    })
    expect(hex(await restarted.renewIssuingCa(new Date(at.getTime() + day)))).toBe(hex(renewed))
  })

  it('issues new certificates from the newest issuing CA, each with its chain, and copies by their own CA', async () => {
    const dir = join(temporaryDirectory('pki'), 'pki')
    const recorded: { ca: string; kind: string; serial: string }[] = []
    const record: CertificateRecorder = async ({ ca, kind, serial }) => {
      recorded.push({ ca, kind, serial })
    }
    // The server's clock, which dates the certificates issued.
    let at = new Date()
    const now = () => at
    const pki = await loadOrCreatePki({ dir, keys: testKeys, production: false, record, now })
    const signer = { name: 'Ann Example', email: 'ann@example.com', quality: 'aes' } as const
    const before = await pki.issueSignerCertificate(signer)
    at = new Date(pki.issuing.certificate.notAfter.value.getTime() - 1000 * day)
    const renewed = await pki.renewIssuingCa(at)
    expect(renewed.ca).toBe(`issuing-${serialHex(renewed.certificate)}`)

    const after = await pki.issueSignerCertificate(signer)
    expect(await after.certificate.verify(renewed.certificate, cryptoEngine)).toBe(true)
    expect(after.chain.map((der) => Buffer.from(der).toString('hex'))).toEqual(
      [renewed.der, pki.root.der].map((der) => Buffer.from(der).toString('hex')),
    )
    expect(await chainValid(after.certificate, after.chain, pki.root.der, at)).toBe(true)
    expect(recorded).toContainEqual({ ca: renewed.ca, kind: 'signer', serial: serialHex(after.certificate) })
    // It names the new CA's CRL and certificate, which the old one's do not.
    const pointers = (certificate: pkijs.Certificate) =>
      (certificate.extensions ?? [])
        .filter((found) =>
          [OID.crlDistributionPoints, OID.authorityInfoAccess].some((id) => id === found.extnID),
        )
        .map((found) => Buffer.from(found.extnValue.valueBlock.valueHexView).toString('latin1'))
        .join(' ')
    expect(pointers(after.certificate)).toBe('')
    const addressed = await loadOrCreatePki({
      dir,
      keys: testKeys,
      production: false,
      publicUrl: 'https://sign.example',
      now,
    })
    const named = await addressed.issueSignerCertificate(signer)
    expect(pointers(named.certificate)).toContain(`https://sign.example/api/pki/crl/${renewed.ca}.crl`)
    expect(pointers(named.certificate)).toContain(`https://sign.example/api/pki/ca/${renewed.ca}.cer`)

    // A copy for one signature comes from the CA of the certificate copied, with that CA's chain.
    for (const [base, ca] of [
      [before, pki.issuing],
      [pki.platform, pki.issuing],
      [after, renewed],
    ] as const) {
      const copy = await pki.signatureCertificate(base)
      expect(await parseCertificate(copy.der).verify(ca.certificate, cryptoEngine)).toBe(true)
      expect(copy.chain).toEqual([ca.der, pki.root.der])
    }

    // The timestamp authority's next key comes from the new CA too.
    const tsa = await pki.renewTimestampKey(new Date(pki.tsa.certificate.notAfter.value.getTime() - day))
    expect(await tsa.certificate.verify(renewed.certificate, cryptoEngine)).toBe(true)
    expect(tsa.chain[0]).toEqual(renewed.der)
    // It ends with that CA at the latest.
    expect(tsa.certificate.notAfter.value.getTime()).toBeLessThanOrEqual(
      renewed.certificate.notAfter.value.getTime(),
    )
    expect(recorded).toContainEqual({ ca: renewed.ca, kind: 'tsa', serial: serialHex(tsa.certificate) })

    // Simple signatures' next key comes from the new CA too, and copies of it with the new CA's chain; the next
    // start keeps the new one and records it again.
    const platform = await pki.renewPlatformKey(at)
    expect(await platform.certificate.verify(renewed.certificate, cryptoEngine)).toBe(true)
    expect(describeCertificate(platform.certificate)).toMatchObject({
      commonName: 'Signet Simple Electronic Signature',
      policies: [OID.policySes, OID.policyDemo],
    })
    expect(hex(await pki.platformKey())).toBe(hex(platform))
    expect(hex(await pki.renewPlatformKey(new Date(at.getTime() + day)))).toBe(hex(platform))
    expect((await pki.signatureCertificate(platform)).chain).toEqual([renewed.der, pki.root.der])
    recorded.length = 0
    const restarted = await loadOrCreatePki({ dir, keys: testKeys, production: false, record, now })
    expect(hex(await restarted.platformKey())).toBe(hex(platform))
    expect(recorded).toContainEqual({
      ca: renewed.ca,
      kind: 'platform',
      serial: serialHex(platform.certificate),
    })
    expect(fromPem('CERTIFICATE', await pki.caPem())).toEqual([pki.root.der, pki.issuing.der, renewed.der])
  })

  it('gives simple signatures a new key from a renewed issuing CA though the first has years left', async () => {
    const dir = join(temporaryDirectory('pki'), 'pki')
    let at = new Date()
    const pki = await loadOrCreatePki({
      dir,
      keys: testKeys,
      production: false,
      issuingRenewBeforeMs: 3285 * day,
      now: () => at,
    })
    at = new Date(pki.issuing.certificate.notAfter.value.getTime() - 3284 * day)
    // Years left, from the newest issuing CA: kept.
    expect(hex(await pki.renewPlatformKey(at))).toBe(hex(pki.platform))
    const renewed = await pki.renewIssuingCa(at)
    expect(pki.platform.certificate.notAfter.value.getTime() - at.getTime()).toBeGreaterThan(1000 * day)
    const platform = await pki.renewPlatformKey(at)
    expect(hex(platform)).not.toBe(hex(pki.platform))
    expect(await platform.certificate.verify(renewed.certificate, cryptoEngine)).toBe(true)
    expect(hex(await pki.platformKey())).toBe(hex(platform))
  })

  it('renews no issuing CA that the root would not outlive by the margin', async () => {
    const dir = join(temporaryDirectory('pki'), 'pki')
    const pki = await loadOrCreatePki({ dir, keys: testKeys, production: false })
    const rootEnd = pki.root.certificate.notAfter.value.getTime()
    expect(hex(await pki.renewIssuingCa(new Date(rootEnd - 1000 * day)))).toBe(hex(pki.issuing))
    expect(await pki.issuingCas()).toHaveLength(1)
  })
})

describe('renewal of the root CA', () => {
  const day = 24 * 60 * 60 * 1000
  const hex = (der: Uint8Array) => Buffer.from(der).toString('hex')
  const keyOf = (certificate: pkijs.Certificate) =>
    hex(new Uint8Array(certificate.subjectPublicKeyInfo.toSchema().toBER(false)))

  /** A PKI in a fresh directory whose clock reads `clock.at`, renewing its root 3650 days before its end. */
  async function renewingPki(record?: CertificateRecorder, margins: Partial<PkiOptions> = {}) {
    const dir = join(temporaryDirectory('pki'), 'pki')
    // Whole seconds, as certificates keep them.
    const clock = { at: new Date(Math.floor(Date.now() / 1000) * 1000) }
    const options = {
      dir,
      keys: testKeys,
      production: false,
      publicUrl: 'https://sign.example',
      now: () => clock.at,
      ...(record === undefined ? {} : { record }),
      ...margins,
    }
    return { dir, clock, options, pki: await loadOrCreatePki(options) }
  }

  it('makes a new root once the newest comes within the margin of its end, linked both ways with the old one', async () => {
    const recorded: { ca: string; kind: string; serial: string }[] = []
    const { dir, clock, options, pki } = await renewingPki(async ({ ca, kind, serial }) => {
      recorded.push({ ca, kind, serial })
    })
    const end = pki.root.certificate.notAfter.value.getTime()

    // More than the margin left: the first one stays, with no link.
    const first = await pki.renewRootCa(new Date(end - 3651 * day))
    expect(first.ca).toBe('root')
    expect(await pki.roots()).toHaveLength(1)
    expect(await pki.links()).toEqual([])

    clock.at = new Date(end - 3649 * day)
    const renewed = await pki.renewRootCa(clock.at)
    expect(renewed.ca).toBe(`root-${serialHex(renewed.certificate)}`)
    expect(describeCertificate(renewed.certificate)).toMatchObject({ commonName: 'Signet Root CA 2' })
    expect(await renewed.certificate.verify(undefined, cryptoEngine)).toBe(true)
    expect(renewed.certificate.notAfter.value.getTime()).toBe(clock.at.getTime() + 7300 * day)
    expect((await pki.roots()).map((root) => root.ca)).toEqual(['root', renewed.ca])
    // Asked again, by this process or another: the same one, no third.
    expect(hex((await pki.renewRootCa(new Date(clock.at.getTime() + day))).der)).toBe(hex(renewed.der))

    // Old signs new and new signs old: each the other's name and key, ending with the old root.
    const links = (await pki.links()).map(parseCertificate)
    expect(links).toHaveLength(2)
    const oldSignsNew = links.find((link) => link.subject.isEqual(renewed.certificate.subject))
    const newSignsOld = links.find((link) => link.subject.isEqual(pki.root.certificate.subject))
    if (oldSignsNew === undefined || newSignsOld === undefined) throw new Error('a link is missing')
    expect(await oldSignsNew.verify(pki.root.certificate, cryptoEngine)).toBe(true)
    expect(keyOf(oldSignsNew)).toBe(keyOf(renewed.certificate))
    expect(await newSignsOld.verify(renewed.certificate, cryptoEngine)).toBe(true)
    expect(keyOf(newSignsOld)).toBe(keyOf(pki.root.certificate))
    for (const link of links) {
      expect((extension(link, OID.basicConstraints).parsedValue as pkijs.BasicConstraints).cA).toBe(true)
      expect(link.notAfter.value.getTime()).toBeLessThanOrEqual(end)
    }
    // Each root's OCSP and CRL know the link it issued.
    expect(recorded).toContainEqual({ ca: 'root', kind: 'link_ca', serial: serialHex(oldSignsNew) })
    expect(recorded).toContainEqual({ ca: renewed.ca, kind: 'link_ca', serial: serialHex(newSignsOld) })
    expect(fromPem('CERTIFICATE', await pki.linksPem()).map(hex)).toEqual((await pki.links()).map(hex))

    // The new key is kept sealed; the next start loads both roots and records the links again.
    const sealed = join(dir, `root-${serialHex(renewed.certificate)}.key.sealed`)
    expect(statSync(sealed).mode & 0o777).toBe(0o600)
    expect(await renewedKeyFiles(dir)).toEqual([sealed])
    recorded.length = 0
    const restarted = await loadOrCreatePki(options)
    expect((await restarted.roots()).map((root) => hex(root.der))).toEqual(
      [pki.root.der, renewed.der].map(hex),
    )
    expect(recorded).toContainEqual({ ca: renewed.ca, kind: 'link_ca', serial: serialHex(newSignsOld) })

    // A renewal cut short before its links: the next run makes them.
    for (const name of readdirSync(dir).filter((file) => file.startsWith('link-'))) rmSync(join(dir, name))
    await restarted.renewRootCa(new Date(clock.at.getTime() + day))
    expect(await restarted.links()).toHaveLength(2)
  })

  it('issues the next issuing CA from the newest root, and a validator that trusts either root reaches both', async () => {
    // The largest margins: both fall due 400 days on.
    const { clock, pki } = await renewingPki(undefined, {
      rootRenewBeforeMs: 6935 * day,
      issuingRenewBeforeMs: 3285 * day,
    })
    const signer = { name: 'Ann Example', email: 'ann@example.com', quality: 'aes' } as const
    const before = await pki.issueSignerCertificate(signer)
    const end = pki.root.certificate.notAfter.value.getTime()
    clock.at = new Date(clock.at.getTime() + 400 * day)
    const newRoot = await pki.renewRootCa(clock.at)
    const issuing = await pki.renewIssuingCa(clock.at)
    expect(await issuing.certificate.verify(newRoot.certificate, cryptoEngine)).toBe(true)
    expect(issuing.chain.map(hex)).toEqual([issuing.der, newRoot.der].map(hex))
    expect(issuing.certificate.notAfter.value.getTime()).toBe(clock.at.getTime() + 3650 * day)
    const pointers = Buffer.from(
      extension(issuing.certificate, OID.crlDistributionPoints).extnValue.valueBlock.valueHexView,
    ).toString('latin1')
    expect(pointers).toContain(`https://sign.example/api/pki/crl/${newRoot.ca}.crl`)
    expect((await pki.issuerOf(issuing.certificate))?.ca).toBe(newRoot.ca)

    const after = await pki.issueSignerCertificate(signer)
    expect(after.chain.map(hex)).toEqual([issuing.der, newRoot.der].map(hex))
    // Each leaf leads to its own root, and through a link to the other root. (Not through both links at once:
    // two certificates that issue each other send pkijs round in circles.)
    const links = (await pki.links()).map(parseCertificate)
    const link = (subject: pkijs.Certificate) =>
      certificateDer(links.find((found) => found.subject.isEqual(subject.subject)) ?? subject)
    const at = clock.at
    expect(await chainValid(before.certificate, before.chain, pki.root.der, at)).toBe(true)
    expect(await chainValid(after.certificate, after.chain, newRoot.der, at)).toBe(true)
    expect(await chainValid(before.certificate, [pki.issuing.der], newRoot.der, at)).toBe(false)
    const newSignsOld = link(pki.root.certificate)
    expect(await chainValid(before.certificate, [pki.issuing.der, newSignsOld], newRoot.der, at)).toBe(true)
    expect(await chainValid(after.certificate, [issuing.der], pki.root.der, at)).toBe(false)
    const oldSignsNew = link(newRoot.certificate)
    expect(await chainValid(after.certificate, [issuing.der, oldSignsNew], pki.root.der, at)).toBe(true)

    // ca.pem: what has not ended, both roots while both last, then the new one alone.
    const names = async () =>
      fromPem('CERTIFICATE', await pki.caPem()).map(
        (der) => describeCertificate(parseCertificate(der)).commonName,
      )
    expect(await names()).toEqual([
      'Signet Root CA',
      'Signet Root CA 2',
      'Signet Issuing CA',
      'Signet Issuing CA 2',
    ])
    clock.at = new Date(pki.issuing.certificate.notAfter.value.getTime() + day)
    expect(await names()).toEqual(['Signet Root CA', 'Signet Root CA 2', 'Signet Issuing CA 2'])
    clock.at = new Date(end + day)
    expect(await names()).toEqual(['Signet Root CA 2'])
  })

  it('refuses a root margin that would leave an issuing CA due before its new root, naming the rule', async () => {
    await expect(
      loadOrCreatePki({
        dir: join(temporaryDirectory('pki'), 'pki'),
        keys: testKeys,
        production: false,
        issuingRenewBeforeMs: 1095 * day,
        rootRenewBeforeMs: 1100 * day,
      }),
    ).rejects.toThrow(/^pki\.root_renewal_too_short: the root is renewed at least 30 days sooner/)
  })
})

describe('renewal of the timestamp authority with its issuing CA', () => {
  const day = 24 * 60 * 60 * 1000

  // ARCHIVE_TIMESTAMP_RENEWAL_DAYS 600 renews the authority's key 1200 days before its end, sooner than the issuing
  // CA's own renewal (ISSUING_CA_RENEWAL_DAYS 1095): the authority falls due while its CA has too little left
  // for a key that would not fall due again at once, or outlive the CA.
  it('renews the issuing CA first when it ends within the authority’s margin', async () => {
    const pki = await loadOrCreatePki({
      dir: join(temporaryDirectory('pki'), 'pki'),
      keys: testKeys,
      production: false,
      issuingRenewBeforeMs: 1095 * day,
      tsaRenewBeforeMs: 1200 * day,
    })
    const caEnd = pki.issuing.certificate.notAfter.value.getTime()
    const at = new Date(caEnd - 1199 * day)
    // The daily job: the issuing CA is not due by its own margin, the authority is.
    expect((await pki.renewIssuingCa(at)).ca).toBe('issuing')
    const renewed = await pki.renewTimestampKey(at)
    expect(serialHex(renewed.certificate)).not.toBe(serialHex(pki.issuing.certificate))
    const issuer = await pki.issuerOf(renewed.certificate)
    expect(issuer?.ca).not.toBe('issuing')
    expect(renewed.chain[0]).toEqual(issuer?.der)
    const tsaEnd = renewed.certificate.notAfter.value.getTime()
    // It lasts beyond the margin, so the next day's job leaves it, and its chain holds until its very end.
    expect(tsaEnd - at.getTime()).toBeGreaterThan(1200 * day)
    expect(await chainValid(renewed.certificate, renewed.chain, pki.root.der, new Date(tsaEnd - day))).toBe(
      true,
    )
    expect(serialHex((await pki.renewTimestampKey(new Date(at.getTime() + day))).certificate)).toBe(
      serialHex(renewed.certificate),
    )
  })
})
