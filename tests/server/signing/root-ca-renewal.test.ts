import { execFile } from 'node:child_process'
import { X509Certificate } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { and, desc, eq } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPaths } from '../../../contract/paths.ts'
import { type DatabaseHandle, openDatabase } from '../../../server/db/open-database.ts'
import { jobs } from '../../../server/db/schema/jobs.ts'
import { archiveRenewalJob, enqueueArchiveRenewal } from '../../../server/jobs/archive-renewal.ts'
import { createJobQueue } from '../../../server/jobs/job-queue.ts'
import { toPem } from '../../../server/signing/pem.ts'
import { validatePdf } from '../../../server/signing/validate-pdf.ts'
import { createTestClock } from '../accounts/accounts-client.ts'
import { ocspStatus } from '../pki/ocsp-status.ts'
import { pemBlocks, removeTemporaryDirectories, temporaryDirectory } from './pdf-tools.ts'
import { type SigningClient, startSigningClient } from './signing-client.ts'

afterAll(removeTemporaryDirectories)

const execFileAsync = promisify(execFile)
const day = 24 * 60 * 60 * 1000
// The largest margins: the root (7300 days) and the first issuing CA (3650 days) both fall due 365 days after the
// PKI is made.
const rootRenewalDays = 6935
const issuingRenewalDays = 3285

