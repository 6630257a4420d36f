import { describe, expect, it } from 'vitest'
import { boxesOverlap, type FieldDocument, type SignatureField } from '../../../contract/signature-fields.ts'
import { type FieldSigner, signerFields } from '../../../server/signature-requests/signer-fields.ts'

const documentId = '6f1c1d2e-0000-4000-8000-000000000001'
// A page with room for two signatures at full size under its text, then a half-size one.
const document: FieldDocument = {
  id: documentId,
  pageCount: 1,
  pageSizes: [{ width: 595, height: 842 }],
  freeAreas: [
    { page: 0, x: 36, y: 300, width: 300, height: 140 },
    { page: 0, x: 36, y: 150, width: 300, height: 140 },
    { page: 0, x: 36, y: 60, width: 150, height: 70 },
  ],
}
const box = (x: number, y: number): SignatureField => ({ documentId, page: 0, x, y, width: 300, height: 140 })
const signer = (
  id: string,
  documentSignatures: SignatureField[] = [],
  formFields: SignatureField[] = [],
): FieldSigner => ({ id, status: 'OPEN', documentSignatures, formFields })
const fieldOf = (fields: ReturnType<typeof signerFields>, id: string) => fields.get(id)?.documentSignatures[0]

describe('signer fields (SPEC §3 Signer invite document_signatures)', () => {
  it('gives each signer still to sign a place of their own, in their order', () => {
    const fields = signerFields([document], [signer('a'), signer('b')])
    expect(fieldOf(fields, 'a')).toEqual(box(36, 300))
    expect(fieldOf(fields, 'b')).toEqual(box(36, 150))
    expect(fields.get('b')?.fieldsPlaced).toBe(false)
  })

  it('leaves the other suggestions where they were, at their size, when one signer’s field is placed', () => {
    const fields = signerFields([document], [signer('a', [box(250, 600)]), signer('b')])
    expect(fieldOf(fields, 'a')).toEqual(box(250, 600))
    expect(fields.get('a')?.fieldsPlaced).toBe(true)
    // Not into the first place, which the placed field freed, nor smaller.
    expect(fieldOf(fields, 'b')).toEqual(box(36, 150))
  })

  it('moves only a suggestion that a placed field covers, clear of every other place', () => {
    const fields = signerFields([document], [signer('a', [box(40, 160)]), signer('b'), signer('c')])
    // B's place is covered: B goes where nobody has a place; C keeps the third.
    expect(fieldOf(fields, 'c')).toEqual({ documentId, page: 0, x: 36, y: 60, width: 150, height: 70 })
    const moved = fieldOf(fields, 'b')
    if (moved === undefined) throw new Error('no suggestion')
    expect(moved.width).toBe(300)
    for (const other of [box(40, 160), box(36, 300), ...document.freeAreas])
      expect(boxesOverlap(moved, other)).toBe(false)
  })

  it('suggests no place over a field to fill, of the signer or another', () => {
    const text = { documentId, page: 0, x: 100, y: 320, width: 160, height: 22 }
    const fields = signerFields([document], [signer('a', [], [text]), signer('b')])
    // A's own place, the first empty area, has a text field in it: A goes to the first free one.
    expect(fieldOf(fields, 'a')).toEqual({ documentId, page: 0, x: 36, y: 60, width: 150, height: 70 })
    expect(fieldOf(fields, 'b')).toEqual(box(36, 150))
  })
})
