import { rename } from 'node:fs/promises'
import { request } from 'node:http'
import { join } from 'node:path'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appConfigSchema } from '../../contract/app-config.ts'
import { toCamelCase } from '../../contract/case.ts'
import { datetimeResponseSchema } from '../../contract/datetime.ts'
import { apiErrorSchema } from '../../contract/errors.ts'
import { apiPaths, apiUrl } from '../../contract/paths.ts'
import { featureDrivers } from './test-database.ts'
import { builtApp, startTestServer, type TestServer } from './test-server.ts'

describe.each(featureDrivers)('server on %s', (driver) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer(driver)
  })

  afterAll(async () => {
    await server?.stop()
  })

  const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init)

  async function expectError(response: Response, status: number, code: string) {
    expect(response.status).toBe(status)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const body = v.parse(apiErrorSchema, await response.json())
    expect(body).toMatchObject({ status, code })
    return body
  }

  it('answers the current time as ISO 8601', async () => {
    const before = Date.now()
    const response = await get(apiUrl(apiPaths.datetime()))
    expect(response.status).toBe(200)
    const { now } = v.parse(datetimeResponseSchema, await response.json())
    expect(new Date(now).toISOString()).toBe(now)
    expect(Date.parse(now)).toBeGreaterThanOrEqual(before)
    expect(Date.parse(now)).toBeLessThanOrEqual(Date.now())
  })

  it('reports health after checking the database', async () => {
    const response = await get(apiUrl(apiPaths.health()))
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ status: 'ok', jobs: { failed: 0 } })
  })

  it('answers the app configuration in snake_case', async () => {
    const body: unknown = await (await get(apiUrl(apiPaths.appConfig()))).json()
    expect(body).toEqual({
      mode: 'development',
      maintenance_blocking_pattern: '^(Signing|Platform)',
      terms_version: '2026-01',
      error_reporting: null,
      // Outside production the sandbox provider stands in for every sign-in provider.
      sign_in_providers: ['google', 'microsoft', 'swiss-eid', 'swissid', 'eidplus'],
    })
    expect(v.parse(appConfigSchema, toCamelCase(body))).toEqual({
      mode: 'development',
      maintenanceBlockingPattern: '^(Signing|Platform)',
      termsVersion: '2026-01',
      errorReporting: null,
      signInProviders: ['google', 'microsoft', 'swiss-eid', 'swissid', 'eidplus'],
    })
  })

  it.each([
    ['GET', '/api/v1/nothing-here'],
    ['POST', '/api/v1/nothing-here'],
    ['DELETE', '/api/v1/datetime'],
    ['PUT', '/api/'],
    ['GET', '/api'],
  ])('answers %s %s with the 404 error shape', async (method, path) => {
    const body = await expectError(await get(path, { method }), 404, 'route.not_found')
    expect(body.path).toBe(path)
    expect(body.field).toBeUndefined()
  })

  it.each(['{"title": ', '', '{title: 1}'])(
    'answers the malformed JSON body %j with 400, not 500',
    async (text) => {
      const response = await get(apiUrl(apiPaths.datetime()), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: text,
      })
      const body = await expectError(response, 400, 'request.malformed_json')
      expect(body.path).toBe('/api/v1/datetime')
    },
  )

  it('serves index.html for app paths, uncached', async () => {
    for (const path of ['/', '/documents/42', '/sign/abc?lang=de-ch', '/index.html', '/apis']) {
      const response = await get(path)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('cache-control'), path).toBe('no-cache')
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/)
      expect(await response.text(), path).toBe(builtApp.index)
    }
  })

  it('serves hashed assets as immutable and a missing one as 404', async () => {
    const response = await get(builtApp.assetPath)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('max-age=31536000, immutable')
    expect(response.headers.get('content-type')).toMatch(/javascript/)
    expect(await response.text()).toBe(builtApp.asset)

    const missing = await get('/assets/main-Gone0000.js')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toBeNull()
  })

  it('never serves files from outside the static directory', async () => {
    // fetch() would normalise the dots away; a raw request sends the path as written.
    for (const path of [
      '/../../../../etc/passwd',
      '/assets/../../../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      const body = await new Promise<string>((resolve, reject) => {
        request(`${server.url}${path}`, (response) => {
          response.setEncoding('utf8')
          let text = ''
          response.on('data', (chunk: string) => {
            text += chunk
          })
          response.on('end', () => resolve(text))
        })
          .on('error', reject)
          .end()
      })
      expect(body, path).not.toContain('root:')
    }
  })

  it('answers 503 with a hint while the app is not built, and the API still works', async () => {
    const index = join(server.staticDir, 'index.html')
    await rename(index, `${index}.away`)
    try {
      const response = await get('/documents')
      expect(response.status).toBe(503)
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
      expect(await response.text()).toContain('npm run build')
      expect((await get(apiUrl(apiPaths.datetime()))).status).toBe(200)
    } finally {
      await rename(`${index}.away`, index)
    }
  })
})
