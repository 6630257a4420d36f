import { asc, eq } from 'drizzle-orm'
import { dayMs } from '../../contract/datetime.ts'
import { maxTemplateExpiryDays, type SaveAsTemplate, type TemplateView } from '../../contract/templates.ts'
import { documents } from '../db/schema/documents.ts'
import { signatureRequestDocuments } from '../db/schema/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import { findRequest } from '../signature-requests/find-request.ts'
import type { Caller, RequestServices } from '../signature-requests/request-services.ts'
import { membershipOf, sharingBusiness } from './find-template.ts'
import { insertTemplate } from './insert-template.ts'
import { loadTemplateView } from './load-templates.ts'

/**
 * POST /v3/signature-requests/{id}/template: the caller's request (in any status) saved as a template of theirs:
 * its original documents, message, standard and reminders, its expiry as the whole days it had from its creation,
 * and each signer as a role in signing order, named by `roles` or "Signer 1", "Signer 2", ..., with their
 * fields and the values the sender gave (not the signer's). 409 `signature_request.not_owner` for a signer,
 * `signature_request.no_signers` for a request without signers; a role naming another request's signature or
 * a name twice is 400 naming it.
 */
export async function saveRequestAsTemplate(
  services: Pick<RequestServices, 'db' | 'now'>,
  caller: Caller,
  requestId: string,
  input: SaveAsTemplate,
): Promise<TemplateView> {
  const membership = await membershipOf(services.db, caller.userId)
  const businessId = input.shared ? sharingBusiness(membership) : null
  const id = await services.db.transaction(async (tx) => {
    const found = await findRequest(tx, caller, requestId)
    if (!found.isOwner) {
      throw new ApiError(
        409,
        'signature_request.not_owner',
        'Only the sender may save a request as a template',
      )
    }
    // In the order the request shows them: signing order, then address (the rows come in no order).
    const signers = [...found.signatures].sort(
      (a, b) =>
        a.sequence - b.sequence ||
        (a.accountEmail < b.accountEmail ? -1 : a.accountEmail > b.accountEmail ? 1 : 0),
    )
    if (signers.length === 0) {
      throw new ApiError(409, 'signature_request.no_signers', 'A template needs a signer to make a role of')
    }
    const named = new Map<string, string>()
    for (const [index, role] of (input.roles ?? []).entries()) {
      if (!signers.some((s) => s.id === role.signatureId)) {
        throw new ApiError(
          400,
          'request.invalid',
          `roles.${index}.signature_id: not a signer of this request`,
          {
            field: `roles.${index}.signature_id`,
          },
        )
      }
      named.set(role.signatureId, role.name)
    }
    const names = signers.map((s, index) => named.get(s.id) ?? `Signer ${index + 1}`)
    const twice = names.findIndex((name, index) => names.indexOf(name) !== index)
    if (twice >= 0) {
      throw new ApiError(400, 'request.invalid', `roles: "${names[twice]}" names two signers`, {
        field: 'roles',
      })
    }
    const held = await tx
      .select({ document: documents })
      .from(signatureRequestDocuments)
      .innerJoin(documents, eq(documents.id, signatureRequestDocuments.documentId))
      .where(eq(signatureRequestDocuments.requestId, requestId))
      .orderBy(asc(signatureRequestDocuments.position))
    const { request } = found
    return insertTemplate(
      tx,
      {
        ownerId: caller.userId,
        businessId,
        title: input.title ?? request.title,
        message: request.message,
        quality: request.quality,
        legislation: request.legislation,
        expiresAfterDays:
          request.expiresAt === null
            ? null
            : Math.min(
                Math.max(Math.round((request.expiresAt.getTime() - request.createdAt.getTime()) / dayMs), 1),
                maxTemplateExpiryDays,
              ),
        reminders:
          request.remindEveryDays === null || request.remindAtMost === null
            ? null
            : { everyDays: request.remindEveryDays, atMost: request.remindAtMost },
        documents: held.map((row) => row.document),
        roles: signers.map((signer, index) => ({
          name: names[index] ?? `Signer ${index + 1}`,
          sequence: signer.sequence,
          documentSignatures: signer.documentSignatures,
          formFields: signer.formFields.map((field) =>
            field.filledBy === 'sender' ? field : { ...field, value: null, filledBy: null },
          ),
          authentication: signer.authentication,
        })),
      },
      services.now(),
    )
  })
  return loadTemplateView(services.db, { userId: caller.userId, membership }, id)
}
