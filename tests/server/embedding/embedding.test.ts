import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiUserKeySchema, apiUserPaths, apiUsersSchema } from '../../../contract/api-users.ts'
import { businessPaths, businessSchema } from '../../../contract/businesses.ts'
import { directAuthorization } from '../../../contract/direct.ts'
import {
  embeddedSessionSchema,
  embeddingPaths,
  signingUrlLifetimeSeconds,
  signingUrlSchema,
} from '../../../contract/embedding.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { openDatabase } from '../../../server/db/open-database.ts'
import { embeddedSigningLinks } from '../../../server/db/schema/embedding.ts'
import { forgetSpentSigningLinks, keepSpentLinksMs } from '../../../server/embedding/forget-spent-links.ts'
import { readJson } from '../accounts/accounts-client.ts'
import { makePdf } from '../signing/pdf-tools.ts'
import { type SigningClient, startSigningClient } from '../signing/signing-client.ts'
import { featureDrivers } from '../test-database.ts'

const businessData = {
  name: 'Acme AG',
  email: 'office@acme.example',
  billing: { address1: 'Bahnhofstrasse 1', city: 'Zürich', postal_code: '8001', country: 'ch' },
}
const erpOrigins = ['https://erp.acme.example', 'http://localhost:5173']

/** The directives of a Content-Security-Policy header by name. */
const directives = (header: string | null) =>
  new Map(
    (header ?? '').split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/)
      return [name, sources] as const
    }),
  )

