import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { apiPaths } from '../../../contract/paths.ts'
import { a4, hasQpdf, makePdf, writeFixtures } from '../../fixtures/make-fixtures.ts'
import { featureDrivers } from '../test-database.ts'
import { type RequestsClient, startRequestsClient, testLimits, uploaded } from './requests-client.ts'

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
}

describe.each(featureDrivers)('documents of signature requests on %s', (driver) => {
  let api: RequestsClient
  let owner: string
  let stranger: string
  let fixtures: Record<string, string>

  beforeAll(async () => {
    api = await startRequestsClient(driver)
    owner = await api.signUp('owner@example.com')
    stranger = await api.signUp('stranger@example.com')
    fixtures = await writeFixtures(join(api.server.staticDir, 'fixtures'))
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  it('refuses bad files with their codes and leaves no row and no file behind', async () => {
    const draft = await api.create(owner, { title: 'Bad files' })
    const tooLarge = new Uint8Array(testLimits.maxDocumentBytes + 1024).fill(32)
    tooLarge.set(new TextEncoder().encode('%PDF-1.7\n'))
    const cases: [string, Uint8Array, number, string][] = [
      ['text renamed .pdf', await readFile(fixtures.notPdf ?? ''), 415, 'document.not_pdf'],
      ['truncated', await readFile(fixtures.truncated ?? ''), 422, 'document.damaged'],
      ['empty', new Uint8Array(0), 422, 'document.empty'],
      ['over the limit', tooLarge, 413, 'document.too_large'],
    ]
    if (hasQpdf)
      cases.push(['encrypted', await readFile(fixtures.encrypted ?? ''), 422, 'document.encrypted'])
    for (const [, bytes, status, code] of cases) {
      await api.expectError(await api.upload(owner, draft.id, bytes), status, code)
    }
    expect((await api.getRequest(owner, draft.id)).documents).toEqual([])
    expect(await filesUnder(join(api.server.dataDir, 'files', 'documents'))).toEqual([])
    expect(await filesUnder(join(api.server.dataDir, 'tmp'))).toEqual([])
  })

  it('stores a 3-page PDF, answers its metadata, download and page images', async () => {
    const draft = await api.create(owner, { title: 'Good file' })
    const bytes = await readFile(fixtures.good ?? '')
    const document = await uploaded(await api.upload(owner, draft.id, bytes, 'Contract'))
    expect(document).toMatchObject({ title: 'Contract', pageCount: 3, size: bytes.length })
    expect(document.pageSizes).toHaveLength(3)

    const meta = await api.call('GET', apiPaths.document(document.id), { token: owner })
    expect(meta.status).toBe(200)
    expect(await meta.json()).toMatchObject({ id: document.id, page_count: 3 })

    const download = await api.call('GET', apiPaths.documentDownload(document.id), { token: owner })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('application/pdf')
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true)

    const page = await vi.waitFor(
      async () => {
        const response = await api.call('GET', apiPaths.documentPage(document.id, 1, 20), { token: owner })
        if (response.status === 202) {
          expect(response.headers.get('retry-after')).toBe('1')
          throw new Error('still rendering')
        }
        return response
      },
      { timeout: 20_000, interval: 100 },
    )
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('image/webp')
    expect(page.headers.get('cache-control')).toBe('private, max-age=31536000, immutable')
    const etag = page.headers.get('etag') ?? ''
    expect(new TextDecoder().decode((await page.arrayBuffer()).slice(8, 12))).toBe('WEBP')
    const again = await fetch(`${api.server.url}/api${apiPaths.documentPage(document.id, 1, 20)}`, {
      headers: { authorization: `Bearer ${owner}`, 'if-none-match': etag },
    })
    expect(again.status).toBe(304)

    await api.expectError(
      await api.call('GET', apiPaths.documentPage(document.id, 3), { token: owner }),
      404,
      'document.page_not_found',
    )
    for (const path of [
      apiPaths.document(document.id),
      apiPaths.documentDownload(document.id),
      apiPaths.documentPage(document.id, 0),
    ]) {
      await api.expectError(await api.call('GET', path, { token: stranger }), 404, 'document.not_found')
    }
    await api.expectError(
      await api.call('DELETE', apiPaths.document(document.id), { token: stranger }),
      404,
      'document.not_found',
    )
  })

  it('refuses a document over what is left of the request limit', async () => {
    const draft = await api.create(owner, { title: 'Many files' })
    // Under the document limit, three of them over the request limit.
    const big = await makePdf(Array.from({ length: 6 }, () => a4))
    expect(big.length).toBeLessThan(testLimits.maxDocumentBytes)
    let refused: Response | undefined
    for (let i = 0; i < 10 && refused === undefined; i++) {
      const response = await api.upload(owner, draft.id, big)
      if (response.status !== 201) refused = response
    }
    expect(refused).toBeDefined()
    if (refused) await api.expectError(refused, 413, 'document.too_large')
  })

  it('deletes a document of a draft, and refuses one of an open request', async () => {
    const draft = await api.create(owner, {
      title: 'Deleting',
      signatures: [{ account_email: 'someone@example.com' }],
    })
    const kept = await uploaded(await api.upload(owner, draft.id, await makePdf([a4, a4])))
    const open = await api.create(owner, {
      title: 'Open',
      signatures: [{ account_email: 'someone@example.com' }],
      documents: [{ id: kept.id }],
    })
    expect(open.documents.map((d) => d.id)).toEqual([kept.id])
    expect(
      (await api.call('POST', apiPaths.initiateSignatureRequest(open.id), { token: owner })).status,
    ).toBe(200)
    await api.expectError(
      await api.call('DELETE', apiPaths.document(kept.id), { token: owner }),
      409,
      'document.in_use',
    )

    const loose = await uploaded(await api.upload(owner, draft.id, await makePdf([a4])))
    // A zoomed page, at a scale of its own: it goes with the document like the usual ones.
    await vi.waitFor(
      async () => {
        const response = await api.call('GET', apiPaths.documentPage(loose.id, 0, 250), { token: owner })
        expect(response.status).toBe(200)
      },
      { timeout: 20_000, interval: 100 },
    )
    expect(await filesUnder(join(api.server.dataDir, 'files', 'pages'))).toContainEqual(
      expect.stringMatching(/0-250\.webp$/),
    )
    expect((await api.call('DELETE', apiPaths.document(loose.id), { token: owner })).status).toBe(204)
    expect(await filesUnder(join(api.server.dataDir, 'files', 'pages'))).not.toContainEqual(
      expect.stringMatching(/0-250\.webp$/),
    )
    await api.expectError(
      await api.call('GET', apiPaths.document(loose.id), { token: owner }),
      404,
      'document.not_found',
    )
    expect((await api.getRequest(owner, draft.id)).documents.map((d) => d.id)).toEqual([kept.id])
  })
})
