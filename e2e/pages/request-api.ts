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
