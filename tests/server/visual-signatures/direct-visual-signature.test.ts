import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { directAuthorization } from '../../../contract/direct.ts'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import { visualSignaturePaths } from '../../../contract/visual-signatures.ts'
import { a4, makePdf } from '../../fixtures/make-fixtures.ts'
import { readJson } from '../accounts/accounts-client.ts'
import { type RequestsClient, startRequestsClient, uploaded } from '../signature-requests/requests-client.ts'
import { featureDrivers } from '../test-database.ts'

describe.each(featureDrivers)('a direct-link signer’s visual signature on %s', (driver) => {
  let api: RequestsClient

  beforeAll(async () => {
    api = await startRequestsClient(driver)
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  it('is predefined from the name the sender gave, and needs the link’s token', async () => {
    const owner = await api.signUp('owner@example.com')
    const seen = await api.mailIds()
    const draft = await api.create(owner, {
      title: 'Lease',
      signatures: [
        {
          signer_identity_data: {
            email_address: 'guest@example.com',
            first_name: 'Grace',
            last_name: 'Hopper',
          },
        },
      ],
    })
    await uploaded(await api.upload(owner, draft.id, await makePdf([a4])))
    await api.call('POST', apiPaths.initiateSignatureRequest(draft.id), { token: owner })
    const mail = await api.waitForMail('guest@example.com', /Lease/, seen)
    const link = new URL(mail.links.find((l) => l.includes('/view/')) ?? '')
    const [, , requestId, signatureId] = link.pathname.split('/')
    const token = link.searchParams.get('token') ?? ''
    const call = (secret: string) =>
      fetch(`${api.server.url}${apiUrl(visualSignaturePaths.direct())}?token=${encodeURIComponent(secret)}`, {
        headers: { authorization: directAuthorization(signatureId ?? '', requestId ?? '') },
      })
    expect(await readJson(await call(token))).toMatchObject({
      id: null,
      name: 'Grace Hopper',
      kind: 'typed',
      isDefault: true,
    })
    await api.expectError(await call('wrong-token'), 401, 'direct.invalid_token')
  })
})
