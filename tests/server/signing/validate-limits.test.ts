import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import type { ValidationReportView } from '../../../contract/validation.ts'
import { loadKeyRing } from '../../../server/keys/load-key-ring.ts'
import { validationsPerMinute } from '../../../server/routes/validate.ts'
import { loadOrCreatePki } from '../../../server/signing/pki.ts'
import { createTestClock } from '../accounts/accounts-client.ts'
import { startTestServer, type TestServer } from '../test-server.ts'
import { removeTemporaryDirectories } from './pdf-tools.ts'
import { signedPdf, stallBegins, stallingPdf, stallingWorker } from './validate-fixtures.ts'

afterAll(removeTemporaryDirectories)

// Validation keeps nothing in the database, so one driver is enough here.
describe('POST /v1/validate under load', () => {
  const clock = createTestClock()
  let server: TestServer
  let signed: Uint8Array
  let slow: Uint8Array

  const validate = (bytes: Uint8Array | string) => {
    const form = new FormData()
    form.set('file', new Blob([bytes as BlobPart], { type: 'application/pdf' }), 'contract.pdf')
    return fetch(`${server.url}${apiUrl(apiPaths.validate())}`, { method: 'POST', body: form })
  }
  const expectError = async (response: Response, status: number, code: string) => {
    expect(response.status).toBe(status)
    expect(await response.json()).toMatchObject({ status, code })
  }

  beforeAll(async () => {
    server = await startTestServer(
      'pglite',
      {
        now: clock.now,
        validation: { workers: 1, queueLimit: 1, timeLimitMs: 3000, worker: stallingWorker },
      },
      {},
    )
    const keys = await loadKeyRing({ dataDir: server.dataDir, appMode: 'development' })
    signed = await signedPdf(
      await loadOrCreatePki({ dir: join(server.dataDir, 'pki'), keys, production: false }),
    )
    slow = await stallingPdf()
  })
  afterAll(async () => {
    await server?.stop()
  })
  // Each test starts with the per-address window empty.
  beforeEach(() => clock.advance(60_000))

  it('keeps answering other calls while a PDF takes long, stops it at the time limit and checks the next', async () => {
    const order: string[] = []
    const stalling = stallBegins()
    const slowAnswer = validate(slow).then((response) => {
      order.push('validate')
      return response
    })
    // Once the PDF is being checked: checked on the request loop, it would hold every other call from here on.
    await stalling
    const datetime = await fetch(`${server.url}${apiUrl(apiPaths.datetime())}`)
    order.push('datetime')
    expect(datetime.status).toBe(200)
    await expectError(await slowAnswer, 422, 'validation.too_complex')
    expect(order).toEqual(['datetime', 'validate'])

    const next = await validate(signed)
    expect(next.status).toBe(200)
    const { signatures } = toCamelCase(await next.json()) as ValidationReportView
    expect(signatures[0]).toMatchObject({ intact: true, trusted: true, reason: 'I agree' })
  })

  it('refuses a validation with 503 and Retry-After while the queue is full', async () => {
    // A first validation, so the worker has started: then one slow PDF runs, one waits, one is refused.
    expect((await validate(signed)).status).toBe(200)
    const stalling = stallBegins()
    const running = validate(slow)
    // The next two arrive while the first runs (its time limit counts from here, not from its upload).
    await stalling
    const answers = [...(await Promise.all([validate(slow), validate(slow)])), await running]
    expect(answers.map((answer) => answer.status).sort()).toEqual([422, 422, 503])
    const busy = answers.find((answer) => answer.status === 503)
    expect(Number(busy?.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await busy?.json()).toMatchObject({ code: 'server.busy' })
  })

  it(`lets one address validate ${validationsPerMinute} times a minute, then answers 429 with Retry-After`, async () => {
    // Every call counts, refused files too.
    for (let call = 0; call < validationsPerMinute; call++) {
      await expectError(await validate('just some text'), 415, 'document.not_pdf')
    }
    const refused = await validate(signed)
    expect(refused.headers.get('retry-after')).toBe('60')
    await expectError(refused, 429, 'request.rate_limited')

    clock.advance(45_000)
    expect((await validate(signed)).headers.get('retry-after')).toBe('15')
    clock.advance(15_000)
    expect((await validate(signed)).status).toBe(200)
  })
})
