import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OpenApiDocument } from '../../../contract/openapi/build-openapi.ts'
import { type AccountsClient, startAccountsClient } from '../accounts/accounts-client.ts'
import { removeTemporaryDirectories } from '../signing/pdf-tools.ts'
import { featureDrivers } from '../test-database.ts'
import { join, openBusiness } from './business-client.ts'

/** A path parameter's value of the right form: every business call names its business by `id`. */
function pathFor(template: string, businessId: string): string {
  return template.replace(/\{(\w+)\}/g, (_whole, name: string) =>
    name === 'id' ? businessId : name === 'name' ? 'stamp' : randomUUID(),
  )
}

/** Calls a member may make too, for themselves: who may is known only from what they ask. */
const memberMayAsk: Record<string, string> = {
  'DELETE /v1/businesses/{id}/invitations/{inviteId}': 'the invited person declines their own invitation',
  'POST /v1/businesses/{id}/remove-members': 'a member removes themselves: they leave',
}

/**
 * Every call only the admins of a business may make checks that before the input: a member who sends a body
 * or a query the call would refuse hears 403 `business.not_allowed`, and learns nothing of what the call checks
 * (the rule of `requireBusinessAdmin`). The calls are those the OpenAPI description says answer that 403.
 */
describe.each(featureDrivers)('admin-only business calls on %s', (driver) => {
  let client: AccountsClient
  beforeAll(async () => {
    client = await startAccountsClient(driver)
  })
  afterAll(async () => {
    await client.server.stop()
    removeTemporaryDirectories()
  })

  it('refuse a member with 403 before they read the member’s input', async () => {
    const admin = await client.signUp('admin-first@example.com')
    const member = await client.signUp('member-first@example.com')
    const businessId = await openBusiness(client, admin, 'Admin First AG')
    await join(client, admin, businessId, 'member-first@example.com', member)

    const document = (await (await client.call('GET', '/openapi.json')).json()) as OpenApiDocument
    const adminOnly = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations as Record<string, { responses?: Record<string, unknown> }>)
        .filter(([, operation]) =>
          JSON.stringify(operation.responses?.['403'] ?? '').includes('business.not_allowed'),
        )
        .filter(() => path.includes('/businesses/{id}'))
        .map(([method]) => ({ method: method.toUpperCase(), path }))
        .filter(({ method }) => !(`${method} ${path}` in memberMayAsk)),
    )
    expect(adminOnly.length).toBeGreaterThan(40)

    const answers = await Promise.all(
      adminOnly.map(async ({ method, path }) => {
        // A body of the wrong form and a query out of range: what validators refuse with 400.
        const url = `${pathFor(path, businessId)}?page=-1&size=0&from=not-a-date&kind=none`
        const response = await client.call(method, url, {
          token: member,
          ...(method === 'GET' || method === 'DELETE' ? {} : { body: { users: 7, name: [] } }),
        })
        const body = (await response.json().catch(() => ({}))) as { code?: string }
        return `${method} ${path}: ${response.status} ${body.code ?? ''}`
      }),
    )
    expect(answers.filter((answer) => !answer.endsWith(': 403 business.not_allowed'))).toEqual([])
  })
})
