import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import { type DirectUser, directAuthorization } from '../../../contract/direct.ts'
import { identificationPaths } from '../../../contract/identification.ts'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import { a4, makePdf } from '../../fixtures/make-fixtures.ts'
import { type DirectLink, parseLink } from '../direct/direct-link.ts'
import { type RequestsClient, startRequestsClient, uploaded } from '../signature-requests/requests-client.ts'
import { buyLicence } from './buy-licence.ts'

describe('identification of direct-link signers', () => {
  let api: RequestsClient
  let guest: DirectLink
  let other: DirectLink

  beforeAll(async () => {
    api = await startRequestsClient('pglite')
    const owner = await api.signUp('owner@example.com')
    const seen = await api.mailIds()
    const draft = await api.create(owner, {
      title: 'Identified lease',
      signatures: [
        {
          signer_identity_data: {
            email_address: 'guest@example.com',
            first_name: 'Grace',
            last_name: 'Hopper',
          },
        },
        { signer_identity_data: { email_address: 'other@example.com' } },
      ],
    })
    await uploaded(await api.upload(owner, draft.id, await makePdf([a4])))
    const initiated = await api.call('POST', apiPaths.initiateSignatureRequest(draft.id), { token: owner })
    expect(initiated.status).toBe(200)
    const linkOf = async (email: string) => {
      const mail = await api.waitForMail(email, /Identified lease/, seen)
      return parseLink(mail.links.find((l) => l.includes('/view/')) ?? '')
    }
    guest = await linkOf('guest@example.com')
    other = await linkOf('other@example.com')
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  const direct = (method: string, path: string, link: DirectLink) =>
    fetch(`${api.server.url}${apiUrl(path)}`, {
      method,
      headers: { authorization: directAuthorization(link.signatureId, link.requestId) },
    })

  it('starts, completes on the sandbox page, and unlocks qualified zertes for that signature', async () => {
    const path = (link: DirectLink) => identificationPaths.direct('zertes', 'video', link.token)
    await buyLicence(api.server.url, { link: guest }, 'zertes')
    const started = await fetch(`${api.server.url}${apiUrl(path(guest))}`, {
      method: 'POST',
      headers: {
        authorization: directAuthorization(guest.signatureId, guest.requestId),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ signature_request_id: guest.requestId }),
    })
    expect(started.status, await started.clone().text()).toBe(201)
    const { identUrl } = toCamelCase(await started.json()) as { identUrl: string }
    await api.expectError(await direct('GET', path(other), other), 404, 'identification.not_found')
    // Another signer's session with this signer's token is no session.
    await api.expectError(await direct('GET', path(guest), other), 401, 'direct.invalid_token')

    const page = await (await fetch(`${api.server.url}${new URL(identUrl).pathname}`)).text()
    expect(page).toContain('value="Grace"')
    const done = await fetch(`${api.server.url}${new URL(identUrl).pathname}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome: 'complete', first_name: 'Grace', last_name: 'Hopper' }),
    })
    expect(done.status).toBe(303)
    // Back to the flow route, where the link kept in the tab opens the session again.
    expect(done.headers.get('location')).toBe(
      '/direct-sign/identification/zertes/video?identification=returned',
    )
    const user = toCamelCase(
      await (await direct('GET', apiPaths.directUser(guest.token), guest)).json(),
    ) as DirectUser
    expect(user.attributes.signatureQualities).toEqual(['aes', 'qes_zertes'])
    const otherUser = toCamelCase(
      await (await direct('GET', apiPaths.directUser(other.token), other)).json(),
    ) as DirectUser
    expect(otherUser.attributes.signatureQualities).toBeUndefined()
  })

  it('takes only the request of the link as signature_request_id', async () => {
    const response = await fetch(
      `${api.server.url}${apiUrl(identificationPaths.direct('eidas', 'robo', other.token))}`,
      {
        method: 'POST',
        headers: {
          authorization: directAuthorization(other.signatureId, other.requestId),
          'content-type': 'application/json',
        },
        body: JSON.stringify({ signature_request_id: '0b7c2d4e-8f61-4a2b-9c3d-5e6f7a8b9c0d' }),
      },
    )
    await api.expectError(response, 404, 'signature_request.not_found', 'signature_request_id')
  })

  it('takes a request the user signs, and returns to the flow route with it', async () => {
    const owner = await api.signUp('signer-owner@example.com')
    const draft = await api.create(owner, {
      title: 'Own request',
      signatures: [{ signer_identity_data: { email_address: 'signer-owner@example.com' } }],
    })
    await buyLicence(api.server.url, { token: owner }, 'eidas')
    const started = await api.call('POST', identificationPaths.user('eidas', 'robo'), {
      token: owner,
      body: { signature_request_id: draft.id },
    })
    expect(started.status, await started.clone().text()).toBe(201)
    const { identUrl } = toCamelCase(await started.json()) as { identUrl: string }
    const done = await fetch(`${api.server.url}${new URL(identUrl).pathname}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome: 'fail' }),
    })
    expect(done.headers.get('location')).toBe(
      `/profile/signature-standards/eidas/self?identification=returned&signatureRequestId=${draft.id}`,
    )
  })

  it('prefills the provider with the personal details the signer supplied (supply eID data)', async () => {
    const put = await fetch(`${api.server.url}${apiUrl(apiPaths.directUser(other.token))}`, {
      method: 'PUT',
      headers: {
        authorization: directAuthorization(other.signatureId, other.requestId),
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        attributes: {
          first_name: ['Olive'],
          last_name: ['Other'],
          date_of_birth: ['1985-02-03'],
          nationality: ['DE'],
        },
      }),
    })
    expect(put.status, await put.clone().text()).toBe(200)
    await buyLicence(api.server.url, { link: other }, 'zertes')
    const started = await direct(
      'POST',
      identificationPaths.direct('zertes', 'autoident', other.token),
      other,
    )
    expect(started.status).toBe(201)
    const { identUrl } = toCamelCase(await started.json()) as { identUrl: string }
    const page = await (await fetch(`${api.server.url}${new URL(identUrl).pathname}`)).text()
    for (const value of ['Olive', 'Other', '1985-02-03', 'DE']) expect(page).toContain(`value="${value}"`)
  })

  it('sells a direct-link signer one licence of their own, which another signer cannot confirm', async () => {
    const post = (path: string, link: DirectLink, body?: unknown) =>
      fetch(`${api.server.url}${apiUrl(path)}`, {
        method: 'POST',
        headers: {
          authorization: directAuthorization(link.signatureId, link.requestId),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    const coverage = async (link: DirectLink) =>
      toCamelCase(
        await (await direct('GET', identificationPaths.directPayment('eidas', link.token), link)).json(),
      )
    expect(await coverage(other)).toMatchObject({ covered: false, amount: 4900, currency: 'EUR' })
    const started = await post(identificationPaths.directPayment('eidas', other.token), other)
    expect(started.status, await started.clone().text()).toBe(201)
    const payment = toCamelCase(await started.json()) as {
      id: string
      intent: { id: string; clientSecret: string }
    }
    const card = await fetch(`${api.server.url}${apiUrl('/sandbox/billing/confirm')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_secret: payment.intent.clientSecret,
        card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' },
      }),
    })
    expect(card.status).toBe(200)
    const confirmOf = (link: DirectLink) =>
      post(identificationPaths.directConfirmPayment('eidas', payment.id, link.token), link, {
        intent_id: payment.intent.id,
      })
    await api.expectError(await confirmOf(guest), 404, 'identification.not_found')
    const confirmed = await confirmOf(other)
    expect(confirmed.status).toBe(200)
    expect(await coverage(other)).toMatchObject({ covered: true, coveredBy: 'licence' })
    expect(await coverage(guest)).toMatchObject({ covered: false })
  })
})
