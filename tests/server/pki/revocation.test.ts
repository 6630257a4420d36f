import { execFile } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import * as pkijs from 'pkijs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiBase, apiPaths } from '../../../contract/paths.ts'
import type { PkiCa } from '../../../contract/pki.ts'
import { type DatabaseHandle, openDatabase } from '../../../server/db/open-database.ts'
import { loadKeyRing } from '../../../server/keys/load-key-ring.ts'
import { createServerClock } from '../../../server/server-clock.ts'
import { certificateRecorder } from '../../../server/signing/certificate-registry.ts'
import { cryptoEngine } from '../../../server/signing/crypto-engine.ts'
import { ocspResponseFor } from '../../../server/signing/ocsp.ts'
import { toPem } from '../../../server/signing/pem.ts'
import { loadOrCreatePki, type Pki, serialHex } from '../../../server/signing/pki.ts'
import { revokeCertificate } from '../../../server/signing/revoke-certificate.ts'
import { parseCertificate } from '../../../server/signing/x509.ts'
import { testKeys } from '../keys/test-key-ring.ts'
import { removeTemporaryDirectories, temporaryDirectory } from '../signing/pdf-tools.ts'
import { startTestServer, type TestServer } from '../test-server.ts'

const execFileAsync = promisify(execFile)

afterAll(removeTemporaryDirectories)

