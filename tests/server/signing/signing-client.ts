import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import { apiPaths } from '../../../contract/paths.ts'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import type { SignAnswer } from '../../../contract/signing.ts'
import type { ValidationReportView } from '../../../contract/validation.ts'
import { openDatabase } from '../../../server/db/open-database.ts'
import { users } from '../../../server/db/schema/accounts.ts'
import { outboxDir } from '../../../server/providers/mail/create-mail-provider.ts'
import { type AccountsClient, createTestClock, startAccountsClient } from '../accounts/accounts-client.ts'
import { freePort } from '../free-port.ts'
import type { Driver } from '../test-database.ts'
import { makePdf, type PdfsigVerdict, pdfsig, temporaryDirectory, trustStore } from './pdf-tools.ts'

/** One request of a sign call, as the client writes it (snake_case). */
type SignItem = {
  signature_request_id: string
  signing_name?: string
  signing_reason?: string
  document_signatures?: { document_id: string; page?: number; x?: number; y?: number }[]
}

/** An accounts client plus the calls a signing needs, as the app makes them. */
export type SigningClient = AccountsClient & {
  /** An OPEN request from `owner` to `signers` (addresses) with one uploaded PDF per entry of `pdfs`. */
  openRequest(
    owner: string,
    title: string,
    signers: string[],
    pdfs: Uint8Array[],
  ): Promise<SignatureRequestView>
  getRequest(token: string, id: string): Promise<SignatureRequestView>
  /** POST /v3/sign with these items. */
  sign(token: string, items: SignItem[], language?: string): Promise<Response>
  /** POST /v3/sign expecting 200; answers the results. */
  signed(token: string, items: SignItem[]): Promise<SignAnswer['results']>
  /** GET /v3/documents/{id}/download?signed=true expecting 200: the latest signed version. */
  downloadSigned(token: string, documentId: string): Promise<Uint8Array>
  /** The PDFs attached to the outbox mail `id`, in order. */
  attachments(mailId: string): Promise<{ filename: string; bytes: Uint8Array }[]>
  /** A new account `email` signs its own request `title` (one page) in `quality`; answers the signed PDF. */
  signedOwn(email: string, title: string, quality: 'ses' | 'aes'): Promise<Uint8Array>
  /** POST /validate of `bytes` expecting 200: the app's report. */
  validated(bytes: Uint8Array): Promise<ValidationReportView>
  /** What pdfsig says of the first signature of `bytes`, trusting what `GET /api/pki/ca.pem` publishes now. */
  pdfsigVerdict(bytes: Uint8Array): Promise<PdfsigVerdict | undefined>
}

/**
 * Starts a test server of `driver` with `overrides` and a signing client for it. pdfsig asks the OCSP responder
 * that the signing certificates name, so the server's public address is its own, and judges its answers by
 * the system's time, so the server's clock, which dates them, starts there (unless the test brings a `clock`).
 */
export async function startSigningClient(
  driver: Driver,
  overrides: Parameters<typeof startAccountsClient>[1] = {},
  clock = createTestClock(new Date()),
): Promise<SigningClient> {
  const port = await freePort()
  const client = await startAccountsClient(
    driver,
    { port, publicUrl: `http://localhost:${port}`, ...overrides },
    clock,
  )
  const json = async <T>(response: Response, status: number): Promise<T> => {
    const text = await response.text()
    expect(response.status, text).toBe(status)
    return toCamelCase(JSON.parse(text)) as T
  }
  const signingClient: SigningClient = {
    ...client,
    async openRequest(owner, title, signers, pdfs) {
      const draft = await json<SignatureRequestView>(
        await client.call('POST', apiPaths.signatureRequests(), {
          token: owner,
          body: { title, signatures: signers.map((email) => ({ account_email: email })) },
        }),
        201,
      )
      for (const [index, bytes] of pdfs.entries()) {
        const form = new FormData()
        form.set('title', `${title} ${index + 1}`)
        form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), 'doc.pdf')
        const response = await fetch(
          `${client.server.url}/api${apiPaths.signatureRequestDocuments(draft.id)}`,
          { method: 'POST', headers: { authorization: `Bearer ${owner}` }, body: form },
        )
        expect(response.status, await response.clone().text()).toBe(201)
      }
      return json(
        await client.call('POST', apiPaths.initiateSignatureRequest(draft.id), { token: owner }),
        200,
      )
    },
    async getRequest(token, id) {
      return json(await client.call('GET', apiPaths.signatureRequest(id), { token }), 200)
    },
    sign(token, items, language = 'en') {
      return client.call('POST', apiPaths.sign(), { token, body: { signature_requests: items, language } })
    },
    async signed(token, items) {
      return (await json<SignAnswer>(await signingClient.sign(token, items), 200)).results
    },
    async downloadSigned(token, documentId) {
      const response = await fetch(
        `${client.server.url}/api${apiPaths.documentDownload(documentId)}?signed=true`,
        { headers: { authorization: `Bearer ${token}` } },
      )
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/pdf')
      return new Uint8Array(await response.arrayBuffer())
    },
    async attachments(mailId) {
      const source = await readFile(join(outboxDir(client.server.dataDir), `${mailId}.eml`), 'latin1')
      return attachedFiles(source)
    },
    async signedOwn(email, title, quality) {
      const owner = await client.signUp(email)
      const handle = await openDatabase(client.server.database)
      try {
        await handle.db
          .update(users)
          .set({ attributes: { signature_qualities: [quality], default_quality: [quality] } })
          .where(eq(users.email, email))
      } finally {
        await handle.close()
      }
      const request = await signingClient.openRequest(owner, title, [email], [await makePdf(1)])
      expect((await signingClient.signed(owner, [{ signature_request_id: request.id }]))[0]?.result).toBe(
        'complete',
      )
      return signingClient.downloadSigned(owner, request.documents[0]?.id ?? '')
    },
    async validated(bytes) {
      const form = new FormData()
      form.set('file', new Blob([bytes as BlobPart], { type: 'application/pdf' }), 'contract.pdf')
      return json(
        await fetch(`${client.server.url}/api${apiPaths.validate()}`, { method: 'POST', body: form }),
        200,
      )
    },
    async pdfsigVerdict(bytes) {
      const dir = temporaryDirectory('pdfsig-verdict')
      const caPem = await (await fetch(`${client.server.url}/api${apiPaths.pkiCa()}`)).text()
      return (await pdfsig(dir, bytes, trustStore(dir, caPem)))[0]
    },
  }
  return signingClient
}

// The base64 parts of a composed mail whose disposition is `attachment`, with their file names.
function attachedFiles(source: string): { filename: string; bytes: Uint8Array }[] {
  const files: { filename: string; bytes: Uint8Array }[] = []
  for (const chunk of source.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const split = /\r?\n\r?\n/.exec(chunk)
    if (split === null) continue
    const head = chunk.slice(0, split.index).replace(/\r?\n[ \t]+/g, ' ')
    if (!/content-disposition:\s*attachment/i.test(head)) continue
    const filename = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1] ?? ''
    const body = chunk.slice(split.index + split[0].length).replace(/--[^\s]*--\s*$/, '')
    files.push({ filename, bytes: new Uint8Array(Buffer.from(body.replace(/\s+/g, ''), 'base64')) })
  }
  return files
}
