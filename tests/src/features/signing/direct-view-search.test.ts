import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  directViewSearchSchema,
  exitRedirectOf,
} from '../../../../src/features/signing/direct-view-search.ts'

const parse = (search: Record<string, unknown>) => exitRedirectOf(v.parse(directViewSearchSchema, search))

describe('a direct link query (SPEC §4, §5)', () => {
  it('reads the exit, error and decline URLs, the timeout and the decline redirect as the router parses them', () => {
    expect(
      parse({
        token: 'secret',
        exitURL: 'https://partner.example/done',
        errorURL: 'https://partner.example/error',
        declineURL: 'https://partner.example/declined',
        redirectTimeout: 10,
        declineRedirect: true,
      }),
    ).toEqual({
      exitUrl: 'https://partner.example/done',
      errorUrl: 'https://partner.example/error',
      declineUrl: 'https://partner.example/declined',
      timeout: 10,
      shouldDeclineRedirect: true,
    })
  })

  it('falls back to the exit URL, ignores unsafe URLs and clamps the timeout', () => {
    expect(
      parse({ exitURL: 'https://partner.example/done', errorURL: 'javascript:alert(1)', redirectTimeout: 5 }),
    ).toEqual({
      exitUrl: 'https://partner.example/done',
      errorUrl: 'https://partner.example/done',
      declineUrl: 'https://partner.example/done',
      timeout: 10,
      shouldDeclineRedirect: false,
    })
    expect(parse({ redirectTimeout: 0 }).timeout).toBe(0)
    expect(parse({}).timeout).toBe(45)
  })

  it('keeps values as the router read them, and drops values that are not text, numbers or booleans', () => {
    expect(
      v.parse(directViewSearchSchema, { token: 123456, redirectTimeout: '20', lang: { it: 1 } }),
    ).toEqual({
      token: 123456,
      redirectTimeout: '20',
      lang: undefined,
    })
  })
})
