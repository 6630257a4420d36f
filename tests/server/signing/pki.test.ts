import { rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import { afterAll, describe, expect, it } from 'vitest'
import { describeCertificate } from '../../../server/signing/certificate-info.ts'
import { cryptoEngine } from '../../../server/signing/crypto-engine.ts'
import { OID } from '../../../server/signing/oids.ts'
import { fromPem } from '../../../server/signing/pem.ts'
import { loadOrCreatePki } from '../../../server/signing/pki.ts'
import { parseCertificate } from '../../../server/signing/x509.ts'
import { testKeys } from '../keys/test-key-ring.ts'
import { removeTemporaryDirectories, temporaryDirectory } from './pdf-tools.ts'

afterAll(removeTemporaryDirectories)

function extension(certificate: pkijs.Certificate, id: string): pkijs.Extension {
  const found = certificate.extensions?.find((candidate) => candidate.extnID === id)
  if (!found) throw new Error(`extension ${id} missing`)
  return found
}

async function chainValid(leaf: pkijs.Certificate, chain: Uint8Array[], root: Uint8Array) {
  const engine = new pkijs.CertificateChainValidationEngine({
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
    expect(await chainValid(issued.certificate, created.chain, created.root.der)).toBe(true)
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
    expect(await chainValid(added.ocsp.certificate, added.chain, added.root.der)).toBe(true)
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
    expect(await chainValid(pki.tsa.certificate, pki.chain, pki.root.der)).toBe(true)

    const platform = describeCertificate(pki.platform.certificate)
    expect(platform.commonName).toContain('Signet')
    expect(platform.policies).toEqual([OID.policySes])
    const keyUsage = extension(pki.platform.certificate, OID.keyUsage).parsedValue as asn1js.BitString
    // digitalSignature and nonRepudiation are the two leading bits.
    expect(keyUsage.valueBlock.valueHexView[0]).toBe(0xc0)
    expect(await chainValid(pki.platform.certificate, pki.chain, pki.root.der)).toBe(true)

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
    const certificates = fromPem('CERTIFICATE', pki.caPem())
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
    expect(await chainValid(certificate, pki.chain, pki.root.der)).toBe(true)
  })
})
