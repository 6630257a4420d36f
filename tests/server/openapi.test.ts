import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Hono } from 'hono'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiUserPaths } from '../../contract/api-users.ts'
import { businessPaths } from '../../contract/businesses.ts'
import type { OpenApiDocument } from '../../contract/openapi/build-openapi.ts'
import { apiBase, apiPaths } from '../../contract/paths.ts'
import { hashToken } from '../../server/accounts/hash-token.ts'
import { createApp } from '../../server/app.ts'
import { type DatabaseHandle, openDatabase } from '../../server/db/open-database.ts'
import { sessions, users } from '../../server/db/schema/accounts.ts'
import { createJobQueue } from '../../server/jobs/job-queue.ts'
import { createMailQueue } from '../../server/providers/mail/mail-queue.ts'
import { createServerClock } from '../../server/server-clock.ts'
import { testAppConfig } from './test-app-config.ts'
import { createTestDatabase, type Driver, featureDrivers, type TestDatabase } from './test-database.ts'

/** Routes of the API the description leaves out on purpose, and why. */
const notDescribed: Record<string, string> = {
  'GET /dev/outbox': 'development and staging only: the mails written to the outbox',
  'GET /dev/outbox/{id}': 'development and staging only: one mail of the outbox',
  'POST /dev/clock': 'development and staging only: moves the server’s clock',
  'GET /metrics': 'for the operator’s Prometheus only, with the operator token',
  'POST /webhooks/stripe': 'called by Stripe only, signed as Stripe signs its webhooks',
  'POST /webhooks/twilio/status': 'called by Twilio only, signed as Twilio signs its callbacks',
  'POST /sandbox/billing/confirm': 'outside production only: the billing sandbox’s stand-in for Stripe.js',
  'GET /sandbox/oidc/.well-known/openid-configuration':
    'outside production only: the sandbox identity provider',
  'GET /sandbox/oidc/jwks': 'outside production only: the sandbox identity provider',
  'GET /sandbox/oidc/authorize': 'outside production only: the sandbox identity provider',
  'POST /sandbox/oidc/authorize': 'outside production only: the sandbox identity provider',
  'POST /sandbox/oidc/token': 'outside production only: the sandbox identity provider',
  'GET /sandbox/saml/sso': 'outside production only: the sandbox SAML identity provider',
  'POST /sandbox/saml/sso': 'outside production only: the sandbox SAML identity provider',
  'POST /webhooks/identification/{provider}': 'called by the identification provider only, signed',
  'GET /sandbox/identification/{ref}': 'outside production only: the sandbox identification provider’s page',
  'POST /sandbox/identification/{ref}': 'outside production only: the sandbox identification provider’s page',
  'GET /docs': 'the reference page itself, for people',
  'GET /docs/{file}': 'the files of the reference page',
  'POST /csp-reports': 'called by browsers only, with what a Content-Security-Policy refused',
}

/** The app as the server composes it (development mode: its dev and sandbox routes too), on its own database. */
type TestApp = { app: Hono; handle: DatabaseHandle; database: TestDatabase; stop(): Promise<void> }

async function startApp(driver: Driver): Promise<TestApp> {
  const database = await createTestDatabase(driver)
  const config = testAppConfig(database.dataDir, { database: database.database })
  const handle = await openDatabase(config.database)
  await handle.migrate()
  const logger = pino({ level: 'silent' })
  const devClock = createServerClock()
  const jobs = createJobQueue({ db: handle.db, handlers: {}, logger, now: devClock.now })
  const app = createApp({
    config,
    db: handle.db,
    logger,
    mail: createMailQueue(jobs),
    jobs,
    now: devClock.now,
    devClock,
  })
  return {
    app,
    handle,
    database,
    stop: async () => {
      await handle.close()
      await database.drop()
    },
  }
}

/**
 * Where Skribble's API is served: described by Skribble's own descriptions (api/skribble/), which
 * tests/server/skribble/ holds every answer to, not by Signet's.
 */
