import { readdir } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../../server/db/open-database.ts'
import { loadKeyRing } from '../../../server/keys/load-key-ring.ts'
import { certificateRecorder } from '../../../server/signing/certificate-registry.ts'
import { loadOrCreatePki, type Pki, serialHex } from '../../../server/signing/pki.ts'
import { createTestClock } from '../accounts/accounts-client.ts'
import { ocspStatus } from '../pki/ocsp-status.ts'
import { removeTemporaryDirectories } from './pdf-tools.ts'
import { type SigningClient, startSigningClient } from './signing-client.ts'

afterAll(removeTemporaryDirectories)

const day = 24 * 60 * 60 * 1000

// Issue 36: the certificate of simple signatures (platform.pem, five years) gets a new key before it ends, as the
// timestamp authority's does, and the documents signed with the older one still validate. pdfsig judges at the
// system's time: the server's clock starts 1,100 days back, where it creates its PKI, so that the platform
// certificate comes within two years of its end at the system's time.
describe('renewal of the simple-signature certificate, through the app', () => {
  const clock = createTestClock(new Date(Date.now() - 1100 * day))
  let api: SigningClient
  let handle: DatabaseHandle
  let pki: Pki

  beforeAll(async () => {
    api = await startSigningClient('postgres', {}, clock)
    handle = await openDatabase(api.server.database)
    // The PKI the server created, loaded beside it as the daily job's process does.
    pki = await loadOrCreatePki({
      dir: `${api.server.dataDir}/pki`,
      keys: await loadKeyRing({ dataDir: api.server.dataDir, appMode: 'development' }),
      production: false,
      publicUrl: api.server.url,
      record: certificateRecorder(handle.db),
      now: clock.now,
    })
  })

  afterAll(async () => {
    await handle?.close()
    await api?.server.stop()
  })

  it('signs simple signatures with a new key once the first one nears its end, and the older documents hold', async () => {
    const first = pki.platform
    clock.advance(5 * day)
    const before = await api.signedOwn('ada@example.com', 'Lease', 'ses')
    const older = (await api.validated(before)).signatures[0]
    expect(older).toMatchObject({ intact: true, trusted: true, quality: 'ses', problems: [] })
    expect(older?.signer?.notBefore).toBe(first.certificate.notBefore.value.toISOString())

    // Five years less 1,095 days left: the day's job keeps the key.
    expect(serialHex((await pki.renewPlatformKey(clock.now())).certificate)).toBe(
      serialHex(first.certificate),
    )

    // At the system's time less than two years are left: the day's job gives simple signatures a new key.
    clock.advance(Date.now() - clock.now().getTime())
    const renewed = await pki.renewPlatformKey(clock.now())
    expect(serialHex(renewed.certificate)).not.toBe(serialHex(first.certificate))
    expect(renewed.certificate.notAfter.value.getTime()).toBeGreaterThan(clock.now().getTime() + 1800 * day)
    // The older key stays, sealed, beside the new one.
    const names = await readdir(`${api.server.dataDir}/pki`)
    expect(names).toEqual(
      expect.arrayContaining([
        'platform.key.sealed',
        `platform-${serialHex(renewed.certificate)}.key.sealed`,
      ]),
    )
    expect(names.filter((name) => name.endsWith('.key.pem'))).toEqual([])

    // The server, which renewed nothing itself, signs with the new key.
    const after = await api.signedOwn('bo@example.com', 'Loan', 'ses')
    const newer = (await api.validated(after)).signatures[0]
    expect(newer).toMatchObject({ intact: true, trusted: true, quality: 'ses', problems: [] })
    expect(newer?.signer?.notBefore).toBe(renewed.certificate.notBefore.value.toISOString())
    expect(newer?.signer?.commonName).toBe('Signet Simple Electronic Signature')
    expect(await api.pdfsigVerdict(after)).toEqual({
      signature: 'Signature is Valid.',
      certificate: 'Certificate is Trusted.',
    })

    // The document signed before still validates, and both keys' certificates are good to OCSP.
    expect((await api.validated(before)).signatures[0]).toMatchObject({
      intact: true,
      trusted: true,
      problems: [],
    })
    expect(await api.pdfsigVerdict(before)).toEqual({
      signature: 'Signature is Valid.',
      certificate: 'Certificate is Trusted.',
    })
    for (const serial of [
      serialHex(first.certificate),
      serialHex(renewed.certificate),
      older?.signer?.serialNumber,
      newer?.signer?.serialNumber,
    ]) {
      expect(await ocspStatus(api.server.url, serial ?? '')).toEqual({ status: 'good' })
    }
  }, 120_000)
})
