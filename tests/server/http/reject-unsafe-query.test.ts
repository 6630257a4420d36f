import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AccountsClient, startAccountsClient } from '../accounts/accounts-client.ts'
import { featureDrivers } from '../test-database.ts'

/**
 * Issue 34: a query string with NUL reached a native library, and
 * `GET /v1/user/preview-visual-signature?name=abc%00` answered 500 (Convert String to CString failed). NUL
 * and lone surrogates are refused in query strings as in JSON bodies: 400 naming the parameter.
 */
describe.each(featureDrivers)('unsafe query strings on %s', (driver) => {
  let api: AccountsClient
  let token: string

  beforeAll(async () => {
    api = await startAccountsClient(driver)
    token = await api.signUp('owner@example.com')
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  it('refuses NUL in a value or a name, naming the parameter', async () => {
    for (const [query, field] of [
      ['name=abc%00', 'name'],
      ['name=Ada&loc=Z%00rich', 'loc'],
      ['na%00me=Ada', 'na\u0000me'],
    ] as const) {
      const response = await api.call('GET', `/v1/user/preview-visual-signature?${query}`, { token })
      await api.expectError(response, 400, 'request.invalid', field)
    }
    const list = await api.call('GET', '/v3/signature-requests?title=%00', { token })
    await api.expectError(list, 400, 'request.invalid', 'title')
  })

  it('takes other text, encoded or not, as it is', async () => {
    const response = await api.call(
      'GET',
      `/v1/user/preview-visual-signature?name=${encodeURIComponent('Zoë 📝')}`,
      {
        token,
      },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
  })
})
