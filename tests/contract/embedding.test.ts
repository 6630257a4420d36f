import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { embedOriginsSchema, parseEmbedOrigin, signingUrlBodySchema } from '../../contract/embedding.ts'

describe('embed origins (issue 41 §3)', () => {
  it('takes https origins and http://localhost, written as browsers write location.origin', () => {
    expect(parseEmbedOrigin('https://HR.example.com')).toBe('https://hr.example.com')
    expect(parseEmbedOrigin('https://hr.example.com:443/')).toBe('https://hr.example.com')
    expect(parseEmbedOrigin('https://hr.example.com:8443')).toBe('https://hr.example.com:8443')
    expect(parseEmbedOrigin('http://localhost:5173')).toBe('http://localhost:5173')
  })

  it('refuses plain http elsewhere, paths, queries, fragments, credentials and non-URLs', () => {
    for (const origin of [
      'http://hr.example.com',
      'http://127.0.0.1:5173',
      'https://hr.example.com/app',
      'https://hr.example.com/?a=1',
      'https://hr.example.com/#top',
      'https://user:secret@hr.example.com',
      'hr.example.com',
      '*',
      "'self'",
    ])
      expect(parseEmbedOrigin(origin), origin).toBeNull()
  })

  it('keeps each origin once', () => {
    expect(v.parse(embedOriginsSchema, ['https://a.example', 'https://A.example/'])).toEqual([
      'https://a.example',
    ])
  })

  it('names the signer by signature id or by address, not both and not neither', () => {
    const id = '4f43614a-de50-4fe1-8df3-4c881fc7840e'
    expect(v.safeParse(signingUrlBodySchema, { signatureId: id }).success).toBe(true)
    expect(v.safeParse(signingUrlBodySchema, { accountEmail: 'a@example.com' }).success).toBe(true)
    expect(v.safeParse(signingUrlBodySchema, {}).success).toBe(false)
    expect(
      v.safeParse(signingUrlBodySchema, { signatureId: id, accountEmail: 'a@example.com' }).success,
    ).toBe(false)
  })
})
