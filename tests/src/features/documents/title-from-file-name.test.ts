import { describe, expect, it } from 'vitest'
import { titleFromFileName } from '../../../../src/features/documents/title-from-file-name.ts'

describe('titleFromFileName', () => {
  it('drops the .pdf ending and the blanks around the name', () => {
    expect(titleFromFileName('Lease 2026.PDF')).toBe('Lease 2026')
    expect(titleFromFileName('  offer.pdf ')).toBe('offer')
  })

  it('falls back to Document for a name without anything before .pdf, and cuts long names', () => {
    expect(titleFromFileName('.pdf')).toBe('Document')
    expect(titleFromFileName(`${'x'.repeat(300)}.pdf`)).toHaveLength(200)
  })
})
