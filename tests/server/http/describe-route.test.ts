import { Hono } from 'hono'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { noContent, ok } from '../../../contract/openapi/operation.ts'
import { describedOperations, describeRoute } from '../../../server/http/describe-route.ts'
import { jsonBody } from '../../../server/http/json-body.ts'

const note = v.object({ text: v.string() })
const described = { summary: 'Keep a note', tag: 'Platform', auth: 'none', answers: [noContent] } as const

describe('routes that describe themselves', () => {
  it('are described at their method and path, with the body their jsonBody validates', async () => {
    const app = new Hono()
      .post('/notes/:id', jsonBody(note), describeRoute(described), (c) => c.body(null, 204))
      .get('/notes', describeRoute({ ...described, summary: 'Read the notes', answers: [ok(note)] }), (c) =>
        c.json({ text: 'x' }),
      )
      .get('/undescribed', (c) => c.body(null, 204))
    expect(describedOperations(app.routes)).toEqual([
      { ...described, method: 'post', path: '/notes/{id}', body: { json: note } },
      { ...described, summary: 'Read the notes', answers: [ok(note)], method: 'get', path: '/notes' },
    ])
    // The description lets the call through to its handler.
    const call = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"x"}' }
    expect((await app.request('/notes/1', call)).status).toBe(204)
  })

  it('refuses a body described both by its jsonBody and its description', () => {
    const app = new Hono().post(
      '/notes',
      jsonBody(note),
      describeRoute({ ...described, body: { json: note } }),
      (c) => c.body(null, 204),
    )
    expect(() => describedOperations(app.routes)).toThrow('describes the body its jsonBody validates')
  })
})
