import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPaths } from '../../../contract/paths.ts'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { orphanAgeMs, sweepOrphanFiles } from '../../../server/documents/sweep-orphan-files.ts'
import { documentKey, pageImageKey } from '../../../server/storage/storage-keys.ts'
import { a4, makePdf } from '../../fixtures/make-fixtures.ts'
import { type RequestApp, startRequestApp } from '../signature-requests/request-app.ts'
import { answer, uploaded } from '../signature-requests/requests-client.ts'
import { drivers } from '../test-database.ts'

const hashOf = (character: string) => character.repeat(64)

/**
 * Issue 11 §5: a process killed between storing a file and writing its row leaves the file to no one; the
 * hourly upkeep's sweep removes such files, and partial writes, once they are an hour old.
 */
describe.each(drivers)('sweeping orphan files on %s', (driver) => {
  let app: RequestApp
  let owner: string

  beforeAll(async () => {
    app = await startRequestApp(driver)
    owner = await app.account('sender@example.com')
  })

  afterAll(async () => {
    await app?.stop()
  })

  it('removes files no row refers to once an hour old, and keeps every file of a document', async () => {
    const draft = await answer<SignatureRequestView>(
      await app.call('POST', apiPaths.signatureRequests(), { token: owner, body: { title: 'Kept' } }),
      201,
    )
    const document = await uploaded(await app.upload(owner, draft.id, await makePdf([a4]), 'Kept'))
    // The page images an upload renders in the background are stored before the clock moves on: a write
    // under way would look like one a killed process left an hour ago.
    await Promise.all([100, 20].map((scale) => app.renderer.renderPage(document.sha256, 0, scale)))
    // What a killed process leaves: a stored PDF and page images whose rows were never written, and a spool
    // file of an upload cut off half-way.
    await app.storage.put(documentKey(hashOf('a')), new TextEncoder().encode('%PDF-1.7 orphan'))
    await app.storage.put(pageImageKey(hashOf('a'), 0, 1), new Uint8Array([1, 2, 3]))
    await app.storage.put(pageImageKey(document.sha256, 0, 1), new Uint8Array([4, 5, 6]))
    await mkdir(app.tempDir, { recursive: true })
    const spool = join(app.tempDir, 'upload-cut-off.part')
    await writeFile(spool, 'partial')

    // Within the hour nothing goes: the row of a file just stored may be on its way.
    const early = await sweepOrphanFiles({ ...app, now: () => new Date() })
    expect(early).toEqual({ files: 0, pageFolders: 0, partial: 0 })

    const later = () => new Date(Date.now() + orphanAgeMs + 60_000)
    const swept = await sweepOrphanFiles({ ...app, now: later })
    expect(swept).toEqual({ files: 1, pageFolders: 1, partial: 1 })
    expect(await app.storage.exists(documentKey(hashOf('a')))).toBe(false)
    expect(await app.storage.exists(pageImageKey(hashOf('a'), 0, 1))).toBe(false)
    expect(await app.storage.exists(documentKey(document.sha256))).toBe(true)
    expect(await app.storage.exists(pageImageKey(document.sha256, 0, 1))).toBe(true)
    const download = await app.call('GET', apiPaths.documentDownload(document.id), { token: owner })
    expect(download.status).toBe(200)

    // A second sweep finds nothing more.
    expect(await sweepOrphanFiles({ ...app, now: later })).toEqual({ files: 0, pageFolders: 0, partial: 0 })
  })
})