const skribbleBase = `${apiBase}/skribble/`

/** `METHOD /path` of every route the app serves under `/api` (Skribble's aside), with `{name}` parameters. */
function servedRoutes(app: Hono): string[] {
  const routes = app.routes
    .filter(
      (route) =>
        route.method !== 'ALL' &&
        route.path.startsWith(`${apiBase}/`) &&
        !route.path.startsWith(skribbleBase),
    )
    .map((route) => `${route.method} ${route.path.slice(apiBase.length).replace(/:(\w+)/g, '{$1}')}`)
  return [...new Set(routes)].sort()
}

function describedRoutes(document: OpenApiDocument): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
    .sort()
}

/** Every value of the document with its JSON pointer, depth first. */
function* walk(value: unknown, pointer = '#'): Generator<[string, unknown]> {
  yield [pointer, value]
  if (typeof value !== 'object' || value === null) return
  for (const [key, child] of Object.entries(value)) {
    yield* walk(child, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`)
  }
}

function resolve(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>(
      (node, part) =>
        typeof node === 'object' && node !== null && Object.hasOwn(node, part)
          ? (node as Record<string, unknown>)[part]
          : undefined,
      document,
    )
}

type Schema = Record<string, unknown>

/**
 * What is wrong with `value` by `schema`, for the keywords the description uses (no JSON Schema validator is
 * installed): `$ref`, `type`, `enum`, `const`, `properties`, `required`, `additionalProperties`,
 * `propertyNames`, `items`, `anyOf`, `minimum`, `maximum`, `minLength`, `maxLength`, `pattern`.
 */
function schemaErrors(document: unknown, schema: Schema, value: unknown, at = 'answer'): string[] {
  if (typeof schema.$ref === 'string')
    return schemaErrors(document, resolve(document, schema.$ref) as Schema, value, at)
  const errors: string[] = []
  const types = schema.type === undefined ? [] : [schema.type].flat()
  const typeOf = (item: unknown) =>
    item === null ? 'null' : Array.isArray(item) ? 'array' : typeof item === 'object' ? 'object' : typeof item
  const fits = (type: unknown) =>
    type === typeOf(value) ||
    (type === 'integer' && Number.isInteger(value)) ||
    (type === 'number' && typeof value === 'number')
  if (types.length > 0 && !types.some(fits))
    return [`${at}: ${JSON.stringify(value)} is not ${types.join(' or ')}`]
  if (Array.isArray(schema.enum) && !schema.enum.includes(value))
    errors.push(`${at}: ${JSON.stringify(value)} is not one of the enum`)
  if ('const' in schema && schema.const !== value)
    errors.push(`${at}: ${JSON.stringify(value)} is not ${JSON.stringify(schema.const)}`)
  if (Array.isArray(schema.anyOf)) {
    const fitting = schema.anyOf.some(
      (option) => schemaErrors(document, option as Schema, value, at).length === 0,
    )
    if (!fitting) errors.push(`${at}: ${JSON.stringify(value)} fits none of anyOf`)
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum)
      errors.push(`${at}: below ${schema.minimum}`)
    if (typeof schema.maximum === 'number' && value > schema.maximum)
      errors.push(`${at}: above ${schema.maximum}`)
  }
  if (typeof value === 'string') {
    const length = [...value].length
    if (typeof schema.minLength === 'number' && length < schema.minLength) errors.push(`${at}: too short`)
    if (typeof schema.maxLength === 'number' && length > schema.maxLength) errors.push(`${at}: too long`)
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value))
      errors.push(`${at}: does not match ${schema.pattern}`)
  }
  if (Array.isArray(value) && typeof schema.items === 'object' && schema.items !== null) {
    for (const [index, item] of value.entries()) {
      errors.push(...schemaErrors(document, schema.items as Schema, item, `${at}.${index}`))
    }
  }
  if (typeOf(value) === 'object') {
    const object = value as Record<string, unknown>
    const properties = (schema.properties ?? {}) as Record<string, Schema>
    for (const name of (schema.required ?? []) as string[]) {
      if (!Object.hasOwn(object, name)) errors.push(`${at}: lacks ${name}`)
    }
    for (const [name, item] of Object.entries(object)) {
      const property = properties[name]
      if (property !== undefined) errors.push(...schemaErrors(document, property, item, `${at}.${name}`))
      else if (schema.additionalProperties === false)
        errors.push(`${at}: has ${name}, which is not described`)
      else if (typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null) {
        errors.push(...schemaErrors(document, schema.additionalProperties as Schema, item, `${at}.${name}`))
      }
      if (typeof schema.propertyNames === 'object' && schema.propertyNames !== null) {
        errors.push(...schemaErrors(document, schema.propertyNames as Schema, name, `${at} key ${name}`))
      }
    }
    if (schema.properties !== undefined && schema.additionalProperties === undefined) {
      // The contract's objects answer exactly their entries: a key the description does not name is a miss.
      const unnamed = Object.keys(object).filter((name) => !Object.hasOwn(properties, name))
      if (unnamed.length > 0)
        errors.push(`${at}: has ${unnamed.join(', ')}, which the description does not name`)
    }
  }
  return errors
}

/** The description the app serves, built from what its routes declare. */
async function describedBy(app: Hono): Promise<OpenApiDocument> {
  return (await (await app.request(`${apiBase}/openapi.json`)).json()) as OpenApiDocument
}

const { version } = JSON.parse(await readFile('package.json', 'utf8')) as { version: string }

describe('the OpenAPI description', () => {
  let app: TestApp
  let document: OpenApiDocument

  beforeAll(async () => {
    app = await startApp('pglite')
    document = await describedBy(app.app)
  })

  afterAll(async () => {
    await app?.stop()
  })

  it('describes every route of the API, each by what it declares beside its handler', () => {
    const served = servedRoutes(app.app)
    const described = new Set(describedRoutes(document))
    expect(served.filter((route) => !described.has(route) && !(route in notDescribed))).toEqual([])
    // A route left out on purpose declares nothing.
    expect(Object.keys(notDescribed).filter((route) => described.has(route))).toEqual([])
    // An exclusion of a route that no longer exists would hide the next route of that name.
    expect(Object.keys(notDescribed).filter((route) => !served.includes(route))).toEqual([])
  })

  it('is an OpenAPI 3.1 document with the server’s version, served under /api', () => {
    expect(document.openapi).toBe('3.1.0')
    expect(document.info).toMatchObject({ title: 'Signet API', version })
    expect(document.servers).toEqual([{ url: '/api', description: expect.any(String) }])
    expect(document.components.securitySchemes).toMatchObject({
      bearer: { type: 'http', scheme: 'bearer' },
      basic: { type: 'http', scheme: 'basic' },
    })
    // Plain JSON: nothing that JSON.stringify would drop or change.
    expect(JSON.parse(JSON.stringify(document))).toEqual(document)
  })

  it('resolves every $ref', () => {
    const broken = [...walk(document)]
      .filter(([pointer]) => pointer.endsWith('/$ref'))
      .filter(([, ref]) => typeof ref !== 'string' || resolve(document, ref) === undefined)
    expect(broken).toEqual([])
  })

  it('declares every path parameter, and only those, once per operation', () => {
    const problems: string[] = []
    const operationIds = new Set<string>()
    const tags = new Set(document.tags.map((tag) => tag.name))
    for (const [path, methods] of Object.entries(document.paths)) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()
      for (const [method, operation] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${path}`
        const parameters = operation.parameters ?? []
        const declared = parameters.filter((parameter) => parameter.in === 'path')
        if (JSON.stringify(declared.map((parameter) => parameter.name).sort()) !== JSON.stringify(inPath)) {
          problems.push(`${where}: path parameters ${declared.map((parameter) => parameter.name)}`)
        }
        if (declared.some((parameter) => !parameter.required))
          problems.push(`${where}: optional path parameter`)
        const keys = parameters.map((parameter) => `${parameter.in} ${parameter.name}`)
        if (new Set(keys).size !== keys.length) problems.push(`${where}: a parameter twice`)
        if (operationIds.has(operation.operationId)) problems.push(`${where}: operationId taken`)
        operationIds.add(operation.operationId)
        if (!operation.tags.every((tag) => tags.has(tag))) problems.push(`${where}: undeclared tag`)
        for (const requirement of operation.security) {
          for (const scheme of Object.keys(requirement)) {
            if (!(scheme in document.components.securitySchemes)) problems.push(`${where}: scheme ${scheme}`)
          }
        }
        if (!Object.keys(operation.responses).some((status) => /^2\d\d$|^3\d\d$/.test(status))) {
          problems.push(`${where}: no success answer`)
        }
        for (const [status, response] of Object.entries(operation.responses)) {
          if (!response.description) problems.push(`${where}: ${status} without a description`)
        }
      }
    }
    expect(problems).toEqual([])
  })

  it('names every property as the wire does, in snake_case', () => {
    const camel = [...walk(document)]
      .filter(([pointer]) => /\/properties\/[^/]+$/.test(pointer))
      .map(([pointer]) => pointer)
      .filter((pointer) => !/^[a-z0-9_]+$/.test(pointer.slice(pointer.lastIndexOf('/') + 1)))
    expect(camel).toEqual([])
    const signer = document.paths['/v3/signature-requests/{id}/signatures']?.post?.requestBody
    expect(Object.keys(signer?.content['application/json']?.schema.properties ?? {})).toEqual([
      'account_email',
      'signer_identity_data',
      'document_signatures',
      'form_fields',
      'sequence',
      'authentication',
      'group_id',
    ])
    // The signing order and the observers, as the sender sets them.
    const create = document.paths['/v3/signature-requests']?.post?.requestBody
    expect(Object.keys(create?.content['application/json']?.schema.properties ?? {})).toContain(
      'cc_email_addresses',
    )
    const update = document.paths['/v3/signature-requests/{id}']?.put?.requestBody
    expect(Object.keys(update?.content['application/json']?.schema.properties ?? {})).toEqual(
      expect.arrayContaining(['signatures', 'cc_email_addresses', 'observer_group_ids']),
    )
    expect(document.paths['/v3/observe/signature-requests/{id}']?.get).toBeDefined()
  })

  it('lists the error codes with the shared error shape', () => {
    const apiError = document.components.schemas.ApiError
    expect(apiError?.required).toEqual(['status', 'code', 'message', 'path'])
    expect((apiError?.properties?.code as Schema | undefined)?.enum).toContain('signature_request.not_found')
    const read = document.paths['/v3/signature-requests/{id}']?.get?.responses
    expect(read?.['404']?.['x-error-codes']).toEqual(['signature_request.not_found'])
    expect(read?.['401']?.['x-error-codes']).toEqual(['auth.unauthenticated', 'auth.token_expired'])
    expect(read?.['404']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/ApiError',
    })
    // Each refusal's example is an error as the server answers it.
    const examples = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).flatMap((operation) =>
        Object.values(operation.responses).flatMap((response) =>
          Object.values(response.content ?? {}).flatMap((media) =>
            'example' in media ? [media.example] : [],
          ),
        ),
      ),
    )
    expect(examples.length).toBeGreaterThan(100)
    const apiErrorRef = { $ref: '#/components/schemas/ApiError' }
    expect(examples.flatMap((example) => schemaErrors(document, apiErrorRef, example, 'example'))).toEqual([])
  })

  it('describes request bodies as sent and answers as answered', () => {
    // The list query is read before the server splits it: a string on the wire.
    const list = document.paths['/v3/signature-requests']?.get?.parameters ?? []
    expect(list.find((parameter) => parameter.name === 'status_overall')?.schema).toEqual({ type: 'string' })
    // An API user is created with a username and optional description and scope, answered with its key.
    const create = document.paths['/v1/businesses/{id}/apis']?.post
    expect(create?.requestBody?.content['application/json']?.schema.required).toEqual(['username'])
    expect(create?.responses['201']?.content?.['application/json']?.schema?.properties).toMatchObject({
      api_user: { $ref: '#/components/schemas/ApiUser' },
      api_key: { type: 'string' },
    })
    // Answers without a schema name their media type.
    expect(
      Object.keys(document.paths['/v3/signature-requests/{id}/zip']?.get?.responses['200']?.content ?? {}),
    ).toEqual(['application/zip'])
    expect(document.paths['/v3/signature-requests/{id}']?.delete?.responses['204']?.content).toBeUndefined()
  })

  it('asks for a bearer token or an API key on account calls, and for nothing on public ones', () => {
    expect(document.paths['/v1/user']?.get?.security).toEqual([{ bearer: [] }, { basic: [] }])
    expect(document.paths['/v2/access/login']?.post?.security).toEqual([])
    expect(document.paths['/v3/direct/sign']?.post?.security).toEqual([{ directLink: [], directToken: [] }])
  })

  it('serves the description at GET /api/openapi.json without a sign-in, built once', async () => {
    const response = await app.app.request(`${apiBase}/openapi.json`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const served = (await response.json()) as OpenApiDocument
    expect(served.info.version).toBe(version)
    const etag = response.headers.get('etag') ?? ''
    expect(etag).not.toBe('')
    const again = await app.app.request(`${apiBase}/openapi.json`, { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
  })

  it('serves the reference page, which loads Swagger UI from this server and points at the description', async () => {
    const page = await app.app.request(`${apiBase}/docs`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    const html = await page.text()
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1])
    expect(scripts.map((src) => src?.replace(/\?.*/, ''))).toEqual([
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs/swagger-initializer.js',
    ])
    expect(html).not.toMatch(/<script>|https?:\/\//)
    const start = await app.app.request(scripts[1] ?? '')
    const initializer = await start.text()
    expect(initializer).toContain('"/api/openapi.json"')
    expect(initializer).toMatch(/persistAuthorization: true/)
    expect(initializer).toMatch(/tryItOutEnabled: true/)
  })

  it('serves the Swagger UI files of the installed package, cached by version', async () => {
    const dir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
    const bundlePath = /src="([^"]+swagger-ui-bundle\.js[^"]*)"/.exec(
      await (await app.app.request(`${apiBase}/docs`)).text(),
    )?.[1]
    const bundle = await app.app.request(bundlePath ?? '')
    expect(bundle.status).toBe(200)
    expect(bundle.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(bundle.headers.get('cache-control')).toContain('immutable')
    expect(await bundle.text()).toBe(await readFile(join(dir, 'swagger-ui-bundle.js'), 'utf8'))
    const css = await app.app.request(`${apiBase}/docs/swagger-ui.css`)
    expect(css.headers.get('content-type')).toMatch(/^text\/css/)
    // Without the version in the URL it is asked about again each time.
    expect(css.headers.get('cache-control')).toBe('no-cache')
    const unchanged = await app.app.request(`${apiBase}/docs/swagger-ui.css`, {
      headers: { 'if-none-match': css.headers.get('etag') ?? '' },
    })
    expect(unchanged.status).toBe(304)
  })

  it.each([
    '/docs/index.html',
    '/docs/swagger-initializer.js.map',
    '/docs/..%2fpackage.json',
    '/docs/..%2F..%2F..%2Fpackage.json',
    '/docs/%2e%2e%2fabsolute-path.js',
    '/docs/toString',
  ])('refuses %s with a 404 and no file', async (path) => {
    const response = await app.app.request(`${apiBase}${path}`)
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ code: 'route.not_found' })
  })
})

