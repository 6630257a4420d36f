import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import type { DocumentInfo } from '../../../contract/documents.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { DocumentError } from '../../../server/documents/document-error.ts'
import { inspectPdf } from '../../../server/documents/inspect-pdf.ts'
import type { PageRenderer } from '../../../server/documents/render-pages.ts'
import { archivePdf, renewArchiveTimestamp } from '../../../server/signing/archive-pdf.ts'
import { renderValidationReportPdf } from '../../../server/signing/render-validation-report-pdf.ts'
import { preparePdfSignature } from '../../../server/signing/sign-pdf.ts'
import { validationReportTexts } from '../../../server/signing/validation-report-texts.ts'
import { pageImageKey } from '../../../server/storage/storage-keys.ts'
import { readSheet } from '../../../server/templates/read-sheet.ts'
import { a4, makePdf } from '../../fixtures/make-fixtures.ts'
import { type RequestApp, startRequestApp } from '../signature-requests/request-app.ts'

// A renderer the test drives: a page is ready when the test says so, as the worker pool would have it.
const webp = new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 ')
// The scale at which this renderer's worker runs out of memory.
const tooComplexScale = 77
let app: RequestApp
const finishes = new Map<string, () => void>()
const renderer: PageRenderer = {
  status: async () => 'missing',
  renderDocument: () => {},
  renderPage: (docHash, page, scale) =>
    new Promise((resolve, reject) => {
      if (scale === tooComplexScale)
        reject(new DocumentError('document.too_complex', 'The PDF needs too much memory'))
      const key = pageImageKey(docHash, page, scale)
      finishes.set(key, () => void app.storage.put(key, webp).then(() => resolve(key)))
    }),
  inspect: (path) => inspectPdf(path, { maxPages: 1000 }),
  pageText: async () => '',
  prepareSignature: preparePdfSignature,
  archivePdf,
  renewArchive: renewArchiveTimestamp,
  readSheet,
  renderValidationReport: (facts, locale) => renderValidationReportPdf(facts, validationReportTexts[locale]),
  forget: () => {},
  close: async () => {},
}

describe('GET /v3/documents/{id}/pages/{n} while the page is being rendered', () => {
  let owner: string
  let document: DocumentInfo

  beforeAll(async () => {
    app = await startRequestApp('pglite', renderer)
    owner = await app.account('owner@example.com')
    const draft = toCamelCase(
      await (
        await app.call('POST', apiPaths.signatureRequests(), { token: owner, body: { title: 'Pages' } })
      ).json(),
    ) as { id: string }
    const uploaded = await app.upload(owner, draft.id, await makePdf([a4, a4]), 'Pages')
    document = toCamelCase(await uploaded.json()) as DocumentInfo
  })

  afterAll(async () => {
    await app?.stop()
  })

  it('answers the image as soon as the rendering ends, in the same call', async () => {
    const answer = app.call('GET', apiPaths.documentPage(document.id, 0, 100), { token: owner })
    await expect.poll(() => finishes.size).toBeGreaterThan(0)
    for (const finish of finishes.values()) finish()
    const response = await answer
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(webp)
  })

  it('answers 202 with Retry-After when the page is not ready after the wait', async () => {
    const response = await app.call('GET', apiPaths.documentPage(document.id, 1, 100), { token: owner })
    expect(response.status).toBe(202)
    expect(response.headers.get('retry-after')).toBe('1')
  })

  it('answers 422 for a page its worker cannot render, so the viewer stops asking', async () => {
    const response = await app.call('GET', apiPaths.documentPage(document.id, 0, tooComplexScale), {
      token: owner,
    })
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ code: 'document.too_complex' })
  })
})
