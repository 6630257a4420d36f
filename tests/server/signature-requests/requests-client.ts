import { expect } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import type { DocumentInfo } from '../../../contract/documents.ts'
import { apiPaths } from '../../../contract/paths.ts'
import type { SignatureRequestPage, SignatureRequestView } from '../../../contract/signature-requests.ts'
import { type AccountsClient, startAccountsClient } from '../accounts/accounts-client.ts'
import type { Driver } from '../test-database.ts'

/** Test limits: small, so that a too large file is cheap to make. */
export const testLimits = { maxDocumentBytes: 64 * 1024, maxRequestBytes: 100 * 1024 }

/** An accounts client plus the calls of signature requests and documents, as the app makes them. */
export type RequestsClient = AccountsClient & {
  create(token: string, body: unknown): Promise<SignatureRequestView>
  upload(token: string, id: string, bytes: Uint8Array, title?: string): Promise<Response>
  getRequest(token: string, id: string): Promise<SignatureRequestView>
  list(token: string, query?: Record<string, string | number>): Promise<SignatureRequestPage>
  /** POST .../attachments with `bytes` as the `file` part named `filename`, of type `type`. */
  attach(
    token: string,
    id: string,
    bytes: Uint8Array,
    filename: string,
    type: string,
    title?: string,
  ): Promise<Response>
}

/** Starts a test server with small document limits (and `overrides`), and a client of its request calls. */
export async function startRequestsClient(
  driver: Driver,
  overrides: Parameters<typeof startAccountsClient>[1] = {},
): Promise<RequestsClient> {
  const client = await startAccountsClient(driver, { ...testLimits, ...overrides })
  const json = async <T>(response: Response, status: number): Promise<T> => {
    const body = await response.text()
    expect(response.status, body).toBe(status)
    return toCamelCase(JSON.parse(body)) as T
  }
  return {
    ...client,
    async create(token, body) {
      return json(await client.call('POST', apiPaths.signatureRequests(), { token, body }), 201)
    },
    upload(token, id, bytes, title) {
      const form = new FormData()
      if (title !== undefined) form.set('title', title)
      form.set(
        'file',
        new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
        'contract.pdf',
      )
      return fetch(`${client.server.url}/api${apiPaths.signatureRequestDocuments(id)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
    },
    async getRequest(token, id) {
      return json(await client.call('GET', apiPaths.signatureRequest(id), { token }), 200)
    },
    attach(token, id, bytes, filename, type, title) {
      const form = new FormData()
      if (title !== undefined) form.set('title', title)
      form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), filename)
      return fetch(`${client.server.url}/api${apiPaths.signatureRequestAttachments(id)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
    },
    async list(token, query = {}) {
      const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))
      return json(await client.call('GET', `${apiPaths.signatureRequests()}?${search}`, { token }), 200)
    },
  }
}

/** The JSON answer of `response`, checked to have `status`, with its keys in camelCase. */
export async function answer<T>(response: Response, status = 200): Promise<T> {
  const body = await response.text()
  expect(response.status, body).toBe(status)
  return toCamelCase(JSON.parse(body)) as T
}

/** The answer of an upload, checked to be 201. */
export async function uploaded(response: Response): Promise<DocumentInfo> {
  const body = await response.text()
  expect(response.status, body).toBe(201)
  return toCamelCase(JSON.parse(body)) as DocumentInfo
}
