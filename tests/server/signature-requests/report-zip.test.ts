import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DocumentInfo } from '../../../contract/documents.ts'
import { apiPaths } from '../../../contract/paths.ts'
import type { SignatureRequestReport, SignatureRequestView } from '../../../contract/signature-requests.ts'
import { signatureRequestDocuments } from '../../../server/db/schema/signature-requests.ts'
import { openPdf } from '../../../server/documents/pdfjs.ts'
import { documentKey } from '../../../server/storage/storage-keys.ts'
import { a4, makePdf } from '../../fixtures/make-fixtures.ts'
import { drivers, featureDrivers } from '../test-database.ts'
import { readZip } from './read-zip.ts'
import { type RequestApp, startRequestApp } from './request-app.ts'
import { answer, type RequestsClient, startRequestsClient, uploaded } from './requests-client.ts'

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

async function pdfText(bytes: Uint8Array): Promise<string> {
  const loading = openPdf({ data: bytes })
  const document = await loading.promise
  const pages: string[] = []
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  await loading.destroy()
  return pages.join('\n')
}

describe.each(featureDrivers)('ZIP, report and downloads on %s', (driver) => {
  let api: RequestsClient
  let owner: string
  let signer: string
  let stranger: string
  const signerEmail = 'signer@example.com'

  beforeAll(async () => {
    api = await startRequestsClient(driver)
    owner = await api.signUp('sender@example.com')
    signer = await api.signUp(signerEmail)
    stranger = await api.signUp('stranger@example.com')
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  /** An open request with two documents of the same title and one of another. */
  async function openRequest(title: string): Promise<{ request: SignatureRequestView; files: Uint8Array[] }> {
    const draft = await api.create(owner, {
      title,
      message: 'Sign, please',
      signatures: [
        { account_email: signerEmail },
        {
          signer_identity_data: { email_address: 'guest@example.com', first_name: 'Zoë', last_name: 'Ξένη' },
        },
      ],
    })
    const files = [await makePdf([a4]), await makePdf([a4, a4]), await makePdf([a4, a4, a4])]
    for (const [index, file] of files.entries()) {
      await uploaded(await api.upload(owner, draft.id, file, index < 2 ? 'Contract' : 'Annex: prices/2026'))
    }
    const request = await answer<SignatureRequestView>(
      await api.call('POST', apiPaths.initiateSignatureRequest(draft.id), { token: owner }),
    )
    return { request, files }
  }

  it('zips every document under a unique file name, with its exact length', async () => {
    const { request, files } = await openRequest('Zipped')
    const response = await api.call('GET', apiPaths.signatureRequestZip(request.id), { token: signer })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/zip')
    expect(response.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''Zipped.zip")
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect(Number(response.headers.get('content-length'))).toBe(bytes.length)
    const entries = readZip(bytes)
    expect(entries.map((entry) => entry.name)).toEqual([
      'Contract.pdf',
      'Contract (2).pdf',
      'Annex_ prices_2026.pdf',
    ])
    expect(entries.map((entry) => sha256(entry.data))).toEqual(files.map(sha256))
    expect(entries.every((entry) => entry.utf8Name)).toBe(true)

    const empty = await api.create(owner, { title: 'Nothing yet' })
    const none = await api.call('GET', apiPaths.signatureRequestZip(empty.id), { token: owner })
    expect(readZip(new Uint8Array(await none.arrayBuffer()))).toEqual([])
    await api.expectError(
      await api.call('GET', apiPaths.signatureRequestZip(request.id), { token: stranger }),
      404,
      'signature_request.not_found',
    )
  })

  it('reports the request, its signers, documents with hashes and events as JSON', async () => {
    const { request, files } = await openRequest('Reported')
    await api.call('POST', apiPaths.declineSignatureRequest(request.id), {
      token: signer,
      body: { message: 'No' },
    })
    const report = await answer<SignatureRequestReport>(
      await api.call('GET', apiPaths.signatureRequestReport(request.id, 'json'), { token: signer }),
    )
    expect(report).toMatchObject({
      id: request.id,
      title: 'Reported',
      ownerEmail: 'sender@example.com',
      statusOverall: 'DECLINED',
    })
    expect(report.signers).toEqual([
      {
        accountEmail: 'guest@example.com',
        name: 'Zoë Ξένη',
        status: 'OPEN',
        signedAt: null,
        quality: null,
        signingName: null,
        signingReason: null,
        formFields: [],
        authentication: 'tan',
      },
      {
        accountEmail: signerEmail,
        name: 'Ada Lovelace',
        status: 'DECLINED',
        signedAt: null,
        quality: null,
        signingName: null,
        signingReason: null,
        formFields: [],
        authentication: 'tan',
      },
    ])
    expect(report.documents.map((d) => [d.title, d.sha256, d.signedSha256])).toEqual([
      ['Contract', sha256(files[0] as Uint8Array), null],
      ['Contract', sha256(files[1] as Uint8Array), null],
      ['Annex: prices/2026', sha256(files[2] as Uint8Array), null],
    ])
    expect(report.events.map((e) => e.type)).toEqual([
      'created',
      'document_added',
      'document_added',
      'document_added',
      'initiated',
      'declined',
    ])
    expect(report.events[5]).toMatchObject({ actorEmail: signerEmail, detail: { message: 'No' } })
  })

  it('reports as a readable PDF, and refuses other types', async () => {
    const { request, files } = await openRequest('Rapport «PDF» 2026')
    const response = await api.call('GET', apiPaths.signatureRequestReport(request.id, 'pdf'), {
      token: owner,
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toContain('report.pdf')
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()))
    for (const expected of [
      'Signature request report',
      'Rapport «PDF» 2026',
      'Status: Open',
      'Sender: sender@example.com',
      'Zoë Ξένη <guest@example.com>',
      signerEmail,
      sha256(files[2] as Uint8Array),
      // The words of the request page's history.
      'Request sent to the signers',
      'by sender@example.com',
    ]) {
      expect(text).toContain(expected)
    }
    // In the reader's language: the app asks with the language it shows.
    const german = await api.call('GET', apiPaths.signatureRequestReport(request.id, 'pdf', 'de-ch'), {
      token: owner,
    })
    const germanText = await pdfText(new Uint8Array(await german.arrayBuffer()))
    for (const expected of [
      'Bericht zur Signaturanfrage',
      'Status: Offen',
      'Absender: sender@example.com',
      'Anfrage an die Unterzeichner gesendet',
      'durch sender@example.com',
    ]) {
      expect(germanText).toContain(expected)
    }
    for (const type of ['xml', '']) {
      await api.expectError(
        await api.call('GET', `${apiPaths.signatureRequest(request.id)}/report?type=${type}`, {
          token: owner,
        }),
        400,
        'request.invalid',
        'type',
      )
    }
    await api.expectError(
      await api.call('GET', `${apiPaths.signatureRequest(request.id)}/report`, { token: owner }),
      400,
      'request.invalid',
      'type',
    )
    await api.expectError(
      await api.call('GET', apiPaths.signatureRequestReport(request.id, 'pdf'), { token: stranger }),
      404,
      'signature_request.not_found',
    )
  })

  it('answers 404 document.not_signed for the signed version of a document nobody signed', async () => {
    const { request, files } = await openRequest('Unsigned')
    const document = request.documents[0] as DocumentInfo
    await api.expectError(
      await api.call('GET', apiPaths.documentDownload(document.id, true), { token: signer }),
      404,
      'document.not_signed',
    )
    const original = await api.call('GET', apiPaths.documentDownload(document.id), { token: signer })
    expect(sha256(new Uint8Array(await original.arrayBuffer()))).toBe(sha256(files[0] as Uint8Array))
    await api.expectError(
      await api.call('GET', `${apiPaths.documentDownload(document.id)}?signed=yes`, { token: signer }),
      400,
      'request.invalid',
      'signed',
    )
    await api.expectError(
      await api.call('GET', apiPaths.documentDownload(document.id, true), { token: stranger }),
      404,
      'document.not_found',
    )
  })
})

describe.each(drivers)('signed versions and row locks on %s', (driver) => {
  let app: RequestApp
  let owner: string
  let signer: string
  let outsider: string

  beforeAll(async () => {
    app = await startRequestApp(driver)
    owner = await app.account('sender@example.com')
    signer = await app.account('signer@example.com')
    outsider = await app.account('outsider@example.com')
  })

  afterAll(async () => {
    await app?.stop()
  })

  it('serves the latest signed version in the ZIP, the download and the report', async () => {
    const draft = await answer<SignatureRequestView>(
      await app.call('POST', apiPaths.signatureRequests(), {
        token: owner,
        body: { title: 'Signed', signatures: [{ account_email: 'signer@example.com' }] },
      }),
      201,
    )
    const original = await makePdf([a4])
    const unsigned = await makePdf([a4, a4])
    const document = await uploaded(await app.upload(owner, draft.id, original, 'Deed'))
    const other = await uploaded(await app.upload(owner, draft.id, unsigned, 'Plan'))
    await app.call('POST', apiPaths.initiateSignatureRequest(draft.id), { token: owner })
    // What signing leaves behind: the signed file stored under its hash, and the hash on the document row.
    const signed = new Uint8Array([...original, ...new TextEncoder().encode('\n%signed\n')])
    await app.storage.put(documentKey(sha256(signed)), signed)
    await app.db
      .update(signatureRequestDocuments)
      .set({ signedSha256: sha256(signed), signedSize: signed.length })
      .where(
        and(
          eq(signatureRequestDocuments.requestId, draft.id),
          eq(signatureRequestDocuments.documentId, document.id),
        ),
      )

    const download = await app.call('GET', apiPaths.documentDownload(document.id, true), { token: signer })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-length')).toBe(String(signed.length))
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(signed))
    const plain = await app.call('GET', apiPaths.documentDownload(document.id), { token: signer })
    expect(sha256(new Uint8Array(await plain.arrayBuffer()))).toBe(sha256(original))
    await app
      .call('GET', apiPaths.documentDownload(other.id, true), { token: signer })
      .then(async (response) => {
        expect(response.status).toBe(404)
        expect(await response.json()).toMatchObject({ code: 'document.not_signed' })
      })
    const forbidden = await app.call('GET', apiPaths.documentDownload(document.id, true), { token: outsider })
    expect(forbidden.status).toBe(404)

    const zip = await app.call('GET', apiPaths.signatureRequestZip(draft.id), { token: owner })
    const entries = readZip(new Uint8Array(await zip.arrayBuffer()))
    expect(entries.map((e) => [e.name, sha256(e.data)])).toEqual([
      ['Deed.pdf', sha256(signed)],
      ['Plan.pdf', sha256(unsigned)],
    ])

    const report = await answer<SignatureRequestReport>(
      await app.call('GET', apiPaths.signatureRequestReport(draft.id, 'json'), { token: owner }),
    )
    expect(report.documents.map((d) => [d.sha256, d.signedSha256, d.signedSize])).toEqual([
      [sha256(original), sha256(signed), signed.length],
      [sha256(unsigned), null, null],
    ])

    // The ended request stays while someone keeps it; with the last one it goes, and so does the signed
    // file, which nothing else refers to.
    await app.call('POST', apiPaths.withdrawSignatureRequest(draft.id), { token: owner, body: {} })
    expect((await app.call('DELETE', apiPaths.signatureRequest(draft.id), { token: owner })).status).toBe(204)
    expect(await app.storage.exists(documentKey(sha256(signed)))).toBe(true)
    expect((await app.call('DELETE', apiPaths.signatureRequest(draft.id), { token: signer })).status).toBe(
      204,
    )
    expect(await app.storage.exists(documentKey(sha256(signed)))).toBe(false)
    expect(await app.storage.exists(documentKey(sha256(original)))).toBe(true)
  })

  it.runIf(driver === 'postgres')('answers locked while a signing holds the request row', async () => {
    const request = await answer<SignatureRequestView>(
      await app.call('POST', apiPaths.signatureRequests(), {
        token: owner,
        body: { title: 'Busy', signatures: [{ account_email: 'signer@example.com' }] },
      }),
      201,
    )
    const status = async () =>
      answer<{ locked: boolean }>(
        await app.call('GET', apiPaths.signatureRequestLockStatus(request.id), { token: owner }),
      )
    expect(await status()).toEqual({ locked: false })
    if (app.database.driver !== 'postgres') return
    const signing = new pg.Client({ connectionString: app.database.url })
    await signing.connect()
    try {
      await signing.query('begin')
      await signing.query('select id from signature_requests where id = $1 for update', [request.id])
      expect(await status()).toEqual({ locked: true })
      await signing.query('rollback')
      expect(await status()).toEqual({ locked: false })
    } finally {
      await signing.end()
    }
  })
})
