import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import { type DirectUser, directAuthorization } from '../../../contract/direct.ts'
import { identificationPaths } from '../../../contract/identification.ts'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import { a4, makePdf } from '../../fixtures/make-fixtures.ts'
import { type RequestsClient, startRequestsClient, uploaded } from '../signature-requests/requests-client.ts'

type DirectLink = { requestId: string; signatureId: string; token: string }

function parseLink(link: string): DirectLink {
  const url = new URL(link)
  const match = /^\/view\/([^/]+)\/([^/]+)$/.exec(url.pathname)
  const token = url.searchParams.get('token')
  if (match?.[1] === undefined || match[2] === undefined || token === null)
    throw new Error(`not a direct link: ${link}`)
  return { requestId: match[1], signatureId: match[2], token }
}

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
    const started = await direct('POST', path(guest), guest)
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
    expect(done.headers.get('location')).toBe(
      `/direct-sign/identification/${guest.requestId}/${guest.signatureId}?primaryAction=refresh`,
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
})
