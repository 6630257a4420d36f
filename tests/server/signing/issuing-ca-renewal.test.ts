import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import { apiPaths } from '../../../contract/paths.ts'
import type { ValidationReportView } from '../../../contract/validation.ts'
import { type DatabaseHandle, openDatabase } from '../../../server/db/open-database.ts'
import { users } from '../../../server/db/schema/accounts.ts'
import { loadKeyRing } from '../../../server/keys/load-key-ring.ts'
import { certificateRecorder } from '../../../server/signing/certificate-registry.ts'
import { loadOrCreatePki } from '../../../server/signing/pki.ts'
import { createTestClock } from '../accounts/accounts-client.ts'
import { ocspStatus } from '../pki/ocsp-status.ts'
import { makePdf, pdfsig, removeTemporaryDirectories, temporaryDirectory, trustStore } from './pdf-tools.ts'
import { type SigningClient, startSigningClient } from './signing-client.ts'

afterAll(removeTemporaryDirectories)

const day = 24 * 60 * 60 * 1000
const renewalDays = 3285

// Issue 36: once the issuing CA is renewed, new signatures come from the new one and the older ones still hold.
// pdfsig judges certificates at the system's time: the server's clock starts more than a year back, where it
// creates its PKI, so that the renewal (ISSUING_CA_RENEWAL_DAYS at its most) falls due at the system's time.
// PostgreSQL: the renewal is recorded beside the server, as the daily job does.
describe('renewal of the platform issuing CA, through the app', () => {
  const clock = createTestClock(new Date(Date.now() - 400 * day))
  let api: SigningClient
  let handle: DatabaseHandle

  beforeAll(async () => {
    api = await startSigningClient('postgres', { issuingCaRenewalDays: renewalDays }, clock)
    handle = await openDatabase(api.server.database)
  })

  afterAll(async () => {
    await handle?.close()
    await api?.server.stop()
  })

  /** A new account `email` signs its own request with an advanced signature: its own certificate, just issued. */
  async function signedAdvanced(email: string, title: string): Promise<Uint8Array> {
    const owner = await api.signUp(email)
    await handle.db
      .update(users)
      .set({ attributes: { signature_qualities: ['aes'], default_quality: ['aes'] } })
      .where(eq(users.email, email))
    const request = await api.openRequest(owner, title, [email], [await makePdf(1)])
    expect((await api.signed(owner, [{ signature_request_id: request.id }]))[0]?.result).toBe('complete')
    return api.downloadSigned(owner, request.documents[0]?.id ?? '')
  }

  async function validated(bytes: Uint8Array): Promise<ValidationReportView> {
    const form = new FormData()
    form.set('file', new Blob([bytes as BlobPart], { type: 'application/pdf' }), 'contract.pdf')
    const response = await fetch(`${api.server.url}/api${apiPaths.validate()}`, {
      method: 'POST',
      body: form,
    })
    const text = await response.text()
    expect(response.status, text).toBe(200)
    return toCamelCase(JSON.parse(text)) as ValidationReportView
  }

  /** What pdfsig says of the first signature, trusting what `GET /api/pki/ca.pem` publishes now. */
  async function pdfsigVerdict(bytes: Uint8Array) {
    const dir = temporaryDirectory('issuing-renewal')
    const caPem = await (await fetch(`${api.server.url}/api${apiPaths.pkiCa()}`)).text()
    return (await pdfsig(dir, bytes, trustStore(dir, caPem)))[0]
  }

  it('signs from the new issuing CA once it is renewed, and the document signed before still validates', async () => {
    // 100 days before the system's time: more than the renewal margin left on the first issuing CA.
    clock.advance(300 * day)
    const before = await signedAdvanced('ada@example.com', 'Lease')
    const older = (await validated(before)).signatures[0]
    expect(older).toMatchObject({ intact: true, trusted: true, quality: 'aes' })
    expect(older?.signer?.issuerCommonName).toBe('Signet Issuing CA')

    // At the system's time, within ISSUING_CA_RENEWAL_DAYS of the first issuing CA's end: the day's job renews it.
    clock.advance(Date.now() - clock.now().getTime())
    const pki = await loadOrCreatePki({
      dir: `${api.server.dataDir}/pki`,
      keys: await loadKeyRing({ dataDir: api.server.dataDir, appMode: 'development' }),
      production: false,
      publicUrl: api.server.url,
      record: certificateRecorder(handle.db),
      issuingRenewBeforeMs: renewalDays * day,
      now: clock.now,
    })
    const renewed = await pki.renewIssuingCa(clock.now())
    expect(renewed.ca).not.toBe('issuing')

    const after = await signedAdvanced('bo@example.com', 'Loan')
    const newer = (await validated(after)).signatures[0]
    expect(newer).toMatchObject({ intact: true, trusted: true, quality: 'aes', problems: [] })
    expect(newer?.signer?.issuerCommonName).toBe('Signet Issuing CA 2')
    expect(await pdfsigVerdict(after)).toEqual({
      signature: 'Signature is Valid.',
      certificate: 'Certificate is Trusted.',
    })

    // The document signed before still validates, by the app and by pdfsig.
    expect((await validated(before)).signatures[0]).toMatchObject({
      intact: true,
      trusted: true,
      problems: [],
    })
    expect(await pdfsigVerdict(before)).toEqual({
      signature: 'Signature is Valid.',
      certificate: 'Certificate is Trusted.',
    })
    // Each leaf is good to the OCSP route, each answer signed for its own CA.
    expect(await ocspStatus(api.server.url, older?.signer?.serialNumber ?? '', 0)).toEqual({ status: 'good' })
    expect(await ocspStatus(api.server.url, newer?.signer?.serialNumber ?? '', 1)).toEqual({ status: 'good' })
  }, 120_000)
})