// Issue 36: the platform's root is renewed by the daily upkeep before it ends; documents signed under the old root
// and under the new one are both valid and trusted, by the app and by pdfsig, and each root reaches what the other
// certified through a link certificate. pdfsig and openssl judge certificates at the system's time: the server's
// clock starts 500 days back, where it creates its PKI, and moves ahead to the system's time, where the renewal
// falls due. PostgreSQL: the test enqueues the day's upkeep beside the server, which runs it.
describe('renewal of the platform root CA, through the app', () => {
  const clock = createTestClock(new Date(Date.now() - 500 * day))
  let api: SigningClient
  let handle: DatabaseHandle
  let dir: string

  beforeAll(async () => {
    api = await startSigningClient(
      'postgres',
      { issuingCaRenewalDays: issuingRenewalDays, rootCaRenewalDays: rootRenewalDays },
      clock,
    )
    handle = await openDatabase(api.server.database)
    dir = temporaryDirectory('root-renewal')
  })

  afterAll(async () => {
    await handle?.close()
    await api?.server.stop()
  })

  async function published(path: string): Promise<Response> {
    const response = await fetch(`${api.server.url}/api${path}`)
    expect(response.status, path).toBe(200)
    return response
  }

  /** What `GET /api/pki/ca.pem` lists now, each certificate as node reads it. */
  async function caCertificates(): Promise<X509Certificate[]> {
    const pem = await (await published(apiPaths.pkiCa())).text()
    return pemBlocks(pem).map((block) => new X509Certificate(block))
  }

  const commonName = (name: string) => /CN=([^\n]+)/.exec(name)?.[1]
  const isRoot = (certificate: X509Certificate) => certificate.subject === certificate.issuer

  /** The PEM file, in the test's directory, of the signer's certificate of the document's first signature. */
  async function signerCertificateFile(bytes: Uint8Array, name: string): Promise<string> {
    const report = await validatePdf(bytes, { trustedRoots: [] })
    if (report.status !== 'ok') throw new Error('unreadable')
    const der = report.signatures[0]?.evidence.certificates[0]
    if (der === undefined) throw new Error('no signer certificate')
    return written(name, toPem('CERTIFICATE', der))
  }

  function written(name: string, text: string): string {
    const file = join(dir, name)
    writeFileSync(file, text)
    return file
  }

  /** What `openssl verify` answers (at the system's time), trusting `trusted` and given `untrusted` as intermediates. */
  async function opensslVerify(trusted: string, untrusted: string[], leaf: string): Promise<string> {
    const args = ['verify', '-CAfile', trusted, ...untrusted.flatMap((file) => ['-untrusted', file]), leaf]
    return execFileAsync('openssl', args, { encoding: 'utf8' }).then(
      ({ stdout }) => stdout.trim(),
      (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`.trim(),
    )
  }

  /** Enqueues the day's upkeep as the server's schedule does, and waits until the server has run it. */
  async function runUpkeep() {
    const queue = createJobQueue({
      db: handle.db,
      handlers: {},
      logger: pino({ level: 'silent' }),
      now: clock.now,
    })
    await enqueueArchiveRenewal(queue, handle.db, clock.now())
    const [job] = await handle.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(jobs.kind, archiveRenewalJob))
      .orderBy(desc(jobs.id))
      .limit(1)
    await expect
      .poll(
        async () =>
          (
            await handle.db
              .select({ state: jobs.state, lastError: jobs.lastError })
              .from(jobs)
              .where(and(eq(jobs.kind, archiveRenewalJob), eq(jobs.id, job?.id ?? 0)))
          )[0],
        { timeout: 30_000, interval: 200 },
      )
      .toEqual({ state: 'done', lastError: null })
  }

  it('renews the root in the daily upkeep; documents signed before and after are valid and trusted', async () => {
    // 200 days before the system's time: the first root and issuing CA have more than their margins left.
    clock.advance(300 * day)
    const before = await api.signedOwn('ada@example.com', 'Lease', 'aes')
    const older = (await api.validated(before)).signatures[0]
    expect(older).toMatchObject({ intact: true, trusted: true, quality: 'aes', problems: [] })
    expect(older?.signer?.issuerCommonName).toBe('Signet Issuing CA')
    expect((await caCertificates()).filter(isRoot)).toHaveLength(1)
    expect(await (await published(apiPaths.pkiLinks())).text()).toBe('')

    // Years after the PKI was made, at the system's time: the day's upkeep renews the root, then the issuing CA
    // under the new root.
    clock.advance(Date.now() - clock.now().getTime())
    await runUpkeep()
    const cas = await caCertificates()
    const roots = cas.filter(isRoot)
    expect(roots.map((root) => commonName(root.subject))).toEqual(['Signet Root CA', 'Signet Root CA 2'])
    const [oldRoot, newRoot] = roots
    if (oldRoot === undefined || newRoot === undefined) throw new Error('a root is missing')
    const issuing = cas.filter((ca) => !isRoot(ca))
    expect(issuing.map((ca) => [commonName(ca.subject), commonName(ca.issuer)])).toEqual([
      ['Signet Issuing CA', 'Signet Root CA'],
      ['Signet Issuing CA 2', 'Signet Root CA 2'],
    ])
    // The new root has its own certificate and CRL addresses.
    const newRootCa = `root-${newRoot.serialNumber.toLowerCase()}` as const
    const cer = new Uint8Array(await (await published(apiPaths.pkiCaCertificate(newRootCa))).arrayBuffer())
    expect(Buffer.from(cer).equals(newRoot.raw)).toBe(true)
    const crl = await published(apiPaths.pkiCrl(newRootCa))
    expect(crl.headers.get('content-type')).toBe('application/pkix-crl')

    // Signed after the renewal: from the new issuing CA, under the new root, trusted without a restart.
    const after = await api.signedOwn('bo@example.com', 'Loan', 'aes')
    const newer = (await api.validated(after)).signatures[0]
    expect(newer).toMatchObject({ intact: true, trusted: true, quality: 'aes', problems: [] })
    expect(newer?.signer?.issuerCommonName).toBe('Signet Issuing CA 2')
    expect(await api.pdfsigVerdict(after)).toEqual({
      signature: 'Signature is Valid.',
      certificate: 'Certificate is Trusted.',
    })
    // Signed before: still valid and trusted, by the app and by pdfsig.
    expect((await api.validated(before)).signatures[0]).toMatchObject({
      intact: true,
      trusted: true,
      problems: [],
    })
    expect(await api.pdfsigVerdict(before)).toEqual({
      signature: 'Signature is Valid.',
      certificate: 'Certificate is Trusted.',
    })
    expect(await ocspStatus(api.server.url, older?.signer?.serialNumber ?? '', 0)).toEqual({ status: 'good' })
    expect(await ocspStatus(api.server.url, newer?.signer?.serialNumber ?? '', 1)).toEqual({ status: 'good' })

    // A relying party that trusts one root reaches what the other certified through a link certificate.
    const links = written('links.pem', await (await published(apiPaths.pkiLinks())).text())
    expect(pemBlocks(await (await published(apiPaths.pkiLinks())).text())).toHaveLength(2)
    const [firstIssuing, secondIssuing] = issuing.map((ca, index) =>
      written(`issuing-${index}.pem`, ca.toString()),
    )
    const trustOld = written('old-root.pem', oldRoot.toString())
    const trustNew = written('new-root.pem', newRoot.toString())
    const beforeLeaf = await signerCertificateFile(before, 'before.pem')
    const afterLeaf = await signerCertificateFile(after, 'after.pem')
    if (firstIssuing === undefined || secondIssuing === undefined) throw new Error('an issuing CA is missing')
    expect(await opensslVerify(trustOld, [firstIssuing], beforeLeaf)).toBe(`${beforeLeaf}: OK`)
    expect(await opensslVerify(trustNew, [secondIssuing], afterLeaf)).toBe(`${afterLeaf}: OK`)
    expect(await opensslVerify(trustNew, [firstIssuing], beforeLeaf)).not.toContain(': OK')
    expect(await opensslVerify(trustNew, [firstIssuing, links], beforeLeaf)).toBe(`${beforeLeaf}: OK`)
    expect(await opensslVerify(trustOld, [secondIssuing], afterLeaf)).not.toContain(': OK')
    expect(await opensslVerify(trustOld, [secondIssuing, links], afterLeaf)).toBe(`${afterLeaf}: OK`)

    // The new root answers OCSP for what it certified: the new issuing CA, and its link to the old root.
    const newSignsOld = pemBlocks(await (await published(apiPaths.pkiLinks())).text()).find(
      (pem) => commonName(new X509Certificate(pem).issuer) === 'Signet Root CA 2',
    )
    const newSignsOldFile = written('new-signs-old.pem', newSignsOld ?? '')
    for (const certificate of [secondIssuing, newSignsOldFile]) {
      const { stdout, stderr } = await execFileAsync('openssl', [
        'ocsp',
        '-issuer',
        trustNew,
        '-cert',
        certificate,
        '-url',
        `${api.server.url}/api${apiPaths.pkiOcsp()}`,
        '-CAfile',
        trustNew,
      ])
      expect(`${stdout}${stderr}`).toContain('Response verify OK')
      expect(stdout).toContain(`${certificate}: good`)
    }
  }, 180_000)
})
