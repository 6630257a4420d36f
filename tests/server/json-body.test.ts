import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { pino } from 'pino'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiErrorSchema } from '../../contract/errors.ts'
import { createErrorHandler, notFoundHandler } from '../../server/http/error-handler.ts'
import { jsonBody } from '../../server/http/json-body.ts'
import { sendJson } from '../../server/http/send-json.ts'

// No route of this issue takes a body yet, so a route of the shape later modules will have is served here,
// over real HTTP, with the app's own error handling.
const signerSchema = v.object({
  emailAddress: v.pipe(v.string(), v.email()),
  firstName: v.optional(v.string()),
})
const invitationSchema = v.object({
  documentId: v.pipe(v.string(), v.minLength(1)),
  signers: v.pipe(v.array(signerSchema), v.minLength(1)),
  notesById: v.optional(v.record(v.string(), v.object({ noteText: v.string() }))),
})

function createTestApp(): Hono {
  const app = new Hono()
  app.onError(createErrorHandler(pino({ level: 'silent' })))
  app.notFound(notFoundHandler)
  app.post('/invitations', jsonBody(invitationSchema, { preserveKeysOf: ['notesById'] }), (c) => {
    const invitation = c.req.valid('json')
    return sendJson(c, { received: invitation }, 201, { preserveKeysOf: ['notesById'] })
  })
  app.get('/boom', () => {
    throw new Error('database password is hunter2')
  })
  return app
}

describe('jsonBody', () => {
  let server: Server
  let url: string

  beforeAll(async () => {
    server = createServer(getRequestListener(createTestApp().fetch))
    await new Promise<void>((resolve) => server.listen(0, resolve))
    url = `http://localhost:${(server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  const post = (body: string, contentType = 'application/json') =>
    fetch(`${url}/invitations`, { method: 'POST', headers: { 'content-type': contentType }, body })

  async function expectInvalid(response: Response, field: string | undefined) {
    expect(response.status).toBe(400)
    const error = v.parse(apiErrorSchema, await response.json())
    expect(error).toMatchObject({ status: 400, code: 'request.invalid', path: '/invitations' })
    expect(error.field).toBe(field)
    if (field) expect(error.message).toContain(field)
  }

  it('hands the handler a camelCase body and answers in snake_case, keeping map keys', async () => {
    const response = await post(
      JSON.stringify({
        document_id: 'doc-1',
        signers: [{ email_address: 'ada@example.com', first_name: 'Ada' }],
        notes_by_id: { note_one: { note_text: 'hello' } },
      }),
    )
    expect(response.status).toBe(201)
    expect(await response.json()).toEqual({
      received: {
        document_id: 'doc-1',
        signers: [{ email_address: 'ada@example.com', first_name: 'Ada' }],
        notes_by_id: { note_one: { note_text: 'hello' } },
      },
    })
  })

  it('names a missing field in wire case', async () => {
    await expectInvalid(await post(JSON.stringify({ signers: [{ email_address: 'a@b.ch' }] })), 'document_id')
  })

  it('names a wrong field inside an array', async () => {
    const body = { document_id: 'doc-1', signers: [{ email_address: 'a@b.ch' }, { email_address: 'nope' }] }
    await expectInvalid(await post(JSON.stringify(body)), 'signers.1.email_address')
  })

  it('names a wrong field inside a preserved map without converting the map key', async () => {
    const body = { document_id: 'd', signers: [{ email_address: 'a@b.ch' }], notes_by_id: { note_One: {} } }
    await expectInvalid(await post(JSON.stringify(body)), 'notes_by_id.note_One.note_text')
  })

  it('answers a body that is not an object without a field', async () => {
    await expectInvalid(await post('42'), undefined)
  })

  it('answers malformed JSON with 400 request.malformed_json', async () => {
    const response = await post('{"document_id": "doc-1",')
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 'request.malformed_json', path: '/invitations' })
  })

  it('answers a body that is not sent as JSON with 415', async () => {
    const response = await post('document_id=doc-1', 'application/x-www-form-urlencoded')
    expect(response.status).toBe(415)
    expect(await response.json()).toMatchObject({ code: 'request.unsupported_media_type' })
  })

  it('answers an unexpected exception with 500 server.error and no internals', async () => {
    const response = await fetch(`${url}/boom`)
    expect(response.status).toBe(500)
    const text = await response.text()
    expect(text).not.toContain('hunter2')
    expect(JSON.parse(text)).toEqual({
      status: 500,
      code: 'server.error',
      message: 'Something went wrong on our side',
      path: '/boom',
    })
  })
})
