import { describe, expect, it } from 'vitest'
import { heldStandards } from '../../../../../src/features/profile/visual-signature/signature-standards.ts'

describe('heldStandards', () => {
  it('offers only simple signatures until the qualities are known or others are held', () => {
    expect(heldStandards(undefined).map((held) => held.key)).toEqual(['ses'])
    expect(heldStandards({ ses: { any: { quality: 'ses' } }, signingQuality: 'ses' })).toEqual([
      { key: 'ses', qual: 'ses', label: 'SES' },
    ])
  })

  it('adds aes and each qualified legislation held, naming a demo provider', () => {
    const held = heldStandards({
      ses: { any: { quality: 'ses' } },
      aes: { any: { quality: 'aes' } },
      qes: { zertes: { quality: 'demo' } },
      signingQuality: 'qes',
    })
    expect(held).toEqual([
      { key: 'ses', qual: 'ses', label: 'SES' },
      { key: 'aes', qual: 'aes', label: 'AES' },
      { key: 'qes-zertes', qual: 'qes', leg: 'zertes', prov: 'demo', label: 'QES · ZERTES · demo' },
    ])
  })
})
