import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../../server/db/open-database.ts'
import { loadKeyRing } from '../../../server/keys/load-key-ring.ts'
import { certificateRecorder } from '../../../server/signing/certificate-registry.ts'
import { loadOrCreatePki } from '../../../server/signing/pki.ts'
import { createTestClock } from '../accounts/accounts-client.ts'
import { ocspStatus } from '../pki/ocsp-status.ts'
import { removeTemporaryDirectories } from './pdf-tools.ts'
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

  it('signs from the new issuing CA once it is renewed, and the document signed before still validates', async () => {
    // 100 days before the system's time: more than the renewal margin left on the first issuing CA.
    clock.advance(300 * day)
    const before = await api.signedOwn('ada@example.com', 'Lease', 'aes')
    const older = (await api.validated(before)).signatures[0]
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

    const after = await api.signedOwn('bo@example.com', 'Loan', 'aes')
    const newer = (await api.validated(after)).signatures[0]
    expect(newer).toMatchObject({ intact: true, trusted: true, quality: 'aes', problems: [] })
    expect(newer?.signer?.issuerCommonName).toBe('Signet Issuing CA 2')
    expect(await api.pdfsigVerdict(after)).toEqual({
      signature: 'Signature is Valid.',
      certificate: 'Certificate is Trusted.',
    })

    // The document signed before still validates, by the app and by pdfsig.
    expect((await api.validated(before)).signatures[0]).toMatchObject({
      intact: true,
      trusted: true,
      problems: [],
    })
    expect(await api.pdfsigVerdict(before)).toEqual({
      signature: 'Signature is Valid.',
      certificate: 'Certificate is Trusted.',
    })
    // Each leaf is good to the OCSP route, each answer signed for its own CA.
    expect(await ocspStatus(api.server.url, older?.signer?.serialNumber ?? '', 0)).toEqual({ status: 'good' })
    expect(await ocspStatus(api.server.url, newer?.signer?.serialNumber ?? '', 1)).toEqual({ status: 'good' })
  }, 120_000)
})
