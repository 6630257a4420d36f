import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { directAuthorization } from '../../../contract/direct.ts'
import { identificationPaths, identificationPaymentSchema } from '../../../contract/identification.ts'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import { a4, makePdf } from '../../fixtures/make-fixtures.ts'
import { readJson } from '../accounts/accounts-client.ts'
import { type DirectLink, parseLink } from '../direct/direct-link.ts'
import { type RequestsClient, startRequestsClient, uploaded } from '../signature-requests/requests-client.ts'
import { featureDrivers } from '../test-database.ts'

const unknownRequest = '00000000-0000-4000-8000-000000000000'

/** GET .../identification/payment/{id} with a signature request's id (SPEC §7): its legislation's coverage. */
describe.each(featureDrivers)('licence coverage of a signature request on %s', (driver) => {
  let api: RequestsClient
  let owner: string
  let signer: string
  let outsider: string
  let zertesRequest: string
  let openRequest: string
  let guest: DirectLink

  const coverage = async (token: string, id: string) =>
    v.parse(
      identificationPaymentSchema,
      await readJson(await api.call('GET', identificationPaths.payment(id), { token })),
    )

  beforeAll(async () => {
    api = await startRequestsClient(driver)
    owner = await api.signUp('owner@coverage.example')
    signer = await api.signUp('signer@coverage.example')
    outsider = await api.signUp('outsider@coverage.example')
    const seen = await api.mailIds()
    const zertes = await api.create(owner, {
      title: 'Swiss lease',
      quality: 'qes',
      legislation: 'zertes',
      signatures: [
        { account_email: 'signer@coverage.example' },
        { signer_identity_data: { email_address: 'guest@coverage.example' } },
      ],
    })
    zertesRequest = zertes.id
    await uploaded(await api.upload(owner, zertesRequest, await makePdf([a4])))
    const initiated = await api.call('POST', apiPaths.initiateSignatureRequest(zertesRequest), {
      token: owner,
    })
    expect(initiated.status).toBe(200)
    const mail = await api.waitForMail('guest@coverage.example', /Swiss lease/, seen)
    guest = parseLink(mail.links.find((l) => l.includes('/view/')) ?? '')
    openRequest = (
      await api.create(owner, {
        title: 'Any law',
        quality: 'aes',
        signatures: [{ account_email: 'signer@coverage.example' }],
      })
    ).id
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  it("answers the coverage of the request's legislation to its signer and its sender", async () => {
    const zertes = await coverage(signer, 'zertes')
    expect(zertes).toMatchObject({ covered: false, coveredBy: null, currency: 'EUR' })
    expect(await coverage(signer, zertesRequest)).toEqual(zertes)
    expect(await coverage(signer, zertesRequest.toUpperCase())).toEqual(zertes)
    expect(await coverage(owner, zertesRequest)).toEqual(await coverage(owner, 'zertes'))
  })

  it('answers a request the caller may not see exactly as an unknown one', async () => {
    const hidden = await api.call('GET', identificationPaths.payment(zertesRequest), { token: outsider })
    const unknown = await api.call('GET', identificationPaths.payment(unknownRequest), { token: outsider })
    expect(hidden.status).toBe(404)
    // The same answer but for the path it echoes.
    const { path: _, ...seen } = await hidden.json()
    const { path: __, ...none } = await unknown.json()
    expect(seen).toEqual(none)
    await api.expectError(
      await api.call('GET', identificationPaths.payment(unknownRequest), { token: signer }),
      404,
      'signature_request.not_found',
      'id',
    )
    // Neither a legislation nor a request id.
    await api.expectError(
      await api.call('GET', identificationPaths.payment('klingon'), { token: signer }),
      404,
      'identification.not_found',
    )
    await api.expectError(
      await api.call('GET', identificationPaths.payment(zertesRequest)),
      401,
      'auth.unauthenticated',
    )
  })

  it('asks for a legislation when the request names none', async () => {
    await api.expectError(
      await api.call('GET', identificationPaths.payment(openRequest), { token: signer }),
      422,
      'identification.legislation_required',
      'id',
    )
  })

  it("answers a direct-link signer for their link's request only", async () => {
    const direct = (id: string) =>
      fetch(`${api.server.url}${apiUrl(identificationPaths.directPayment(id, guest.token))}`, {
        headers: { authorization: directAuthorization(guest.signatureId, guest.requestId) },
      })
    const byLegislation = await readJson(await direct('zertes'))
    expect(byLegislation).toMatchObject({ covered: false, currency: 'EUR' })
    expect(await readJson(await direct(zertesRequest))).toEqual(byLegislation)
    await api.expectError(await direct(openRequest), 404, 'signature_request.not_found', 'id')
  })
})
