import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activityPageSchemas, activityPaths } from '../../../contract/activity.ts'
import { apiUserKeySchema, apiUserPaths, apiUserSchema, apiUsersSchema } from '../../../contract/api-users.ts'
import { businessPaths, businessSchema } from '../../../contract/businesses.ts'
import { healthResponseSchema } from '../../../contract/health.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { signatureRequestPageSchema, signatureRequestSchema } from '../../../contract/signature-requests.ts'
import { apiUserRequestsPerMinute } from '../../../server/http/authenticate.ts'
import { readJson } from '../accounts/accounts-client.ts'
import {
  documentTimestamp,
  makePdf,
  pdfsig,
  removeTemporaryDirectories,
  temporaryDirectory,
  trustStore,
} from '../signing/pdf-tools.ts'
import { type SigningClient, startSigningClient } from '../signing/signing-client.ts'
import { featureDrivers } from '../test-database.ts'

afterAll(removeTemporaryDirectories)

const businessData = {
  name: 'Acme AG',
  email: 'office@acme.example',
  billing: { address1: 'Bahnhofstrasse 1', city: 'Zürich', postal_code: '8001', country: 'ch' },
}

describe.each(featureDrivers)('API users on %s', (driver) => {
  let api: SigningClient
  let admin: string
  let member: string
  let outsider: string
  let businessId: string
  let otherBusinessId: string

  const basic = (username: string, key: string) =>
    `Basic ${Buffer.from(`${username}:${key}`, 'utf8').toString('base64')}`
  /** A call of the API as a machine makes it: its own Authorization header, JSON in and out. */
  const machineCall = (method: string, path: string, authorization: string, body?: unknown) =>
    fetch(`${api.server.url}/api${path}`, {
      method,
      headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  const create = async (username: string, scope?: 'read' | 'sign', token = admin, business = businessId) =>
    v.parse(
      apiUserKeySchema,
      await readJson(
        await api.call('POST', apiUserPaths.apiUsers(business), {
          token,
          body: { username, description: `${username} of the ERP`, ...(scope ? { scope } : {}) },
        }),
        201,
      ),
    )
  const accessToken = async (username: string, apiKey: string) =>
    (await readJson(
      await api.call('POST', apiUserPaths.accessLogin(), { body: { username, api_key: apiKey } }),
    )) as { token: string }

  beforeAll(async () => {
    api = await startSigningClient(driver)
    admin = await api.signUp('admin@acme.example')
    member = await api.signUp('member@acme.example')
    outsider = await api.signUp('admin@other.example')
    const business = v.parse(
      businessSchema,
      await readJson(
        await api.call('POST', businessPaths.businesses(), { token: admin, body: businessData }),
        201,
      ),
    )
    businessId = business.id
    await readJson(
      await api.call('POST', businessPaths.businessMembers(businessId), {
        token: admin,
        body: { users: ['member@acme.example'] },
      }),
    )
    await readJson(
      await api.call('POST', apiPaths.accept(), { token: member, body: { business_invite: true } }),
    )
    otherBusinessId = v.parse(
      businessSchema,
      await readJson(
        await api.call('POST', businessPaths.businesses(), {
          token: outsider,
          body: { ...businessData, name: 'Other GmbH' },
        }),
        201,
      ),
    ).id
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  it('creates an API user whose key is shown once and kept only as a hash', async () => {
    const { apiUser, apiKey } = await create('erp-connector')
    expect(apiKey).toMatch(/^demo_[\w-]{43}$/)
    expect(apiUser).toMatchObject({
      username: 'erp-connector',
      description: 'erp-connector of the ERP',
      scope: 'sign',
      lastUsedAt: null,
    })
    const listed = v.parse(
      apiUsersSchema,
      await readJson(await api.call('GET', apiUserPaths.apiUsers(businessId), { token: admin })),
    )
    expect(listed.apiUsers.map((u) => u.username)).toContain('erp-connector')
    expect(JSON.stringify(listed)).not.toContain(apiKey)
    // Usernames are unique across businesses, and well formed.
    await api.expectError(
      await api.call('POST', apiUserPaths.apiUsers(businessId), {
        token: admin,
        body: { username: 'ERP-Connector' },
      }),
      409,
      'api_user.username_taken',
      'username',
    )
    await api.expectError(
      await api.call('POST', apiUserPaths.apiUsers(businessId), { token: admin, body: { username: 'a b' } }),
      400,
      'request.invalid',
      'username',
    )
  })

  it('refuses members, other businesses and signed-out callers every API user call', async () => {
    await create('guarded')
    const calls: [string, string, unknown?][] = [
      ['GET', apiUserPaths.apiUsers(businessId)],
      ['POST', apiUserPaths.apiUsers(businessId), { username: 'intruder' }],
      ['PUT', apiUserPaths.apiUser(businessId, 'guarded'), { description: 'mine' }],
      ['DELETE', apiUserPaths.apiUser(businessId, 'guarded')],
      ['PUT', apiUserPaths.resetApiUserKey(businessId, 'guarded')],
    ]
    for (const [method, path, body] of calls) {
      await api.expectError(
        await api.call(method, path, { token: member, body }),
        403,
        'business.not_allowed',
      )
      await api.expectError(
        await api.call(method, path, { token: outsider, body }),
        404,
        'business.not_found',
      )
      await api.expectError(await api.call(method, path, { body }), 401, 'auth.unauthenticated')
    }
    // Nothing changed: the API user is as it was made.
    const listed = v.parse(
      apiUsersSchema,
      await readJson(await api.call('GET', apiUserPaths.apiUsers(businessId), { token: admin })),
    )
    expect(listed.apiUsers.find((u) => u.username === 'guarded')?.description).toBe('guarded of the ERP')
    expect(listed.apiUsers.some((u) => u.username === 'intruder')).toBe(false)
  })

  it('signs a request end to end with only HTTP calls and its key; a reset key and its tokens stop at once', async () => {
    const { apiKey } = await create('signing-bot')
    const { token } = await accessToken('signing-bot', apiKey)
    const bearer = `Bearer ${token}`
    const me = (await readJson(await machineCall('GET', apiPaths.user(), bearer))) as { email: string }
    const draft = v.parse(
      signatureRequestSchema,
      await readJson(
        await machineCall('POST', apiPaths.signatureRequests(), bearer, {
          title: 'Supplier contract',
          signatures: [{ account_email: me.email }],
        }),
        201,
      ),
    )
    const form = new FormData()
    form.set(
      'file',
      new Blob([(await makePdf(1)) as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
      'c.pdf',
    )
    const upload = await fetch(`${api.server.url}/api${apiPaths.signatureRequestDocuments(draft.id)}`, {
      method: 'POST',
      headers: { authorization: basic('signing-bot', apiKey) },
      body: form,
    })
    expect(upload.status, await upload.clone().text()).toBe(201)
    await readJson(await machineCall('POST', apiPaths.initiateSignatureRequest(draft.id), bearer))
    await readJson(
      await machineCall('POST', apiPaths.sign(), basic('signing-bot', apiKey), {
        signature_requests: [{ signature_request_id: draft.id }],
        language: 'en',
      }),
    )
    const signed = v.parse(
      signatureRequestSchema,
      await readJson(await machineCall('GET', apiPaths.signatureRequest(draft.id), bearer)),
    )
    expect(signed.statusOverall).toBe('SIGNED')
    // The PDF carries one valid signature, made on the business's account.
    const dir = temporaryDirectory(`api-users-${driver}`)
    const caPem = await (await fetch(`${api.server.url}/api${apiPaths.pkiCa()}`)).text()
    const document = signed.documents[0]
    expect(document).toBeDefined()
    const pdf = await fetch(
      `${api.server.url}/api${apiPaths.documentDownload(document?.id ?? '')}?signed=true`,
      {
        headers: { authorization: bearer },
      },
    )
    const verdicts = await pdfsig(dir, new Uint8Array(await pdf.arrayBuffer()), trustStore(dir, caPem))
    expect(verdicts).toHaveLength(2)
    expect(verdicts[0]?.signature).toBe('Signature is Valid.')
    expect(verdicts[1]).toEqual(documentTimestamp)

    // Its use is seen by the admins.
    const listed = v.parse(
      apiUsersSchema,
      await readJson(await api.call('GET', apiUserPaths.apiUsers(businessId), { token: admin })),
    )
    expect(listed.apiUsers.find((u) => u.username === 'signing-bot')?.lastUsedAt).toBe(
      api.clock.now().toISOString(),
    )

    const reset = v.parse(
      apiUserKeySchema,
      await readJson(
        await api.call('PUT', apiUserPaths.resetApiUserKey(businessId, 'signing-bot'), { token: admin }),
      ),
    )
    expect(reset.apiKey).not.toBe(apiKey)
    await api.expectError(await machineCall('GET', apiPaths.user(), bearer), 401, 'auth.unauthenticated')
    await api.expectError(
      await machineCall('GET', apiPaths.user(), basic('signing-bot', apiKey)),
      401,
      'auth.unauthenticated',
    )
    await api.expectError(
      await api.call('POST', apiUserPaths.accessLogin(), {
        body: { username: 'signing-bot', api_key: apiKey },
      }),
      401,
      'auth.invalid_credentials',
    )
    await readJson(await machineCall('GET', apiPaths.user(), basic('signing-bot', reset.apiKey)))
  })

  it('lists the requests its API users sent to the business’s admins alone, once each', async () => {
    const sender = await create('list-sender')
    const signer = await create('list-signer')
    const senderToken = (await accessToken('list-sender', sender.apiKey)).token
    const signerToken = (await accessToken('list-signer', signer.apiKey)).token
    const signerEmail = (
      (await readJson(await api.call('GET', apiPaths.user(), { token: signerToken }))) as {
        email: string
      }
    ).email
    // One request its API user sent to another of its API users, one the admin sent, one of another business.
    const sent = await api.openRequest(senderToken, 'Listed invoice', [signerEmail], [await makePdf(1)])
    await api.openRequest(admin, 'Listed by hand', ['member@acme.example'], [await makePdf(1)])
    const other = await create('list-other', 'sign', outsider, otherBusinessId)
    const otherToken = (await accessToken('list-other', other.apiKey)).token
    await api.openRequest(otherToken, 'Listed elsewhere', [signerEmail], [await makePdf(1)])

    const list = async (query: string, token: string) =>
      v.parse(
        signatureRequestPageSchema,
        await readJson(await api.call('GET', `${apiPaths.signatureRequests()}?${query}`, { token })),
      )
    const apiRequests = await list(`api_users_of=${businessId}&title=Listed`, admin)
    expect(apiRequests.items.map((r) => [r.title, r.ownerEmail])).toEqual([
      ['Listed invoice', sent.ownerEmail],
    ])
    expect(apiRequests.total).toBe(1)
    expect(apiRequests.items[0]).toMatchObject({ isOwner: false, signatureStatus: null })
    // Filters still apply to them, and the admin's own list stays their own.
    expect((await list(`api_users_of=${businessId}&title=Listed&status_overall=SIGNED`, admin)).total).toBe(0)
    expect((await list('title=Listed', admin)).items.map((r) => r.title)).toEqual(['Listed by hand'])

    await api.expectError(
      await api.call('GET', `${apiPaths.signatureRequests()}?api_users_of=${businessId}`, { token: member }),
      403,
      'business.not_allowed',
    )
    await api.expectError(
      await api.call('GET', `${apiPaths.signatureRequests()}?api_users_of=${businessId}`, {
        token: outsider,
      }),
      404,
      'business.not_found',
    )
    // Nor does an API user see its siblings' requests this way.
    await api.expectError(
      await api.call('GET', `${apiPaths.signatureRequests()}?api_users_of=${businessId}`, {
        token: signerToken,
      }),
      404,
      'business.not_found',
    )
    await api.expectError(
      await api.call('GET', `${apiPaths.signatureRequests()}?api_users_of=acme`, { token: admin }),
      400,
      'request.invalid',
      'api_users_of',
    )
  })

  it('lets the business’s admins read a request its API user sent, and change nothing', async () => {
    const sender = await create('read-sender')
    const senderToken = (await accessToken('read-sender', sender.apiKey)).token
    const sent = await api.openRequest(
      senderToken,
      'Read by the admin',
      ['someone@example.com'],
      [await makePdf(1)],
    )
    const documentId = sent.documents[0]?.id ?? ''
    const get = (path: string, token: string) => api.call('GET', path, { token })
    // The admin reads it, its history, its report and its document, taking no part in it.
    const view = v.parse(
      signatureRequestSchema,
      await readJson(await get(apiPaths.signatureRequest(sent.id), admin)),
    )
    expect(view).toMatchObject({ title: 'Read by the admin', isOwner: false, signatureStatus: null })
    expect(view.ccEmailAddresses).toEqual([])
    const events = (await readJson(await get(apiPaths.signatureRequestEvents(sent.id), admin))) as {
      events: { type: string }[]
    }
    expect(events.events.length).toBeGreaterThan(0)
    expect((await get(apiPaths.signatureRequestReport(sent.id, 'json'), admin)).status).toBe(200)
    const download = await get(apiPaths.documentDownload(documentId), admin)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toContain('application/pdf')
    // Reading is all: withdrawing it or reminding its signers is as for anyone else.
    await api.expectError(
      await api.call('POST', apiPaths.withdrawSignatureRequest(sent.id), { token: admin, body: {} }),
      404,
      'signature_request.not_found',
    )
    expect((await api.getRequest(senderToken, sent.id)).statusOverall).toBe('OPEN')
    // A member of the business, an admin of another, and a sibling API user still get 404.
    const signer = await create('read-sibling')
    const siblingToken = (await accessToken('read-sibling', signer.apiKey)).token
    for (const token of [member, outsider, siblingToken]) {
      await api.expectError(
        await get(apiPaths.signatureRequest(sent.id), token),
        404,
        'signature_request.not_found',
      )
      await api.expectError(
        await get(apiPaths.signatureRequestEvents(sent.id), token),
        404,
        'signature_request.not_found',
      )
      await api.expectError(
        await get(apiPaths.documentDownload(documentId), token),
        404,
        'document.not_found',
      )
    }
  })

  it('lets a read-only key read but not write, and a removed API user in no more', async () => {
    const { apiKey } = await create('reporting', 'read')
    const auth = basic('reporting', apiKey)
    await readJson(await machineCall('GET', apiPaths.signatureRequests(), auth))
    await api.expectError(
      await machineCall('POST', apiPaths.signatureRequests(), auth, { title: 'Not mine to send' }),
      403,
      'api_user.read_only',
    )
    // Given the sign scope, the same key may send.
    const changed = v.parse(
      apiUserSchema,
      await readJson(
        await api.call('PUT', apiUserPaths.apiUser(businessId, 'reporting'), {
          token: admin,
          body: { scope: 'sign' },
        }),
      ),
    )
    expect(changed.scope).toBe('sign')
    // Nothing to change answers it as it is, or 404 for an unknown one (issue 34: once a 500).
    const unchanged = await api.call('PUT', apiUserPaths.apiUser(businessId, 'reporting'), {
      token: admin,
      body: {},
    })
    expect(v.parse(apiUserSchema, await readJson(unchanged))).toEqual(changed)
    await api.expectError(
      await api.call('PUT', apiUserPaths.apiUser(businessId, 'nobody'), { token: admin, body: {} }),
      404,
      'api_user.not_found',
    )
    await readJson(
      await machineCall('POST', apiPaths.signatureRequests(), auth, { title: 'Now allowed' }),
      201,
    )

    const response = await api.call('DELETE', apiUserPaths.apiUser(businessId, 'reporting'), { token: admin })
    expect(response.status).toBe(204)
    await api.expectError(await machineCall('GET', apiPaths.user(), auth), 401, 'auth.unauthenticated')
    await api.expectError(
      await api.call('DELETE', apiUserPaths.apiUser(businessId, 'reporting'), { token: admin }),
      404,
      'api_user.not_found',
    )
    // Every use of its key is in the business's activity, the refused one too; the admin's own calls are not.
    const uses = v.parse(
      activityPageSchemas.keys,
      await readJson(
        await api.call('GET', `${activityPaths.activities(businessId, 'keys')}?sort=used_at,asc&size=100`, {
          token: admin,
        }),
      ),
    )
    expect(
      uses.items
        .filter((use) => use.username === 'reporting')
        .map(({ method, route, status }) => `${method} ${route} ${status}`)
        // The test's clock stands still: the uses share one instant.
        .sort(),
    ).toEqual([
      'GET /v3/signature-requests 200',
      'POST /v3/signature-requests 201',
      'POST /v3/signature-requests 403',
    ])
    await api.expectError(
      await api.call('GET', activityPaths.activities(businessId, 'keys'), { token: member }),
      403,
      'business.not_allowed',
    )
    // Its username stays taken, so the requests it sent keep naming one API user.
    await api.expectError(
      await api.call('POST', apiUserPaths.apiUsers(businessId), {
        token: admin,
        body: { username: 'reporting' },
      }),
      409,
      'api_user.username_taken',
    )
  })

  it('refuses a wrong key without saying which half was wrong, and counts each API user’s requests', async () => {
    const { apiKey } = await create('counted')
    await api.expectError(
      await api.call('POST', apiUserPaths.accessLogin(), {
        body: { username: 'counted', api_key: `${apiKey}x` },
      }),
      401,
      'auth.invalid_credentials',
    )
    await api.expectError(
      await api.call('POST', apiUserPaths.accessLogin(), { body: { username: 'nobody', api_key: apiKey } }),
      401,
      'auth.invalid_credentials',
    )
    const auth = basic('counted', apiKey)
    for (let i = 0; i < apiUserRequestsPerMinute; i += 1) {
      const response = await machineCall('GET', apiPaths.user(), auth)
      expect(response.status).toBeLessThan(300)
    }
    const limited = await machineCall('GET', apiPaths.user(), auth)
    await api.expectError(limited, 429, 'request.rate_limited')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    api.clock.advance(61_000)
    await readJson(await machineCall('GET', apiPaths.user(), auth))
  })

  it('posts signed callbacks of a request it sent, and keeps trying while the receiver is down', async () => {
    const { apiKey, callbackSecret } = await create('callback-bot')
    const auth = basic('callback-bot', apiKey)
    const received: { path: string; body: string; signature: string }[] = []
    let down = true
    let refused = 0
    const receiver: Server = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8')
      })
      req.on('end', () => {
        if (down) {
          refused += 1
          res.writeHead(503).end()
          return
        }
        received.push({ path: req.url ?? '', body, signature: String(req.headers['signet-signature']) })
        res.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
    try {
      // A person may not ask for callbacks: only API users have a secret to sign them with.
      await api.expectError(
        await api.call('POST', apiPaths.signatureRequests(), {
          token: admin,
          body: { title: 'Mine', callback_update_url: `${base}/update` },
        }),
        400,
        'request.invalid',
        'callback_update_url',
      )
      const me = (await readJson(await machineCall('GET', apiPaths.user(), auth))) as { email: string }
      const draft = v.parse(
        signatureRequestSchema,
        await readJson(
          await machineCall('POST', apiPaths.signatureRequests(), auth, {
            title: 'Delivery note',
            signatures: [{ account_email: me.email }],
            callback_success_url: `${base}/success`,
            callback_error_url: `${base}/error`,
            callback_update_url: `${base}/update`,
          }),
          201,
        ),
      )
      const form = new FormData()
      form.set(
        'file',
        new Blob([(await makePdf(1)) as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
        'd.pdf',
      )
      const upload = await fetch(`${api.server.url}/api${apiPaths.signatureRequestDocuments(draft.id)}`, {
        method: 'POST',
        headers: { authorization: auth },
        body: form,
      })
      expect(upload.status).toBe(201)
      await readJson(await machineCall('POST', apiPaths.initiateSignatureRequest(draft.id), auth))
      await readJson(
        await machineCall('POST', apiPaths.sign(), auth, {
          signature_requests: [{ signature_request_id: draft.id }],
          language: 'en',
        }),
      )
      // The receiver is down: after its first refusal it is paused, and the callbacks claimed meanwhile wait
      // for it without a try. Once it is back and the pauses are over, all arrive.
      await expect.poll(() => refused, { timeout: 10_000 }).toBeGreaterThanOrEqual(1)
      // Every callback waits for the clock (none under way, whose failure would pause the receiver anew).
      await expect
        .poll(async () => {
          const health = v.parse(
            healthResponseSchema,
            await readJson(await api.call('GET', apiPaths.health())),
          )
          return health.jobs.lanes.callbacks
        })
        .toMatchObject({ waiting: 5, running: 0 })
      expect(received).toEqual([])
      down = false
      api.clock.advance(60 * 60 * 1000)
      await expect.poll(() => received.length, { timeout: 15_000 }).toBe(5)
      const events = received.map((r) => {
        const body = JSON.parse(r.body) as {
          event_id: string
          signature_request_id: string
          event: string
          status_overall: string
        }
        expect(body.signature_request_id).toBe(draft.id)
        expect(body.event_id).toMatch(/^[0-9a-f-]{36}$/)
        // Each is signed over its timestamp and raw body with the API user's callback secret.
        const [t, mac] = r.signature.split(',').map((part) => part.slice(part.indexOf('=') + 1))
        expect(mac).toBe(createHmac('sha256', callbackSecret).update(`${t}.${r.body}`).digest('hex'))
        return `${r.path} ${body.event} ${body.status_overall}`
      })
      // The last signature's entry goes to the update and the success URL alike.
      const signedIds = received
        .map((r) => JSON.parse(r.body) as { event_id: string; event: string })
        .filter((body) => body.event === 'signed')
        .map((body) => body.event_id)
      expect(signedIds).toHaveLength(2)
      expect(signedIds[0]).toBe(signedIds[1])
      expect(events.sort()).toEqual(
        [
          '/update created DRAFT',
          '/update document_added DRAFT',
          '/update initiated OPEN',
          '/update signed SIGNED',
          '/success signed SIGNED',
        ].sort(),
      )
    } finally {
      await new Promise((resolve) => receiver.close(resolve))
    }
  })
  it('tells the error and update URLs when a request it sent expires (issue 40)', async () => {
    const { apiKey } = await create('expiry-bot')
    const auth = basic('expiry-bot', apiKey)
    const received: string[] = []
    const receiver: Server = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8')
      })
      req.on('end', () => {
        const { event, status_overall } = JSON.parse(body) as { event: string; status_overall: string }
        received.push(`${req.url} ${event} ${status_overall}`)
        res.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
    try {
      const draft = v.parse(
        signatureRequestSchema,
        await readJson(
          await machineCall('POST', apiPaths.signatureRequests(), auth, {
            title: 'Quote',
            signatures: [{ account_email: 'customer@example.com' }],
            expires_at: new Date(api.clock.now().getTime() + 60 * 60 * 1000).toISOString(),
            callback_error_url: `${base}/error`,
            callback_update_url: `${base}/update`,
          }),
          201,
        ),
      )
      const form = new FormData()
      form.set(
        'file',
        new Blob([(await makePdf(1)) as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
        'q.pdf',
      )
      const upload = await fetch(`${api.server.url}/api${apiPaths.signatureRequestDocuments(draft.id)}`, {
        method: 'POST',
        headers: { authorization: auth },
        body: form,
      })
      expect(upload.status).toBe(201)
      await readJson(await machineCall('POST', apiPaths.initiateSignatureRequest(draft.id), auth))
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(3)
      api.clock.advance(2 * 60 * 60 * 1000)
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(5)
      expect(received.slice(3).sort()).toEqual(['/error expired EXPIRED', '/update expired EXPIRED'])
    } finally {
      await new Promise((resolve) => receiver.close(resolve))
    }
  })
})