describe.each(featureDrivers)('embedded signing on %s', (driver) => {
  let api: SigningClient
  let admin: string
  let member: string
  /** Bearer tokens of API users: of the business, of another business, and one without origins. */
  let erp: string
  let otherErp: string
  let bare: string

  const apiUserToken = async (token: string, business: string, username: string) => {
    const { apiKey } = v.parse(
      apiUserKeySchema,
      await readJson(
        await api.call('POST', apiUserPaths.apiUsers(business), { token, body: { username } }),
        201,
      ),
    )
    const login = await readJson(
      await api.call('POST', apiUserPaths.accessLogin(), { body: { username, api_key: apiKey } }),
    )
    return String(login.token)
  }
  const newBusiness = async (token: string, name: string) =>
    v.parse(
      businessSchema,
      await readJson(
        await api.call('POST', businessPaths.businesses(), { token, body: { ...businessData, name } }),
        201,
      ),
    ).id
  const openRequest = async (owner: string, signers: string[]) =>
    api.openRequest(owner, 'Employment contract', signers, [await makePdf(1)])
  const signingUrl = (token: string, requestId: string, body: unknown) =>
    api.call('POST', embeddingPaths.signingUrl(requestId), { token, body })
  const openSession = (url: string) =>
    api.call('POST', embeddingPaths.embeddedSessions(), {
      body: { token: new URL(url).pathname.split('/').pop() },
    })

  beforeAll(async () => {
    api = await startSigningClient(driver)
    admin = await api.signUp('admin@acme.example')
    member = await api.signUp('member@acme.example')
    const outsider = await api.signUp('admin@other.example')
    const businessId = await newBusiness(admin, 'Acme AG')
    await readJson(
      await api.call('POST', businessPaths.businessMembers(businessId), {
        token: admin,
        body: { users: ['member@acme.example'] },
      }),
    )
    await readJson(
      await api.call('POST', apiPaths.accept(), { token: member, body: { business_invite: true } }),
    )
    erp = await apiUserToken(admin, businessId, 'acme-erp')
    bare = await apiUserToken(admin, businessId, 'acme-bare')
    otherErp = await apiUserToken(outsider, await newBusiness(outsider, 'Other GmbH'), 'other-erp')
    // Its admins set the origins; they are checked and written as browsers write them.
    await api.expectError(
      await api.call('PUT', apiUserPaths.apiUser(businessId, 'acme-erp'), {
        token: admin,
        body: { embed_origins: ['http://erp.acme.example'] },
      }),
      400,
      'request.invalid',
    )
    await api.expectError(
      await api.call('PUT', apiUserPaths.apiUser(businessId, 'acme-erp'), {
        token: admin,
        body: { embed_origins: ['https://erp.acme.example/app'] },
      }),
      400,
      'request.invalid',
    )
    await api.expectError(
      await api.call('PUT', apiUserPaths.apiUser(businessId, 'acme-erp'), {
        token: member,
        body: { embed_origins: erpOrigins },
      }),
      403,
      'business.not_allowed',
    )
    await readJson(
      await api.call('PUT', apiUserPaths.apiUser(businessId, 'acme-erp'), {
        token: admin,
        body: { embed_origins: ['https://ERP.acme.example:443', 'http://localhost:5173'] },
      }),
    )
    const listed = v.parse(
      apiUsersSchema,
      await readJson(await api.call('GET', apiUserPaths.apiUsers(businessId), { token: admin })),
    )
    expect(listed.apiUsers.find((u) => u.username === 'acme-erp')?.embedOrigins).toEqual(
      [...erpOrigins].sort(),
    )
    expect(listed.apiUsers.find((u) => u.username === 'acme-bare')?.embedOrigins).toEqual([])
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  it('gives an API user of the business a signing URL that opens one direct-sign session', async () => {
    const request = await openRequest(erp, ['guest@example.com'])
    const answer = v.parse(
      signingUrlSchema,
      await readJson(
        await signingUrl(erp, request.id, {
          account_email: 'Guest@Example.com',
          origin: 'https://erp.acme.example',
        }),
        201,
      ),
    )
    expect(answer.url).toMatch(new RegExp(`^${api.server.url.replace('127.0.0.1', 'localhost')}/embed/`))
    expect(Date.parse(answer.expiresAt) - api.clock.now().getTime()).toBe(signingUrlLifetimeSeconds * 1000)
    const session = v.parse(embeddedSessionSchema, await readJson(await openSession(answer.url), 201))
    expect(session).toMatchObject({
      signatureRequestId: request.id,
      signatureId: request.signatures[0]?.id,
      origin: 'https://erp.acme.example',
    })
    // The session reads the request as the signer's direct link does.
    const read = await fetch(
      `${api.server.url}/api${apiPaths.directSignatureRequest(request.id, session.token)}`,
      { headers: { authorization: directAuthorization(session.signatureId, request.id) } },
    )
    expect(read.status).toBe(200)
    // A URL opens one session.
    await api.expectError(await openSession(answer.url), 410, 'embed.link_used')
    await api.expectError(
      await api.call('POST', embeddingPaths.embeddedSessions(), { body: { token: 'made-up' } }),
      404,
      'embed.unknown_link',
    )
  })

  it('refuses a signing URL past its 5 minutes by the server clock', async () => {
    const request = await openRequest(erp, ['late@example.com'])
    const { url } = v.parse(
      signingUrlSchema,
      await readJson(
        await signingUrl(erp, request.id, {
          signature_id: request.signatures[0]?.id,
          origin: 'http://localhost:5173',
        }),
        201,
      ),
    )
    api.clock.advance(signingUrlLifetimeSeconds * 1000)
    await api.expectError(await openSession(url), 410, 'embed.link_expired')
  })

  it('answers signing URLs only to API users of the business, for its direct-link signers', async () => {
    const request = await openRequest(erp, ['guest2@example.com', 'member@acme.example'])
    const guest = { account_email: 'guest2@example.com', origin: 'https://erp.acme.example' }
    await api.expectError(await signingUrl(otherErp, request.id, guest), 404, 'signature_request.not_found')
    await api.expectError(await signingUrl(member, request.id, guest), 403, 'embed.api_user_only')
    await api.expectError(await signingUrl(admin, request.id, guest), 403, 'embed.api_user_only')
    await api.expectError(
      await api.call('POST', embeddingPaths.signingUrl(request.id), { body: guest }),
      401,
      'auth.unauthenticated',
    )
    // Another API user of the same business may, once it allows an origin.
    await api.expectError(
      await signingUrl(bare, request.id, { account_email: 'guest2@example.com' }),
      409,
      'embed.no_origins',
    )
    await api.expectError(
      await signingUrl(erp, request.id, { account_email: 'guest2@example.com' }),
      400,
      'embed.origin_invalid',
      'origin',
    )
    await api.expectError(
      await signingUrl(erp, request.id, { ...guest, origin: 'https://evil.example' }),
      400,
      'embed.origin_invalid',
      'origin',
    )
    await api.expectError(
      await signingUrl(erp, request.id, { ...guest, account_email: 'member@acme.example' }),
      409,
      'embed.not_direct_signer',
    )
    await api.expectError(
      await signingUrl(erp, request.id, { ...guest, account_email: 'nobody@example.com' }),
      404,
      'embed.signer_not_found',
      'account_email',
    )
    await api.expectError(await signingUrl(erp, request.id, { origin: guest.origin }), 400, 'request.invalid')
    // A request a member of the business sent is the business's too.
    const members = await openRequest(member, ['guest3@example.com'])
    await readJson(await signingUrl(erp, members.id, { ...guest, account_email: 'guest3@example.com' }), 201)
  })

  it('lets exactly the allowed origins frame a signing URL’s page and no page else', async () => {
    const request = await openRequest(erp, ['framed@example.com'])
    const { url } = v.parse(
      signingUrlSchema,
      await readJson(
        await signingUrl(erp, request.id, {
          account_email: 'framed@example.com',
          origin: 'https://erp.acme.example',
        }),
        201,
      ),
    )
    const page = await fetch(`${api.server.url}${new URL(url).pathname}`)
    expect(page.status).toBe(200)
    const policy = directives(page.headers.get('content-security-policy'))
    expect(policy.get('frame-ancestors')).toEqual([...erpOrigins].sort())
    // The rest of the policy is the app's.
    const app = directives((await fetch(`${api.server.url}/login`)).headers.get('content-security-policy'))
    expect(app.get('frame-ancestors')).toEqual(["'none'"])
    expect(new Map([...policy].filter(([name]) => name !== 'frame-ancestors'))).toEqual(
      new Map([...app].filter(([name]) => name !== 'frame-ancestors')),
    )
    for (const path of ['/embed/made-up', `/view/${request.id}`, '/dashboard']) {
      const other = await fetch(`${api.server.url}${path}`)
      expect(directives(other.headers.get('content-security-policy')).get('frame-ancestors'), path).toEqual([
        "'none'",
      ])
    }
  })

  // Last: it moves the server's clock a day on.
  it('forgets signing URLs a day after they expired, opened or not', async () => {
    const request = await openRequest(erp, ['forgotten@example.com'])
    const { url } = v.parse(
      signingUrlSchema,
      await readJson(
        await signingUrl(erp, request.id, {
          signature_id: request.signatures[0]?.id,
          origin: 'http://localhost:5173',
        }),
        201,
      ),
    )
    api.clock.advance(signingUrlLifetimeSeconds * 1000)
    // The upkeep forgets it a day after it expired (and any other link spent by then), not before.
    const handle = await openDatabase(api.server.database)
    try {
      const kept = await handle.db.select().from(embeddedSigningLinks)
      expect(kept.length).toBeGreaterThan(0)
      expect(await forgetSpentSigningLinks(handle.db, api.clock.now())).toBe(0)
      api.clock.advance(keepSpentLinksMs + 1000)
      expect(await forgetSpentSigningLinks(handle.db, api.clock.now())).toBe(kept.length)
      expect(await handle.db.select().from(embeddedSigningLinks)).toEqual([])
    } finally {
      await handle.close()
    }
    await api.expectError(await openSession(url), 404, 'embed.unknown_link')
  })
})
