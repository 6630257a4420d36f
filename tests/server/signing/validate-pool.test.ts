import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { loadOrCreatePki } from '../../../server/signing/pki.ts'
import { createValidationPool } from '../../../server/signing/validate-pool.ts'
import { testKeys } from '../keys/test-key-ring.ts'
import { removeTemporaryDirectories, temporaryDirectory } from './pdf-tools.ts'
import { signedPdf, stallingPdf, stallingWorker } from './validate-fixtures.ts'

afterAll(removeTemporaryDirectories)

it('on close refuses what waits and abandons what runs, without waiting for it, and takes nothing new', async () => {
  const pki = await loadOrCreatePki({
    dir: join(temporaryDirectory('validate-pool'), 'pki'),
    keys: testKeys,
    production: false,
  })
  const signed = await signedPdf(pki)
  const pool = createValidationPool({
    trustedRoots: [pki.root.der],
    workers: 1,
    queueLimit: 4,
    worker: stallingWorker,
  })
  // A first validation, so the worker has started and the slow one runs rather than waits.
  const first = await pool.validate(Uint8Array.from(signed))
  expect(first.status === 'ok' && first.signatures[0]).toMatchObject({ intact: true, trusted: true })

  const stopped = { status: 503, code: 'server.unavailable' }
  const running = expect(pool.validate(await stallingPdf())).rejects.toMatchObject(stopped)
  const waiting = expect(pool.validate(Uint8Array.from(signed))).rejects.toMatchObject(stopped)
  // The stalled validation never ends: close must not wait for it.
  await pool.close()
  await running
  await waiting
  await expect(pool.validate(Uint8Array.from(signed))).rejects.toMatchObject(stopped)
})
