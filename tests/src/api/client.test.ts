import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ApiError, createApiClient, retryStatuses } from '../../../src/api/client.ts'

// A real HTTP server whose answers each test scripts: a queue of (status, body, headers).
type Answer = { status: number; body?: unknown; headers?: Record<string, string> }
let answers: Answer[] = []
let seen: { method: string; url: string; auth?: string; body: string }[] = []
let server: Server
let baseURL: string

function handle(req: IncomingMessage, res: ServerResponse) {
  let body = ''
  req.on('data', (chunk) => {
    body += chunk
  })
  req.on('end', () => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', auth: req.headers.authorization, body })
    const answer = answers.shift() ?? { status: 200, body: {} }
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
    res.end(answer.body === undefined ? '' : JSON.stringify(answer.body))
  })
}

beforeAll(async () => {
  server = createServer(handle)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => {
  answers = []
  seen = []
})

function client(overrides: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  const events = { unauthorized: 0, serverError: 0, waits: [] as number[] }
  const api = createApiClient({
    baseURL,
    auth: () => ({ type: 'Bearer', token: 'tok123' }),
    onUnauthorized: () => {
      events.unauthorized++
    },
    onServerError: () => {
      events.serverError++
    },
    retryDelay: (attempt) => Math.min(100 * 2 ** attempt, 5000),
    sleep: async (ms) => {
      events.waits.push(ms)
    },
    ...overrides,
  })
  return { api, events }
}

describe('the HTTP client (SPEC §7, §8)', () => {
  it('sends the Authorization header as "<type> <token>"', async () => {
    const { api } = client()
    await api.request('/v1/datetime')
    expect(seen[0]?.auth).toBe('Bearer tok123')
  })

  it('tells the app of each write the server accepted, and of nothing else', async () => {
    let changes = 0
    const { api } = client({ onChanged: () => changes++ })
    await api.request('/v1/user')
    expect(changes).toBe(0)
    await api.request('/v1/user', { method: 'PUT', body: { firstName: 'Ada' } })
    expect(changes).toBe(1)
    answers = [{ status: 422, body: { code: 'user.invalid', message: 'No' } }]
    await expect(api.request('/v1/user', { method: 'PUT', body: {} })).rejects.toBeInstanceOf(ApiError)
    expect(changes).toBe(1)
  })

  it('sends bodies in snake_case and reads answers in camelCase', async () => {
    answers = [{ status: 200, body: { first_name: 'Ada', signature_qualities: [{ is_covered: true }] } }]
    const { api } = client()
    const answer = await api.request('/v1/user', { method: 'PUT', body: { firstName: 'Ada', celloUcc: 'x' } })
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ first_name: 'Ada', cello_ucc: 'x' })
    expect(answer).toEqual({ firstName: 'Ada', signatureQualities: [{ isCovered: true }] })
  })

  it('adds the defined query values to a path that may carry a query already', async () => {
    const { api } = client()
    await api.request('/v3/signature-requests', {
      query: { page: 2, title: 'Lease & deposit', size: undefined },
    })
    await api.request('/v1/direct/user?token=a%2Bb', { query: { lang: 'de-ch' } })
    expect(seen.map((s) => s.url)).toEqual([
      '/api/v3/signature-requests?page=2&title=Lease+%26+deposit',
      '/api/v1/direct/user?token=a%2Bb&lang=de-ch',
    ])
  })

  it('sends a form as it is, with its file', async () => {
    const form = new FormData()
    form.append('file', new Blob(['%PDF-1.7'], { type: 'application/pdf' }), 'Lease.pdf')
    const { api } = client()
    await api.request('/v3/signature-requests/r/documents', { method: 'POST', body: form })
    expect(seen[0]?.body).toContain('filename="Lease.pdf"')
    expect(seen[0]?.body).toContain('%PDF-1.7')
  })

  it('answers an empty answer as undefined, or as an empty image when an image was asked for', async () => {
    answers = [{ status: 204 }, { status: 202 }]
    const { api } = client()
    await expect(api.request('/v3/signature-requests/r', { method: 'DELETE' })).resolves.toBeUndefined()
    const image = await api.request<Blob>('/v3/documents/d/pages/0', { responseType: 'blob' })
    expect(image.size).toBe(0)
  })

  it('answers an image as its bytes', async () => {
    answers = [{ status: 200, body: 'RIFF' }]
    const { api } = client()
    const image = await api.request<Blob>('/v3/documents/d/pages/0', { responseType: 'blob' })
    expect(await image.text()).toBe('"RIFF"')
  })

  it.each(retryStatuses)('SPEC §7: retries once on %i by default', async (status) => {
    answers = [
      { status, body: { status, code: 'x', message: 'x', path: '/' } },
      { status: 200, body: { ok: true } },
    ]
    const { api } = client()
    await expect(api.request('/v1/thing', { method: 'POST' })).resolves.toEqual({ ok: true })
    expect(seen).toHaveLength(2)
  })

  it('does not retry a status outside the SPEC list', async () => {
    answers = [
      {
        status: 400,
        body: { status: 400, code: 'request.invalid', message: 'bad', path: '/', field: 'email' },
      },
    ]
    const { api, events } = client()
    const error = await api.request('/v1/thing').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 400, code: 'request.invalid', field: 'email' })
    expect(seen).toHaveLength(1)
    expect(events.serverError).toBe(0)
  })

  it('SPEC §8: backs off 100 ms doubling to 5 s over the retries a caller asks for', async () => {
    answers = Array.from({ length: 10 }, () => ({ status: 502 }))
    answers.push({ status: 200, body: {} })
    const { api, events } = client()
    await api.request('/v3/documents/d/pages/0', { retries: 10 })
    expect(events.waits).toEqual([100, 200, 400, 800, 1600, 3200, 5000, 5000, 5000, 5000])
  })

  it('SPEC §8: a 503 waits for the time in Retry-After', async () => {
    answers = [
      { status: 503, headers: { 'retry-after': '7' } },
      { status: 200, body: {} },
    ]
    const { api, events } = client()
    await api.request('/v1/thing')
    expect(events.waits).toEqual([7000])
  })

  it("counts a Retry-After date from the server's clock, not the device's", async () => {
    answers = [
      { status: 503, headers: { 'retry-after': 'Sat, 21 Nov 2026 06:00:30 GMT' } },
      { status: 200, body: {} },
    ]
    const { api, events } = client({ now: () => Date.parse('2026-11-21T06:00:00Z') })
    await api.request('/v1/thing')
    expect(events.waits).toEqual([30_000])
  })

  it('SPEC §8: a 401 signs the user out and is not retried', async () => {
    answers = [{ status: 401, body: { status: 401, code: 'auth.unauthenticated', message: 'no', path: '/' } }]
    const { api, events } = client()
    await expect(api.request('/v1/user')).rejects.toMatchObject({ status: 401 })
    expect(events.unauthorized).toBe(1)
    expect(seen).toHaveLength(1)
  })

  it('SPEC §8: a 5xx still failing after its retries sends the user to /sorry', async () => {
    answers = [{ status: 500 }, { status: 500 }]
    const { api, events } = client()
    await expect(api.request('/v1/thing')).rejects.toMatchObject({ status: 500 })
    expect(events.serverError).toBe(1)
  })

  it('SPEC §8: a 503 that keeps failing does not send the user to /sorry', async () => {
    answers = [{ status: 503 }, { status: 503 }]
    const { api, events } = client()
    await expect(api.request('/v1/thing')).rejects.toMatchObject({ status: 503 })
    expect(events.serverError).toBe(0)
  })

  it('gives the Retry-After of a refused answer to the screen', async () => {
    const refusal = { status: 429, code: 'auth.too_many_attempts', message: 'Too many', path: '/' }
    answers = [
      { status: 429, body: refusal, headers: { 'retry-after': '90' } },
      { status: 429, body: refusal, headers: { 'retry-after': '90' } },
    ]
    const { api } = client()
    await expect(api.request('/v1/login', { method: 'POST' })).rejects.toMatchObject({
      code: 'auth.too_many_attempts',
      retryAfterSeconds: 90,
    })
  })

  it('reports an unreachable server as a network error', async () => {
    const { api } = client({ baseURL: 'http://127.0.0.1:1/api' })
    await expect(api.request('/v1/thing', { retries: 0 })).rejects.toMatchObject({
      code: 'network.unreachable',
    })
  })
})
