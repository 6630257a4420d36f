import * as v from 'valibot'
import type { FormFieldInput } from '../../../contract/form-fields.ts'
import { apiPaths } from '../../../contract/paths.ts'
import type { SignatureField } from '../../../contract/signature-fields.ts'
import {
  type CreateSignatureRequest,
  createSignatureRequestSchema,
  delegateSignatureRequestSchema,
  requestMessageSchema,
  type SignatureRequestView,
  signatureRequestSchema,
  signerInviteSchema,
  updateSignatureRequestSchema,
} from '../../../contract/signature-requests.ts'
import { saveAsTemplateSchema, templateSchema } from '../../../contract/templates.ts'
import type { ApiClient } from '../../api/client.ts'

const asRequest = (answer: unknown): SignatureRequestView => v.parse(signatureRequestSchema, answer)

/** POST /v3/signature-requests: a new draft. */
export async function createDraft(
  api: ApiClient,
  input: v.InferInput<typeof createSignatureRequestSchema>,
): Promise<SignatureRequestView> {
  const body: CreateSignatureRequest = v.parse(createSignatureRequestSchema, input)
  return asRequest(await api.request(apiPaths.signatureRequests(), { method: 'POST', body, retries: 0 }))
}

/** POST .../initiate: sends the draft to its signers. */
export async function initiateRequest(api: ApiClient, id: string): Promise<SignatureRequestView> {
  return asRequest(await api.request(apiPaths.initiateSignatureRequest(id), { method: 'POST', retries: 0 }))
}

/** POST .../remind: mails the signers who have not signed yet (at most once an hour: 429 otherwise). */
export async function remindSigners(api: ApiClient, id: string): Promise<SignatureRequestView> {
  return asRequest(await api.request(apiPaths.remindSignatureRequest(id), { method: 'POST', retries: 0 }))
}

// Withdrawing and declining both end the request with a message to the others.
async function endWithMessage(api: ApiClient, path: string, message: string): Promise<SignatureRequestView> {
  const body = v.parse(requestMessageSchema, { message })
  return asRequest(await api.request(path, { method: 'POST', body, retries: 0 }))
}

/** POST .../withdraw: the sender withdraws an open request, telling the signers why. */
export function withdrawRequest(api: ApiClient, id: string, message: string): Promise<SignatureRequestView> {
  return endWithMessage(api, apiPaths.withdrawSignatureRequest(id), message)
}

/** POST .../decline: a signer declines, telling the others why. */
export function declineRequest(api: ApiClient, id: string, message: string): Promise<SignatureRequestView> {
  return endWithMessage(api, apiPaths.declineSignatureRequest(id), message)
}

/** PUT /v3/signature-requests/{id}: a new title and/or message. */
export async function updateRequest(
  api: ApiClient,
  id: string,
  input: v.InferInput<typeof updateSignatureRequestSchema>,
): Promise<void> {
  const body = v.parse(updateSignatureRequestSchema, input)
  await api.request(apiPaths.signatureRequest(id), { method: 'PUT', body, retries: 0 })
}

/**
 * DELETE /v3/signature-requests/{id}: the owner deletes a draft (or withdraws it while open), a signer leaves
 * it, and an ended request goes off the caller's own list.
 */
export async function deleteRequest(api: ApiClient, id: string): Promise<void> {
  await api.request(apiPaths.signatureRequest(id), { method: 'DELETE', retries: 0 })
}

/** POST .../signatures: invites one more signer (mailed at once when the request is open). */
export async function addSigner(
  api: ApiClient,
  id: string,
  invite: v.InferInput<typeof signerInviteSchema>,
): Promise<void> {
  const body = v.parse(signerInviteSchema, invite)
  await api.request(apiPaths.signatureRequestSignatures(id), { method: 'POST', body, retries: 0 })
}

/**
 * PUT .../signatures/{signatureId}: where one signer signs, one field per document (none: suggested again),
 * and with `formFields` the fields besides the signature they fill (replacing theirs).
 */
export async function placeSignatureFields(
  api: ApiClient,
  id: string,
  signatureId: string,
  documentSignatures: SignatureField[],
  formFields?: FormFieldInput[],
): Promise<void> {
  await api.request(apiPaths.signatureRequestSignature(id, signatureId), {
    method: 'PUT',
    body: formFields === undefined ? { documentSignatures } : { documentSignatures, formFields },
    retries: 0,
  })
}

/** DELETE .../signatures: takes one signer off the request. */
export async function removeSigner(api: ApiClient, id: string, signatureId: string): Promise<void> {
  await api.request(apiPaths.removeSignatureRequestSigner(id, signatureId), { method: 'DELETE', retries: 0 })
}

/** POST .../delegate: hands the caller's open signature to someone else, with a word for them. */
export async function delegateSignature(
  api: ApiClient,
  id: string,
  input: v.InferInput<typeof delegateSignatureRequestSchema>,
): Promise<void> {
  const body = v.parse(delegateSignatureRequestSchema, input)
  await api.request(apiPaths.delegateSignatureRequest(id), { method: 'POST', body, retries: 0 })
}

/** DELETE .../documents: takes documents off a draft. */
export async function removeDocuments(
  api: ApiClient,
  id: string,
  documentIds: readonly string[],
): Promise<void> {
  await api.request(apiPaths.removeSignatureRequestDocuments(id, documentIds), {
    method: 'DELETE',
    retries: 0,
  })
}

/** DELETE .../attachments/{aid}: removes an attachment. */
export async function removeAttachment(api: ApiClient, id: string, attachmentId: string): Promise<void> {
  await api.request(apiPaths.signatureRequestAttachment(id, attachmentId), { method: 'DELETE', retries: 0 })
}

/** GET a file of the API (a PDF, a zip, a report) with the session's credentials. */
export async function fetchFile(api: ApiClient, path: string): Promise<Blob> {
  return api.request<Blob>(path, { responseType: 'blob' })
}

/** POST .../template: saves the caller's request as a template of theirs; answers the template's id. */
export async function saveAsTemplate(
  api: ApiClient,
  id: string,
  input: v.InferInput<typeof saveAsTemplateSchema>,
): Promise<string> {
  const body = v.parse(saveAsTemplateSchema, input)
  const answer = await api.request(apiPaths.saveRequestAsTemplate(id), { method: 'POST', body, retries: 0 })
  return v.parse(templateSchema, answer).id
}