// PostgreSQL: the operator's command writes to the server's database beside it, as on a real deployment.
describe('revocation data of the platform CA', () => {
  const clock = createServerClock()
  let server: TestServer
  let handle: DatabaseHandle
  let pki: Pki
  let dir: string
  let caFile: string
  let issuingFile: string
  const ocspUrl = () => `${server.url}${apiBase}${apiPaths.pkiOcsp()}`

  beforeAll(async () => {
    server = await startTestServer('postgres', { now: clock.now })
    handle = await openDatabase(server.database)
    // The server's own PKI and registry: what it issues here is what it issues to a signer.
    pki = await loadOrCreatePki({
      dir: join(server.dataDir, 'pki'),
      keys: await loadKeyRing({ dataDir: server.dataDir, appMode: 'development' }),
      production: false,
      publicUrl: 'http://localhost',
      record: certificateRecorder(handle.db),
    })
    dir = temporaryDirectory('revocation')
    caFile = join(dir, 'ca.pem')
    writeFileSync(caFile, await (await fetch(`${server.url}${apiBase}${apiPaths.pkiCa()}`)).text())
    issuingFile = join(dir, 'issuing.pem')
    writeFileSync(issuingFile, toPem('CERTIFICATE', pki.issuing.der))
  })

  afterAll(async () => {
    await handle?.close()
    await server?.stop()
  })

  /** A certificate for a signer, just issued, saved as PEM; its serial as openssl writes it. */
  async function issue(name: string): Promise<{ file: string; serial: string; der: Uint8Array }> {
    const issued = await pki.issueSignerCertificate({ name, email: 'ann@example.com', quality: 'aes' })
    const file = join(dir, `${serialHex(issued.certificate)}.pem`)
    writeFileSync(file, issued.certificatePem)
    return { file, serial: serialHex(issued.certificate).toUpperCase(), der: issued.der }
  }

  /** What `openssl ocsp` reports asking the server about the certificate in `file` (or a bare serial). */
  async function opensslOcsp(subject: { file: string } | { serial: string }): Promise<string> {
    const which = 'file' in subject ? ['-cert', subject.file] : ['-serial', subject.serial]
    const { stdout, stderr } = await execFileAsync('openssl', [
      'ocsp',
      '-issuer',
      issuingFile,
      ...which,
      '-url',
      ocspUrl(),
      '-CAfile',
      caFile,
    ])
    return `${stdout}${stderr}`
  }

  async function revoke(serial: string, reason: string): Promise<string> {
    const database = server.database
    const env = {
      ...process.env,
      DATABASE_URL: database.driver === 'postgres' ? database.url : '',
      DATA_DIR: server.dataDir,
    }
    const { stdout } = await execFileAsync(
      process.execPath,
      ['scripts/pki.ts', 'revoke', serial, '--reason', reason],
      { env },
    )
    return stdout
  }

  async function crlText(ca: PkiCa): Promise<string> {
    const answer = await fetch(`${server.url}${apiBase}${apiPaths.pkiCrl(ca)}`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/pkix-crl')
    const file = join(dir, `${ca}-${Date.now()}.crl`)
    writeFileSync(file, new Uint8Array(await answer.arrayBuffer()))
    const { stdout, stderr } = await execFileAsync('openssl', [
      'crl',
      '-inform',
      'DER',
      '-in',
      file,
      '-text',
      '-noout',
      '-CAfile',
      caFile,
    ])
    return `${stdout}${stderr}`
  }

  it('names its OCSP responder, CRL and certificate in every certificate it issues, the TSA’s too', async () => {
    const { file } = await issue('Ann Example')
    for (const certificate of [
      file,
      join(server.dataDir, 'pki', 'tsa.pem'),
      join(server.dataDir, 'pki', 'platform.pem'),
    ]) {
      const { stdout } = await execFileAsync('openssl', ['x509', '-in', certificate, '-noout', '-text'])
      expect(stdout).toContain('OCSP - URI:http://localhost/api/pki/ocsp')
      expect(stdout).toContain('URI:http://localhost/api/pki/crl/issuing.crl')
      expect(stdout).toContain('CA Issuers - URI:http://localhost/api/pki/ca/issuing.cer')
    }
    const issuing = await fetch(`${server.url}${apiBase}${apiPaths.pkiCaCertificate('issuing')}`)
    expect(issuing.headers.get('content-type')).toBe('application/pkix-cert')
    expect(Buffer.from(await issuing.arrayBuffer()).equals(Buffer.from(pki.issuing.der))).toBe(true)
    const { stdout } = await execFileAsync('openssl', [
      'x509',
      '-in',
      join(server.dataDir, 'pki', 'issuing.pem'),
      '-noout',
      '-text',
    ])
    expect(stdout).toContain('URI:http://localhost/api/pki/crl/root.crl')
    expect(stdout).toContain('CA Issuers - URI:http://localhost/api/pki/ca/root.cer')
  })

  it('answers good for a certificate it issued, revoked once the operator revokes it, and lists it in the CRL', async () => {
    const { file, serial } = await issue('Bo Example')
    const good = await opensslOcsp({ file })
    expect(good).toContain('Response verify OK')
    expect(good).toContain(`${file}: good`)

    const said = await revoke(serial, 'keyCompromise')
    const at = new Date(/at (\S+):/.exec(said)?.[1] ?? '')
    expect(said).toContain('Revoked 1 certificate(s)')
    const revoked = await opensslOcsp({ file })
    expect(revoked).toContain('Response verify OK')
    expect(revoked).toContain(`${file}: revoked`)
    expect(revoked).toContain('Reason: keyCompromise')
    const time = /Revocation Time: (.+)$/m.exec(revoked)?.[1] ?? ''
    expect(Math.floor(new Date(time).getTime() / 1000)).toBe(Math.floor(at.getTime() / 1000))

    const crl = await crlText('issuing')
    expect(crl).toContain('verify OK')
    expect(crl).toMatch(
      new RegExp(
        `Serial Number: ${serial}\\s+Revocation Date: .+\\s+CRL entry extensions:\\s+X509v3 CRL Reason Code:\\s+Key Compromise`,
      ),
    )
  })

  it('answers about the issuing CA’s certificate too, signed by the root', async () => {
    const rootFile = join(dir, 'root.pem')
    writeFileSync(rootFile, toPem('CERTIFICATE', pki.root.der))
    const { stdout, stderr } = await execFileAsync('openssl', [
      'ocsp',
      '-issuer',
      rootFile,
      '-cert',
      join(server.dataDir, 'pki', 'issuing.pem'),
      '-url',
      ocspUrl(),
      '-CAfile',
      caFile,
    ])
    expect(`${stdout}${stderr}`).toContain('Response verify OK')
    expect(stdout).toContain('issuing.pem: good')
  })

  /** What `openssl ocsp` reads in a DER OCSP response about the certificate in `file`, asked by SHA-256. */
  async function opensslResponse(response: Uint8Array, file: string): Promise<string> {
    const responseFile = join(dir, `${Date.now()}.ocsp`)
    writeFileSync(responseFile, response)
    const { stdout, stderr } = await execFileAsync('openssl', [
      'ocsp',
      '-respin',
      responseFile,
      // The request asked by SHA-256, which openssl must use to find its certificate in the answer.
      '-sha256',
      '-issuer',
      issuingFile,
      '-cert',
      file,
      '-CAfile',
      caFile,
    ])
    return `${stdout}${stderr}`
  }

  it('answers unknown for a serial it never issued, and by GET as by POST', async () => {
    expect(await opensslOcsp({ serial: '0x0123456789ABCDEF' })).toContain('0x0123456789ABCDEF: unknown')

    const { der, file } = await issue('Cy Example')
    const request = new pkijs.OCSPRequest()
    await request.createForCertificate(
      parseCertificate(der),
      { hashAlgorithm: 'SHA-256', issuerCertificate: pki.issuing.certificate },
      cryptoEngine,
    )
    const requestDer = new Uint8Array(request.toSchema(true).toBER(false))
    const answer = await fetch(`${server.url}${apiBase}${apiPaths.pkiOcspGet(requestDer)}`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/ocsp-response')
    const read = await opensslResponse(new Uint8Array(await answer.arrayBuffer()), file)
    expect(read).toContain('Response verify OK')
    expect(read).toContain(`${file}: good`)
  })

  it('revokes with a certificate every copy of it made for one signature', async () => {
    const issued = await pki.issueSealCertificate({
      organization: 'Acme AG',
      commonName: 'Acme',
      quality: 'aes',
    })
    const copy = await pki.signatureCertificate(issued)
    const copyFile = join(dir, 'copy.pem')
    writeFileSync(copyFile, toPem('CERTIFICATE', copy.der))
    expect(await opensslOcsp({ file: copyFile })).toContain(`${copyFile}: good`)
    await revoke(serialHex(issued.certificate), 'cessationOfOperation')
    const revoked = await opensslOcsp({ file: copyFile })
    expect(revoked).toContain(`${copyFile}: revoked`)
    expect(revoked).toContain('Reason: cessationOfOperation')
  })

  it('gives the server the same answer without HTTP, to embed in a signed document', async () => {
    const { der, file, serial } = await issue('Ed Example')
    const services = { db: handle.db, now: clock.now, pki }
    const good = await opensslResponse((await ocspResponseFor(services, der)) ?? new Uint8Array(), file)
    expect(good).toContain('Response verify OK')
    expect(good).toContain(`${file}: good`)
    await revoke(serial, 'affiliationChanged')
    const revoked = await opensslResponse((await ocspResponseFor(services, der)) ?? new Uint8Array(), file)
    expect(revoked).toContain(`${file}: revoked`)
    expect(revoked).toContain('Reason: affiliationChanged')
  })

  it('dates its answers and CRLs by the server’s clock', async () => {
    clock.advance(10 * 24 * 60 * 60 * 1000)
    const lastUpdate = /Last Update: (.+)$/m.exec(await crlText('root'))?.[1] ?? ''
    expect(Math.abs(new Date(lastUpdate).getTime() - clock.now().getTime())).toBeLessThan(60_000)
    const { stdout } = await execFileAsync('openssl', [
      'ocsp',
      '-issuer',
      issuingFile,
      '-cert',
      (await issue('Di Example')).file,
      '-url',
      ocspUrl(),
      '-CAfile',
      caFile,
      '-resp_text',
    ]).catch((error: { stdout: string }) => error)
    const thisUpdate = /This Update: (.+)$/m.exec(stdout)?.[1] ?? ''
    expect(Math.abs(new Date(thisUpdate).getTime() - clock.now().getTime())).toBeLessThan(60_000)
  })

  it('dates its CRL and revocations from 2050 on as GeneralizedTime, which openssl reads as such', async () => {
    const { serial } = await issue('Gus Example')
    clock.advance(Date.parse('2051-03-01T12:00:00Z') - clock.now().getTime())
    const revokedAt = clock.now()
    expect(await revokeCertificate(handle.db, serial, 'superseded', revokedAt)).toBe(1)
    const crl = await crlText('issuing')
    expect(crl).toContain('verify OK')
    const dated = (label: string) => new Date(new RegExp(`${label}: (.+)$`, 'm').exec(crl)?.[1] ?? '')
    const seconds = (at: Date) => Math.floor(at.getTime() / 1000)
    expect(seconds(dated('Last Update'))).toBe(seconds(revokedAt))
    expect(dated('Next Update').getTime() - dated('Last Update').getTime()).toBe(24 * 60 * 60 * 1000)
    const entry = new RegExp(`Serial Number: ${serial}\\s+Revocation Date: (.+)$`, 'm').exec(crl)?.[1] ?? ''
    expect(seconds(new Date(entry))).toBe(seconds(revokedAt))
    // pkijs reads the same dates from the DER.
    const der = await (await fetch(`${server.url}${apiBase}${apiPaths.pkiCrl('issuing')}`)).arrayBuffer()
    const parsed = pkijs.CertificateRevocationList.fromBER(der)
    expect(parsed.thisUpdate.type).toBe(1)
    expect(parsed.thisUpdate.value.getUTCFullYear()).toBe(2051)
    expect(parsed.nextUpdate?.value.getUTCFullYear()).toBe(2051)
    expect(parsed.revokedCertificates?.at(-1)?.revocationDate.value.getUTCFullYear()).toBe(2051)
  })

  it('answers unauthorized about the certificates of another CA', async () => {
    const other = await loadOrCreatePki({
      dir: join(temporaryDirectory('other-ca'), 'pki'),
      keys: testKeys,
      production: false,
    })
    const issued = await other.issueSignerCertificate({
      name: 'Fay',
      email: 'fay@example.com',
      quality: 'aes',
    })
    const otherIssuing = join(dir, 'other-issuing.pem')
    const otherCertificate = join(dir, 'other-signer.pem')
    writeFileSync(otherIssuing, toPem('CERTIFICATE', other.issuing.der))
    writeFileSync(otherCertificate, issued.certificatePem)
    const answer = await execFileAsync('openssl', [
      'ocsp',
      '-issuer',
      otherIssuing,
      '-cert',
      otherCertificate,
      '-url',
      ocspUrl(),
    ]).catch((error: { stdout: string; stderr: string }) => error)
    expect(`${answer.stdout}${answer.stderr}`).toContain('Responder Error: unauthorized (6)')
  })

  it('refuses what is no OCSP request, and CRLs and certificates of CAs it does not have', async () => {
    const post = (body: BodyInit, type = 'application/ocsp-request') =>
      fetch(ocspUrl(), { method: 'POST', body, headers: { 'Content-Type': type } })
    for (const answer of [
      await post(new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x01])),
      await post(new Uint8Array([0xff, 0x00])),
      await fetch(`${ocspUrl()}/not%20base64!`),
      await fetch(`${ocspUrl()}/${encodeURIComponent(Buffer.from('hello').toString('base64'))}`),
    ]) {
      expect(answer.status).toBe(400)
      expect(await answer.json()).toMatchObject({ code: 'pki.ocsp_request_malformed' })
    }
    expect((await post('{}', 'application/json')).status).toBe(415)
    for (const path of ['/pki/crl/tsa.crl', '/pki/ca/tsa.cer', '/pki/ca/issuing.pem']) {
      const other = await fetch(`${server.url}${apiBase}${path}`)
      expect(other.status).toBe(404)
      expect(await other.json()).toMatchObject({ code: 'pki.ca_not_found' })
    }
    const unknown = await fetch(`${server.url}${apiBase}${apiPaths.pkiCrl('issuing-0abc')}`)
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ code: 'pki.ca_not_found' })
  })

  // Last: the server issues from the new issuing CA from now on.
  it('answers for the certificates of every issuing CA, each at its own CRL and certificate address', async () => {
    // Back at the system's time, where openssl checks the certificates and answers.
    clock.advance(Date.now() - clock.now().getTime())
    const older = await issue('Cy Example')
    // A margin beyond its lifetime renews the first issuing CA now, as the daily job does years from now.
    const renewing = await loadOrCreatePki({
      dir: join(server.dataDir, 'pki'),
      keys: await loadKeyRing({ dataDir: server.dataDir, appMode: 'development' }),
      production: false,
      publicUrl: 'http://localhost',
      record: certificateRecorder(handle.db),
      issuingRenewBeforeMs: 3651 * 24 * 60 * 60 * 1000,
      // A root margin a month beyond it, as the PKI asks (renewRootCa is not run here).
      rootRenewBeforeMs: 3681 * 24 * 60 * 60 * 1000,
    })
    const renewed = await renewing.renewIssuingCa(clock.now())
    expect(renewed.ca).not.toBe('issuing')
    const renewedFile = join(dir, 'renewed.pem')
    writeFileSync(renewedFile, toPem('CERTIFICATE', renewed.der))
    const newer = await issue('Di Example')
    const { stdout } = await execFileAsync('openssl', ['x509', '-in', newer.file, '-noout', '-text'])
    expect(stdout).toContain('OCSP - URI:http://localhost/api/pki/ocsp')
    expect(stdout).toContain(`URI:http://localhost/api/pki/crl/${renewed.ca}.crl`)
    expect(stdout).toContain(`CA Issuers - URI:http://localhost/api/pki/ca/${renewed.ca}.cer`)
    const published = await fetch(`${server.url}${apiBase}${apiPaths.pkiCaCertificate(renewed.ca)}`)
    expect(Buffer.from(await published.arrayBuffer()).equals(Buffer.from(renewed.der))).toBe(true)
    writeFileSync(caFile, await (await fetch(`${server.url}${apiBase}${apiPaths.pkiCa()}`)).text())

    // Each CA's certificates get an answer openssl accepts: the first's from its delegated responder, the new
    // one's from the new CA itself.
    for (const [issuer, { file }] of [
      [issuingFile, older],
      [renewedFile, newer],
    ] as const) {
      const { stdout, stderr } = await execFileAsync('openssl', [
        'ocsp',
        '-issuer',
        issuer,
        '-cert',
        file,
        '-url',
        ocspUrl(),
        '-CAfile',
        caFile,
      ])
      expect(`${stdout}${stderr}`).toContain('Response verify OK')
      expect(stdout).toContain(`${file}: good`)
    }
    // Revoked, the new leaf is in the new CA's CRL, signed by it, and not in the first one's.
    await revoke(newer.serial, 'superseded')
    const renewedCrl = await crlText(renewed.ca)
    expect(renewedCrl).toContain('verify OK')
    expect(renewedCrl).toContain(`Serial Number: ${newer.serial}`)
    expect(await crlText('issuing')).not.toContain(`Serial Number: ${newer.serial}`)
    const revoked = await execFileAsync('openssl', [
      'ocsp',
      '-issuer',
      renewedFile,
      '-cert',
      newer.file,
      '-url',
      ocspUrl(),
      '-CAfile',
      caFile,
    ])
    expect(`${revoked.stdout}${revoked.stderr}`).toContain('Response verify OK')
    expect(revoked.stdout).toContain(`${newer.file}: revoked`)
  }, 60_000)
})

describe('npm run pki', () => {
  it('refuses a DATA_DIR without a database instead of creating an empty one', async () => {
    const dataDir = temporaryDirectory('pki-script')
    const failed = await execFileAsync(
      process.execPath,
      ['scripts/pki.ts', 'revoke', '0A1B', '--reason', 'keyCompromise'],
      { env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir } },
    ).catch((error: { code: number; stderr: string }) => error)
    expect(failed).toMatchObject({ code: 1 })
    expect('stderr' in failed ? failed.stderr : '').toContain(`No database in ${join(dataDir, 'db')}`)
    expect(existsSync(join(dataDir, 'db'))).toBe(false)
  })
})
