import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inspectPdf } from '../../../server/documents/inspect-pdf.ts'
import {
  a4,
  a4Landscape,
  agreementLines,
  encryptPdf,
  hasQpdf,
  makeAgreementPdf,
  makeFlateBombPdf,
  makeManyPagesPdf,
  makePdf,
  writeFixtures,
} from '../../fixtures/make-fixtures.ts'

const limits = { maxPages: 1000 }
let dir: string
let fixtures: Record<string, string>

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inspect-pdf-'))
  fixtures = await writeFixtures(dir)
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const path = (name: string) => {
  const found = fixtures[name]
  if (found === undefined) throw new Error(`no fixture ${name}`)
  return found
}

describe('inspectPdf', () => {
  it('answers the page count and the page sizes in points of a good PDF', async () => {
    expect(await inspectPdf(path('good'), limits)).toMatchObject({
      ok: true,
      pageCount: 3,
      pageSizes: [
        { width: a4[0], height: a4[1] },
        { width: a4Landscape[0], height: a4Landscape[1] },
        { width: 612, height: 792 },
      ],
    })
  })

  it('finds empty places for signatures under the last text of the last page', async () => {
    const file = join(dir, 'agreement.pdf')
    await writeFile(file, await makeAgreementPdf())
    const inspected = await inspectPdf(file, limits)
    if (!inspected.ok) throw new Error('refused')
    const [first] = inspected.freeAreas
    // Under the signature lines (their labels stand at y 216), in the SPEC's size, within the margins.
    expect(first).toMatchObject({ page: 0, x: 36, width: 300, height: 140 })
    expect((first?.y ?? 0) + 140).toBeLessThan(agreementLines.client.y)
    expect(first?.y).toBeGreaterThanOrEqual(36)
    // A page full of text has no room: the areas are on its last page only where there is some.
    const full = await inspectPdf(path('good'), limits)
    if (!full.ok) throw new Error('refused')
    expect(full.freeAreas.every((area) => area.page === 2 || area.page === 1)).toBe(true)
  })

  it('refuses a text file named .pdf as not_pdf (415)', async () => {
    expect(await inspectPdf(path('notPdf'), limits)).toEqual({
      ok: false,
      code: 'document.not_pdf',
      status: 415,
    })
  })

  it('refuses an empty file as empty (422)', async () => {
    expect(await inspectPdf(path('empty'), limits)).toEqual({
      ok: false,
      code: 'document.empty',
      status: 422,
    })
  })

  it('refuses a truncated PDF as damaged (422)', async () => {
    expect(await inspectPdf(path('truncated'), limits)).toEqual({
      ok: false,
      code: 'document.damaged',
      status: 422,
    })
  })

  it('refuses a PDF whose trailer is there but whose body is garbage as damaged', async () => {
    const file = join(dir, 'garbage.pdf')
    await writeFile(file, '%PDF-1.7\n%garbage garbage\nstartxref\n9\n%%EOF\n')
    expect(await inspectPdf(file, limits)).toMatchObject({ ok: false, code: 'document.damaged' })
  })

  it.skipIf(!hasQpdf)('refuses an encrypted PDF as encrypted (422)', async () => {
    expect(await inspectPdf(path('encrypted'), limits)).toEqual({
      ok: false,
      code: 'document.encrypted',
      status: 422,
    })
  })

  it.skipIf(!hasQpdf)(
    'takes a PDF with only a permissions (owner) password: it opens without one',
    async () => {
      const file = join(dir, 'owner-only.pdf')
      encryptPdf(path('good'), file, '')
      expect(await inspectPdf(file, limits)).toMatchObject({ ok: true, pageCount: 3 })
    },
  )

  it('gives the displayed size of a rotated page', async () => {
    const { PDF } = await import('@libpdf/core')
    const doc = await PDF.load(await makePdf([a4]))
    doc.getPage(0)?.setRotation(90)
    const file = join(dir, 'rotated.pdf')
    await writeFile(file, await doc.save())
    expect(await inspectPdf(file, limits)).toMatchObject({
      ok: true,
      pageSizes: [{ width: a4[1], height: a4[0] }],
    })
  })

  it('refuses more pages than the limit, and streams that decompress past theirs (422)', async () => {
    const pages = join(dir, 'pages.pdf')
    await writeFile(pages, makeManyPagesPdf(3))
    expect(await inspectPdf(pages, { maxPages: 3 })).toMatchObject({ ok: true, pageCount: 3 })
    expect(await inspectPdf(pages, { maxPages: 2 })).toMatchObject({
      ok: false,
      code: 'document.too_many_pages',
      status: 422,
    })
    const bomb = join(dir, 'bomb.pdf')
    await writeFile(bomb, makeFlateBombPdf(3 * 1024 * 1024))
    expect(await inspectPdf(bomb, limits)).toMatchObject({ ok: true })
    const streams = { streamBytes: 2 * 1024 * 1024, documentBytes: 10 * 1024 * 1024 }
    expect(await inspectPdf(bomb, { ...limits, streams })).toEqual({
      ok: false,
      code: 'document.too_complex',
      status: 422,
      message: 'The PDF decompresses to more than 2 MB in one stream',
    })
  })
})
