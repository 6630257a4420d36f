import { type APIRequestContext, expect } from '@playwright/test'
import type { TestAccount } from './test-account.ts'
import type { PickedFile } from './test-pdfs.ts'

const auth = (account: TestAccount) => ({ Authorization: `Bearer ${account.token}` })

/** Makes a draft with these signers (by address) through the real API and answers its id. */
export async function createDraft(
  request: APIRequestContext,
  account: TestAccount,
  title: string,
  signers: string[],
): Promise<string> {
  const created = await request.post('/api/v3/signature-requests', {
    headers: auth(account),
    data: { title, signatures: signers.map((email) => ({ account_email: email })) },
  })
  expect(created.ok(), await created.text()).toBe(true)
  return ((await created.json()) as { id: string }).id
}

/** Uploads a PDF into a draft through the real API. */
export async function addDocument(
  request: APIRequestContext,
  account: TestAccount,
  id: string,
  file: PickedFile,
) {
  const uploaded = await request.post(`/api/v3/signature-requests/${id}/documents`, {
    headers: auth(account),
    multipart: { file },
  })
  expect(uploaded.ok(), await uploaded.text()).toBe(true)
}

/** The ids of a request's documents, in their order, through the real API. */
export async function documentIds(request: APIRequestContext, account: TestAccount, id: string) {
  const answer = await request.get(`/api/v3/signature-requests/${id}`, { headers: auth(account) })
  expect(answer.ok(), await answer.text()).toBe(true)
  return ((await answer.json()) as { documents: { id: string }[] }).documents.map((d) => d.id)
}

/** Adds a signer with their fields besides the signature (`form_fields`) to a draft through the real API. */
export async function addSignerWithFields(
  request: APIRequestContext,
  account: TestAccount,
  id: string,
  signer: Record<string, unknown>,
  formFields: Record<string, unknown>[],
) {
  const added = await request.post(`/api/v3/signature-requests/${id}/signatures`, {
    headers: auth(account),
    data: { ...signer, form_fields: formFields },
  })
  expect(added.ok(), await added.text()).toBe(true)
}
