import { describe, expect, it } from 'vitest'
import { holdsAsked } from '../../../../src/features/identification/direct-request-standard.ts'
import {
  highestOfAttribute,
  highestOfDetail,
} from '../../../../src/features/identification/identification-calls.ts'
import {
  identificationPath,
  onlineMethodOf,
} from '../../../../src/features/identification/identification-routes.ts'

describe('the highest quality the identification flow waits for', () => {
  it('reads the account detail: demo when every qualified entry is a demo one', () => {
    const ses = { any: { quality: 'ses' } }
    expect(highestOfDetail({ ses, signingQuality: 'ses' })).toBe('ses')
    expect(highestOfDetail({ ses, aes: { any: { quality: 'aes' } }, signingQuality: 'aes' })).toBe('aes')
    expect(highestOfDetail({ ses, qes: { zertes: { quality: 'demo' } }, signingQuality: 'qes' })).toBe('demo')
    expect(
      highestOfDetail({
        ses,
        qes: { zertes: { quality: 'demo' }, eidas: { quality: 'qes' } },
        signingQuality: 'qes',
      }),
    ).toBe('qes')
  })

  it("reads a direct-link signer's signature_qualities attribute", () => {
    expect(highestOfAttribute(undefined)).toBe('ses')
    expect(highestOfAttribute(['aes'])).toBe('aes')
    expect(highestOfAttribute(['aes', 'qes_zertes'])).toBe('qes')
  })
})

describe('whether a direct-link signer holds what the request asks', () => {
  it.each([
    [{ quality: null, legislation: null }, [], true],
    [{ quality: 'aes', legislation: null }, [], false],
    [{ quality: 'aes', legislation: null }, ['aes'], true],
    [{ quality: 'qes', legislation: null }, ['aes'], false],
    [{ quality: 'qes', legislation: 'eidas' }, ['aes', 'qes_zertes'], false],
    [{ quality: 'qes', legislation: 'zertes' }, ['aes', 'qes_zertes'], true],
  ] as const)('%j with %j: %s', (request, held, holds) => {
    expect(holdsAsked(request, held)).toBe(holds)
  })
})

describe('the flow routes of each method (SPEC §2)', () => {
  it('maps the online methods to their provider, mode and route; the others have none', () => {
    expect(onlineMethodOf('eidas', 'self')).toEqual({ provider: 'eidas', mode: 'robo', route: 'eidas/self' })
    expect(onlineMethodOf('zertes', 'auto')).toEqual({
      provider: 'zertes',
      mode: 'autoident',
      route: 'zertes/auto',
    })
    expect(onlineMethodOf('eidas', 'id-austria')?.route).toBe('id-austria-success')
    expect(onlineMethodOf('zertes', 'loc')).toBeUndefined()
    expect(onlineMethodOf('eidas', 'external-sc')).toBeUndefined()
    expect(identificationPath('direct', 'zertes/video')).toBe('/direct-sign/identification/zertes/video')
    expect(identificationPath('account', '')).toBe('/profile/signature-standards')
  })
})
