import { describe, expect, it } from 'vitest'
import { requestEventFacts } from '../../contract/request-events.ts'

describe('what an audit trail entry says (page history and report alike)', () => {
  it('reads a signature: its standard, how its signer was verified, its Part 11 name and meaning', () => {
    const facts = requestEventFacts({
      type: 'signed',
      detail: {
        signatureId: 's1',
        quality: 'ses',
        documents: ['d1'],
        signerEmail: 'guest@example.com',
        verifications: [{ method: 'tan', to: 'guest@example.com' }],
        part11: { name: 'Grace Guest', meaning: 'Reviewed' },
      },
    })
    expect(facts).toEqual({
      signature: {
        quality: 'ses',
        verifications: [{ method: 'tan', to: 'guest@example.com' }],
        part11: { name: 'Grace Guest', meaning: 'Reviewed' },
      },
    })
  })

  it('lists changed details field by field, and leaves out details it does not know', () => {
    const facts = requestEventFacts({
      type: 'updated',
      detail: {
        before: { message: '', title: 'Old' },
        after: { title: 'New', message: 'Please sign' },
        internal: { raw: true },
      },
    })
    expect(facts).toEqual({
      changes: [
        { field: 'title', before: 'Old', after: 'New' },
        { field: 'message', before: '', after: 'Please sign' },
      ],
    })
  })

  it('reads an entry signed before verifications were recorded as having none', () => {
    expect(requestEventFacts({ type: 'signed', detail: { quality: 'aes', seal: 'acme' } })).toEqual({
      signature: { quality: 'aes', verifications: [] },
    })
  })
})
