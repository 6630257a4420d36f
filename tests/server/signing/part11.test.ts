import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPaths } from '../../../contract/paths.ts'
import { signatureRequestReportSchema } from '../../../contract/signature-requests.ts'
import { goodPassword, readJson } from '../accounts/accounts-client.ts'
import { changeSettings, openBusiness } from '../businesses/business-client.ts'
import { drivers } from '../test-database.ts'
import { makePdf, pdfsig, removeTemporaryDirectories, temporaryDirectory, trustStore } from './pdf-tools.ts'
import { type SigningClient, startSigningClient } from './signing-client.ts'

afterAll(removeTemporaryDirectories)

/** Issue 15: a business that signs under 21 CFR Part 11 has every signature of its requests confirmed. */
describe.each(drivers)('Part 11 signing on %s', (driver) => {
  let api: SigningClient
  beforeAll(async () => {
    api = await startSigningClient(driver)
  })
  afterAll(async () => {
    await api?.server.stop()
  })

  it('asks for the password, name and meaning; a wrong password signs nothing; the report records them', async () => {
    const admin = await api.signUp('qa@pharma.example')
    const signer = await api.signUp('reviewer@lab.example')
    const businessId = await openBusiness(api, admin, 'Pharma AG')
    await changeSettings(api, admin, businessId, (settings) => ({
      ...settings,
      signatureRequests: { ...settings.signatureRequests, part11: { enabled: true } },
    }))
    const request = await api.openRequest(
      admin,
      'SOP 12 release',
      ['reviewer@lab.example'],
      [await makePdf(1)],
    )
    const item = { signature_request_id: request.id }

    expect((await api.signed(signer, [item]))[0]?.result).toBe('part11_required')
    const confirmation = { signing_name: 'Dr. R. Viewer', signing_reason: 'Approved for release' }
    const signWrong = () =>
      api.call('POST', apiPaths.sign(), {
        token: signer,
        body: {
          signature_requests: [item],
          language: 'en',
          part11: { ...confirmation, password: 'not-mine' },
        },
      })
    // Wrong passwords count as failed sign-ins: the fifth pauses the guessing.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await readJson(await signWrong())
      expect((wrong as { results: { result: string }[] }).results[0]?.result).toBe('part11_invalid')
    }
    await api.expectError(await signWrong(), 429, 'auth.too_many_attempts')
    expect((await api.getRequest(signer, request.id)).statusOverall).toBe('OPEN')
    api.clock.advance(16 * 60 * 1000)

    const signed = await api.call('POST', apiPaths.sign(), {
      token: signer,
      body: {
        signature_requests: [item],
        language: 'en',
        part11: { ...confirmation, password: goodPassword },
      },
    })
    expect(((await readJson(signed)) as { results: { result: string }[] }).results[0]?.result).toBe(
      'complete',
    )

    const report = v.parse(
      signatureRequestReportSchema,
      await readJson(
        await api.call('GET', apiPaths.signatureRequestReport(request.id, 'json'), { token: admin }),
      ),
    )
    expect(report.signers).toEqual([
      expect.objectContaining({
        accountEmail: 'reviewer@lab.example',
        status: 'SIGNED',
        signingName: 'Dr. R. Viewer',
        signingReason: 'Approved for release',
        signedAt: api.clock.now().toISOString(),
      }),
    ])
    // The PDF's signature carries the meaning as its reason and is valid.
    const pdf = await api.downloadSigned(admin, request.documents[0]?.id ?? '')
    expect(Buffer.from(pdf).toString('latin1')).toContain('Approved for release')
    const dir = temporaryDirectory(`part11-${driver}`)
    const caPem = await (await fetch(`${api.server.url}/api${apiPaths.pkiCa()}`)).text()
    expect(pdfsig(dir, pdf, trustStore(dir, caPem)).map((verdict) => verdict.signature)).toEqual([
      'Signature is Valid.',
    ])
    // The name and meaning are the signer's defaults next time.
    expect((await api.readUser(signer)).attributes).toMatchObject({
      p11_signing_name: ['Dr. R. Viewer'],
      p11_signing_reason: ['Approved for release'],
    })

    // A sender without Part 11 asks for no confirmation.
    const plain = await api.signUp('plain@sender.example')
    const other = await api.openRequest(plain, 'Lunch order', ['reviewer@lab.example'], [await makePdf(1)])
    expect((await api.signed(signer, [{ signature_request_id: other.id }]))[0]?.result).toBe('complete')
  })
})
