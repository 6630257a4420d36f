import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { directAuthorization } from '../../../contract/direct.ts'
import type { OpenApiDocument } from '../../../contract/openapi/build-openapi.ts'
import { type PathParameterFormat, pathParametersOf } from '../../../contract/openapi/path-parameters.ts'
import { apiBase, apiPaths, apiUrl } from '../../../contract/paths.ts'
import { a4, makePdf } from '../../fixtures/make-fixtures.ts'
import { readJson } from '../accounts/accounts-client.ts'
import { type DirectLink, parseLink } from '../direct/direct-link.ts'
import { type RequestsClient, startRequestsClient, uploaded } from '../signature-requests/requests-client.ts'
import { featureDrivers } from '../test-database.ts'

/** A value of each form, and one of none: the latter is what a fuzzer, or a typo in a link, sends. */
const wellFormed = (format: PathParameterFormat): string =>
  format === 'uuid'
    ? randomUUID()
    : format === 'page'
      ? '0'
      : format === 'text'
        ? 'x'
        : 'orUuid' in format
          ? (format.words[0] ?? '')
          : (format[0] ?? '')
const malformed = (format: PathParameterFormat) =>
  format === 'uuid' || format === 'page' ? '-1' : format === 'text' ? 'a\u0000b' : 'nope'

/**
 * Issue 34: a path parameter not of the form its operation declares once reached the database, and
 * `DELETE /v1/businesses/-1/invitations/{uuid}` answered 500 (invalid input syntax for type uuid). Every
 * such value is now refused before any handler, with the answer a value naming nothing gets.
 */
describe.each(featureDrivers)('malformed path parameters on %s', (driver) => {
  let api: RequestsClient
  let token: string
  let link: DirectLink

  beforeAll(async () => {
    api = await startRequestsClient(driver)
    token = await api.signUp('owner@example.com')
    // A signer's mailed link, for the direct-link calls.
    const seen = await api.mailIds()
    const sent = await api.create(token, {
      title: 'Malformed',
      signatures: [{ signer_identity_data: { email_address: 'guest@example.com' } }],
    })
    await uploaded(await api.upload(token, sent.id, await makePdf([a4])))
    await readJson(await api.call('POST', apiPaths.initiateSignatureRequest(sent.id), { token }))
    const mail = await api.waitForMail('guest@example.com', /Malformed/, seen)
    link = parseLink(mail.links.find((found) => found.includes('/view/')) ?? '')
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  it('answers a business id that is no uuid 404 business.not_found when deleting an invitation', async () => {
    const response = await api.call('DELETE', `/v1/businesses/-1/invitations/${randomUUID()}`, { token })
    await api.expectError(response, 404, 'business.not_found', 'id')
  })

  it('answers a caller without credentials 401 first, whatever the path', async () => {
    const response = await api.call('DELETE', `/v1/businesses/-1/invitations/${randomUUID()}`)
    await api.expectError(response, 401, 'auth.unauthenticated')
    const direct = await api.call('GET', '/v3/direct/signature-requests/-1')
    await api.expectError(direct, 401, 'direct.invalid_token')
  })

  it('answers each malformed parameter of every described operation as its table says, naming it', async () => {
    const described = (await (
      await fetch(`${api.server.url}${apiBase}/openapi.json`)
    ).json()) as OpenApiDocument
    const operations = Object.entries(described.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, { security }]) => ({
        method,
        path,
        direct: security.some((requirement) => 'directLink' in requirement),
      })),
    )
    const calls = operations.flatMap((operation) => {
      const parameters = pathParametersOf(operation.path)
      return parameters.map((wrong) => {
        const segments = operation.path.split('/')
        for (const { index, parameter } of parameters) {
          const value = index === wrong.index ? malformed(parameter.format) : wellFormed(parameter.format)
          segments[index] = encodeURIComponent(value)
        }
        return { operation, wrong, path: segments.join('/') }
      })
    })
    expect(calls.length).toBeGreaterThan(150)
    for (const { operation, wrong, path } of calls) {
      const { direct } = operation
      const response = await fetch(
        `${api.server.url}${apiUrl(direct ? `${path}?token=${link.token}` : path)}`,
        {
          method: operation.method.toUpperCase(),
          headers: {
            authorization: direct ? directAuthorization(link.signatureId, link.requestId) : `Bearer ${token}`,
          },
        },
      )
      const body = (await response.json()) as { code: string; field?: string }
      expect({ status: response.status, ...body }, `${operation.method} ${path}`).toMatchObject({
        status: wrong.parameter.refusal.status,
        code: wrong.parameter.refusal.code,
        field: wrong.name,
      })
    }
  })
})
