import { describe, expect, it } from 'vitest'
import { registrationSms, signingSms } from '../../../server/mobile-signing/signing-sms.ts'

describe('the SMS of a qualified signing', () => {
  it('is written in the signer’s language, English when it is unknown', () => {
    expect(signingSms('de-CH', '123456', ['Mietvertrag'])).toBe(
      'Signet: Ihr Einmalpasswort, um «Mietvertrag» qualifiziert zu unterschreiben, ist 123456. 5 Minuten gültig. Geben Sie es nie weiter.',
    )
    expect(signingSms('fr', '123456', ['Bail'])).toContain('« Bail »')
    expect(signingSms('it', '123456', ['Contratto'])).toContain('per firmare «Contratto»')
    expect(signingSms('xx', '123456', ['Lease'])).toContain(
      'to sign “Lease” with a qualified signature is 123456',
    )
    expect(signingSms(undefined, '123456', ['Lease'])).toContain('“Lease”')
  })

  it('counts the documents when it signs several, and registers a number in the user’s language', () => {
    expect(signingSms('en', '654321', ['One', 'Two', 'Three'])).toContain('to sign 3 documents with')
    expect(signingSms('de', '654321', ['Eins', 'Zwei'])).toContain('um 2 Dokumente qualifiziert')
    expect(registrationSms('it', '111222')).toContain('il Suo codice per registrare questo numero')
    expect(registrationSms(undefined, '111222')).toContain('your code to register this number')
  })
})
