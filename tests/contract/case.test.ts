import { describe, expect, it } from 'vitest'
import { camelKey, snakeKey, toCamelCase, toSnakeCase } from '../../contract/case.ts'

describe('key conversion', () => {
  it.each([
    ['first_name', 'firstName'],
    ['email_verified', 'emailVerified'],
    ['signer_identity_data', 'signerIdentityData'],
    ['p11_signing_name', 'p11SigningName'],
    ['address1', 'address1'],
    ['aes4biz', 'aes4biz'],
    ['n_api', 'nApi'],
    ['status', 'status'],
  ])('%s <-> %s', (snake, camel) => {
    expect(camelKey(snake)).toBe(camel)
    expect(snakeKey(camel)).toBe(snake)
    expect(camelKey(camel)).toBe(camel)
    expect(snakeKey(snake)).toBe(snake)
  })

  it('treats an acronym as one word', () => {
    expect(snakeKey('customerPortalURL')).toBe('customer_portal_url')
    expect(snakeKey('celloUCC')).toBe('cello_ucc')
    expect(snakeKey('URLPath')).toBe('url_path')
  })

  it('leaves leading underscores and digits after underscores alone', () => {
    expect(camelKey('_id')).toBe('_id')
    expect(camelKey('__typename')).toBe('__typename')
    expect(camelKey('address_2')).toBe('address_2')
    expect(snakeKey('address_2')).toBe('address_2')
  })
})

describe('toCamelCase and toSnakeCase', () => {
  const wire = {
    status_overall: 'open',
    signatures_count: 2,
    documents: [
      { document_id: 'd1', page_count: 3, tags: ['first_tag', 'second_tag'] },
      { document_id: 'd2', page_count: 1, tags: [] },
    ],
    signer_identity_data: { email_address: 'ada@example.com', name_parts: { first_name: 'Ada' } },
    matrix: [[{ cell_value: 1 }], []],
    lock_status: null,
  }
  const code = {
    statusOverall: 'open',
    signaturesCount: 2,
    documents: [
      { documentId: 'd1', pageCount: 3, tags: ['first_tag', 'second_tag'] },
      { documentId: 'd2', pageCount: 1, tags: [] },
    ],
    signerIdentityData: { emailAddress: 'ada@example.com', nameParts: { firstName: 'Ada' } },
    matrix: [[{ cellValue: 1 }], []],
    lockStatus: null,
  }

  it('converts nested objects and arrays, never string values', () => {
    expect(toCamelCase(wire)).toEqual(code)
    expect(toSnakeCase(code)).toEqual(wire)
  })

  it('round-trips', () => {
    expect(toSnakeCase(toCamelCase(wire))).toEqual(wire)
    expect(toCamelCase(toSnakeCase(code))).toEqual(code)
  })

  it('leaves scalars, null, dates and class instances untouched', () => {
    const createdAt = new Date('2026-01-02T03:04:05Z')
    const bytes = new Uint8Array([1, 2])
    const converted = toSnakeCase({ createdAt, bytes, missing: undefined, none: null }) as Record<
      string,
      unknown
    >
    expect(converted.created_at).toBe(createdAt)
    expect(converted.bytes).toBe(bytes)
    expect(converted).toHaveProperty('missing', undefined)
    expect(converted.none).toBeNull()
    for (const value of [null, undefined, 0, 'some_text', true]) {
      expect(toCamelCase(value)).toBe(value)
      expect(toSnakeCase(value)).toBe(value)
    }
  })

  it('does not modify its input', () => {
    const input = structuredClone(wire)
    toCamelCase(input)
    expect(input).toEqual(wire)
  })

  it('keeps the keys of preserved maps and still converts the values inside them', () => {
    const options = { preserveKeysOf: ['signatures_by_id'] }
    const fromWire = {
      signatures_by_id: { sig_a1: { signed_at: 1 }, 'ada@example.com': { signed_at: 2 } },
      other_map: { key_one: 1 },
    }
    const inCode = {
      signaturesById: { sig_a1: { signedAt: 1 }, 'ada@example.com': { signedAt: 2 } },
      otherMap: { keyOne: 1 },
    }
    expect(toCamelCase(fromWire, options)).toEqual(inCode)
    expect(toSnakeCase(inCode, options)).toEqual(fromWire)
    expect(toSnakeCase(inCode, { preserveKeysOf: ['signaturesById'] })).toEqual(fromWire)
  })

  it('preserves map keys wherever the property occurs, also inside arrays', () => {
    const options = { preserveKeysOf: ['labelsByLocale'] }
    const fromWire = { items: [{ labels_by_locale: { de_ch: 'Hallo', en_gb: 'Hello' } }] }
    expect(toCamelCase(fromWire, options)).toEqual({
      items: [{ labelsByLocale: { de_ch: 'Hallo', en_gb: 'Hello' } }],
    })
  })

  it('keeps only the map level: a map key named like a preserved property converts its value normally', () => {
    const options = { preserveKeysOf: ['by_id'] }
    expect(toCamelCase({ by_id: { by_id: { some_key: 1 } } }, options)).toEqual({
      byId: { by_id: { someKey: 1 } },
    })
  })

  it('keeps a __proto__ key from parsed JSON as data', () => {
    const converted = toCamelCase(JSON.parse('{"__proto__": {"is_admin": true}}')) as Record<string, unknown>
    expect(Object.getPrototypeOf(converted)).toBe(Object.prototype)
    expect(Object.hasOwn(converted, '__proto__')).toBe(true)
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
  })
})
