import { describe, expect, it } from 'vitest'
import { directSignerLocale } from '../../../src/app/direct-sign.ts'

describe('the language a direct-link signer’s page opens in', () => {
  const noChoice = { language: null, attributes: {} }

  it('is the browser’s when neither the link, the signer nor the sender chose one', () => {
    expect(directSignerLocale(undefined, null, noChoice, ['de-CH', 'de', 'en'])).toBe('de-ch')
    // Italian too: it is offered to direct-link signers.
    expect(directSignerLocale(undefined, null, noChoice, ['it-CH'])).toBe('it')
    // The first of the browser's languages the app speaks.
    expect(directSignerLocale(undefined, null, noChoice, ['es-ES', 'fr'])).toBe('fr-ch')
    expect(directSignerLocale(undefined, null, noChoice, ['es-ES'])).toBeUndefined()
  })

  it('is the sender’s choice over the browser’s, the signer’s own over both, the link’s over all', () => {
    const chosen = { language: 'fr-ch', attributes: {} }
    expect(directSignerLocale(undefined, null, chosen, ['de-CH'])).toBe('fr-ch')
    const switched = { language: 'fr-ch', attributes: { lang: ['it'] } }
    expect(directSignerLocale(undefined, null, switched, ['de-CH'])).toBe('it')
    expect(directSignerLocale('de', null, switched, ['en-GB'])).toBe('de-ch')
    // A link's lang the app does not speak counts as none.
    expect(directSignerLocale('xx', null, switched, ['en-GB'])).toBe('it')
  })

  it('is the one picked in the header of this tab over the signer’s own, until a link names one', () => {
    const switched = { language: 'fr-ch', attributes: { lang: ['it'] } }
    expect(directSignerLocale(undefined, 'en-gb', switched, ['de-CH'])).toBe('en-gb')
    expect(directSignerLocale('de', 'en-gb', switched, ['de-CH'])).toBe('de-ch')
  })
})
