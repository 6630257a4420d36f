import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPaths } from '../../../contract/paths.ts'
import { maxJsonBytes, maxJsonDepth } from '../../../server/http/read-json-body.ts'
import { type RequestsClient, startRequestsClient } from '../signature-requests/requests-client.ts'
import { featureDrivers } from '../test-database.ts'

/**
 * Issue 11: bodies an attacker sends to JSON routes. A body nested 10,000 deep once answered 500 on every
 * route, and strings with NUL or a lone surrogate failed in the database; each is now a 4xx naming what
 * was wrong, before a handler or the database sees it, and nothing is written.
 */
describe.each(featureDrivers)('JSON bodies out of bounds on %s', (driver) => {
  let api: RequestsClient
  let owner: string

  beforeAll(async () => {
    api = await startRequestsClient(driver)
    owner = await api.signUp('owner@example.com')
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  const send = (
    path: string,
    body: string | ReadableStream,
    method = 'POST',
    token: string | undefined = owner,
  ) =>
    fetch(`${api.server.url}/api${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
      body,
      ...(typeof body === 'string' ? {} : { duplex: 'half' }),
    } as RequestInit)

  /** The title of the request a 201 answer made, as the owner reads it back. */
  const createdTitle = async (response: Response) => {
    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: string }
    return (await api.getRequest(owner, id)).title
  }

  it('answers a body nested 10,000 deep 400 request.too_deep on a signed-in and an open route', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`
    for (const [path, token] of [
      [apiPaths.signatureRequests(), owner],
      [apiPaths.login(), undefined],
    ] as const) {
      const response = await send(path, deep, 'POST', token)
      await api.expectError(response, 400, 'request.too_deep')
    }
  })

  it('reads a body nested to the limit, and counts no bracket inside a string', async () => {
    const title = `${'['.repeat(maxJsonDepth + 8)} Brackets`
    const body = JSON.stringify({ title, signatures: [] })
    expect(await createdTitle(await send(apiPaths.signatureRequests(), body))).toBe(title)
    // At the limit the body is read, and the contract refuses the unknown shape; one more level is too deep.
    const nested = (depth: number) =>
      `{"title":"Nested","signatures":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`
    await api.expectError(
      await send(apiPaths.signatureRequests(), nested(maxJsonDepth)),
      400,
      'request.invalid',
    )
    await api.expectError(
      await send(apiPaths.signatureRequests(), nested(maxJsonDepth + 1)),
      400,
      'request.too_deep',
    )
  })

  it('refuses NUL and a lone surrogate in a value or a key, naming the field', async () => {
    const cases: [string, string][] = [
      ['{"title":"Con\\u0000tract","signatures":[]}', 'title'],
      ['{"title":"Contract \\ud800","signatures":[]}', 'title'],
      [
        '{"title":"Contract","signatures":[{"account_email":"a\\u0000@example.com"}]}',
        'signatures.0.account_email',
      ],
      ['{"title":"Contract","signatures":[],"n\\u0000te":"x"}', 'n\u0000te'],
    ]
    for (const [body, field] of cases) {
      await api.expectError(await send(apiPaths.signatureRequests(), body), 400, 'request.invalid', field)
    }
  })

  it('still takes a well-formed surrogate pair and other text as it is', async () => {
    const title = 'Vertrag 📝 für Zoë'
    const response = await send(apiPaths.signatureRequests(), JSON.stringify({ title, signatures: [] }))
    expect(await createdTitle(response)).toBe(title)
  })

  // Last: the server answers before the streamed body is read, and the connection ends with it.
  it('answers a body over the limit 413 request.too_large, announced or streamed', async () => {
    const big = JSON.stringify({ title: 'x'.repeat(maxJsonBytes), signatures: [] })
    await api.expectError(await send(apiPaths.signatureRequests(), big), 413, 'request.too_large')
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big))
        controller.close()
      },
    })
    await api.expectError(await send(apiPaths.signatureRequests(), streamed), 413, 'request.too_large')
  })
})
