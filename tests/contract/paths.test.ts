import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { apiErrorSchema } from '../../contract/errors.ts'
import { apiBase, apiPaths, apiUrl } from '../../contract/paths.ts'

describe('apiPaths', () => {
  it('builds SPEC paths under the /api base', () => {
    expect(apiBase).toBe('/api')
    expect(apiPaths.datetime()).toBe('/v1/datetime')
    expect(apiUrl(apiPaths.datetime())).toBe('/api/v1/datetime')
    expect(apiUrl(apiPaths.health())).toBe('/api/health')
    expect(apiUrl(apiPaths.appConfig())).toBe('/api/v1/app-config')
  })
})

describe('apiErrorSchema', () => {
  it('accepts the error shape with and without a field', () => {
    const error = { status: 404, code: 'route.not_found', message: 'No route', path: '/api/x' }
    expect(v.parse(apiErrorSchema, error)).toEqual(error)
    const invalid = {
      status: 400,
      code: 'request.invalid',
      message: 'email: bad',
      path: '/api/x',
      field: 'email',
    }
    expect(v.parse(apiErrorSchema, invalid)).toEqual(invalid)
  })

  it('rejects unknown codes and non-error statuses', () => {
    expect(v.is(apiErrorSchema, { status: 404, code: 'nope', message: '', path: '/' })).toBe(false)
    expect(v.is(apiErrorSchema, { status: 200, code: 'server.error', message: '', path: '/' })).toBe(false)
  })
})