describe.each(featureDrivers)('the description against real answers on %s', (driver) => {
  let app: TestApp
  let document: OpenApiDocument
  let token: string

  const call = async (method: string, path: string, body?: unknown) =>
    app.app.request(`${apiBase}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  /** The schema of the answer `status` of `method path`, as the description has it. */
  const answerSchema = (method: string, path: string, status: number) => {
    const operation = document.paths[path]?.[method]
    const schema = operation?.responses[String(status)]?.content?.['application/json']?.schema
    if (schema === undefined) throw new Error(`${method} ${path} describes no JSON answer ${status}`)
    return schema as Schema
  }
  const bodySchema = (method: string, path: string) =>
    (document.paths[path]?.[method]?.requestBody?.content['application/json']?.schema ?? {}) as Schema

  beforeAll(async () => {
    app = await startApp(driver)
    document = await describedBy(app.app)
    const [user] = await app.handle.db
      .insert(users)
      .values({ email: 'ada@example.com', emailVerified: true, firstName: 'Ada', lastName: 'Lovelace' })
      .returning({ id: users.id })
    token = randomBytes(24).toString('base64url')
    await app.handle.db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId: user?.id ?? '',
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    })
  })

  afterAll(async () => {
    await app?.stop()
  })

  it.each([
    ['/v1/user'],
    ['/v1/datetime'],
    ['/v1/app-config'],
    ['/health'],
    ['/v3/signature-requests'],
    ['/v3/user/signature-qualities-detail'],
  ])('GET %s answers as described', async (path) => {
    const response = await call('GET', path)
    expect(response.status).toBe(200)
    const answer: unknown = await response.json()
    expect(schemaErrors(document, answerSchema('get', path, 200), answer)).toEqual([])
  })

  it('opens a business and an API user with bodies as described, answered as described', async () => {
    const business = {
      name: 'Acme AG',
      email: 'office@acme.example',
      billing: { address1: 'Bahnhofstrasse 1', city: 'Zürich', postal_code: '8001', country: 'CH' },
    }
    expect(schemaErrors(document, bodySchema('post', '/v2/businesses'), business, 'body')).toEqual([])
    const opened = await call('POST', businessPaths.businesses(), business)
    expect(opened.status).toBe(201)
    const answer = (await opened.json()) as { id: string }
    expect(schemaErrors(document, answerSchema('post', '/v2/businesses', 201), answer)).toEqual([])

    const apiUser = { username: 'erp-bot', scope: 'read' }
    expect(schemaErrors(document, bodySchema('post', '/v1/businesses/{id}/apis'), apiUser, 'body')).toEqual(
      [],
    )
    const created = await call('POST', apiUserPaths.apiUsers(answer.id), apiUser)
    expect(created.status).toBe(201)
    const key: unknown = await created.json()
    expect(schemaErrors(document, answerSchema('post', '/v1/businesses/{id}/apis', 201), key)).toEqual([])
  })

  it('answers a described refusal in the error shape it describes', async () => {
    const response = await call('GET', apiPaths.signatureRequest('6f1c2f0e-1111-4222-8333-444455556666'))
    expect(response.status).toBe(404)
    const error: unknown = await response.json()
    expect(schemaErrors(document, answerSchema('get', '/v3/signature-requests/{id}', 404), error)).toEqual([])
    expect(error).toMatchObject({ code: 'signature_request.not_found' })
  })

  it('catches an answer that does not fit', () => {
    const schema = answerSchema('get', '/v1/user', 200)
    expect(schemaErrors(document, schema, { id: 'x' })).not.toEqual([])
    expect(schemaErrors(document, schema, { emailVerified: true })).toContain('answer: lacks email_verified')
  })
})
