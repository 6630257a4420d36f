import { and, eq, inArray } from 'drizzle-orm'
import { dayMs } from '../../contract/datetime.ts'
import type { FormField } from '../../contract/form-fields.ts'
import type { CreateSignatureRequest, SignatureRequestView } from '../../contract/signature-requests.ts'
import { requestCallbacks } from '../api-users/request-callbacks.ts'
import { businessOfAccount } from '../businesses/business-of-account.ts'
import { users } from '../db/schema/accounts.ts'
import { documents } from '../db/schema/documents.ts'
import { signatureRequestDocuments, signatureRequests, signatures } from '../db/schema/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import { checkSenderGroups } from '../signer-groups/check-sender-groups.ts'
import { checkFieldsApart } from './check-fields-apart.ts'
import { checkFormFields } from './check-form-fields.ts'
import { checkSignatureFields, fieldDocuments } from './check-signature-fields.ts'
import { futureExpiry } from './future-expiry.ts'
import { groupKey, inviteEmail, signerOfInvite } from './invite-email.ts'
import { loadRequestViews, type Queryable } from './load-requests.ts'
import { recordEvent } from './record-event.ts'
import type { Caller, RequestServices } from './request-services.ts'
import { setObserverGroups, setObservers } from './set-observers.ts'

/**
 * POST /v3/signature-requests: a DRAFT owned by the caller, with its signers (each address once; an
 * address with an account is linked to it), their signing order, its observers and documents the caller
 * uploaded before. A document id that is not the caller's is 404 `document.not_found`, with `field` naming it.
 * Its expiry and automatic reminders are the caller's, or else their business's defaults (none for a sender of
 * their own); an expiry that has passed is 400 naming `expires_at`.
 */
export async function createSignatureRequest(
  services: RequestServices,
  caller: Caller,
  input: CreateSignatureRequest,
): Promise<SignatureRequestView> {
  const id = await insertSignatureRequest(services, caller, input)
  const [view] = await loadRequestViews(services.db, caller, [id])
  if (view === undefined) throw new Error('created request not found')
  return view
}

/**
 * What {@link createSignatureRequest} writes, answering the new request's id without reading its view back (a
 * bulk send's row, which nobody reads meanwhile). `id` gives the request its id (that row's, which must make its
 * request once however often its job runs); `first` writes in the same transaction, before the request, what it
 * needs (a template's copies of its documents), so that a request refused leaves none of it.
 */
export async function insertSignatureRequest(
  services: RequestServices,
  caller: Caller,
  input: CreateSignatureRequest,
  { id, first }: { id?: string; first?: (tx: Queryable) => Promise<void> } = {},
): Promise<string> {
  const invites = new Map<string, CreateSignatureRequest['signatures'][number]>()
  const fieldsAt = new Map<string, number>()
  input.signatures.forEach((invite, index) => {
    // A group signs once, as a person does: keyed by the group (its signature has no address until signed).
    const email =
      invite.groupId === undefined ? inviteEmail(invite, `signatures.${index}.`) : groupKey(invite.groupId)
    if (invites.has(email)) return
    invites.set(email, invite)
    fieldsAt.set(email, index)
  })
  const documentIds = [...new Set(input.documents.map((d) => d.id))]
  const now = services.now()
  const callbacks = await requestCallbacks(services.db, caller.userId, input)
  const defaults = (await businessOfAccount(services.db, caller.userId))?.settings.signatureRequests
  const expiry = defaults?.expiry
  const expiresAt =
    input.expiresAt === undefined
      ? expiry?.enabled
        ? new Date(now.getTime() + expiry.days * dayMs)
        : null
      : futureExpiry(input.expiresAt, now)
  const reminders =
    input.reminders === undefined
      ? defaults?.reminders.enabled
        ? defaults.reminders
        : null
      : input.reminders
  const row = await services.db.transaction(async (tx) => {
    await first?.(tx)
    const owned =
      documentIds.length === 0
        ? []
        : await tx
            .select({ id: documents.id })
            .from(documents)
            .where(and(inArray(documents.id, documentIds), eq(documents.ownerId, caller.userId)))
    const ownedIds = new Set(owned.map((d) => d.id))
    const missing = input.documents.findIndex((d) => !ownedIds.has(d.id))
    if (missing >= 0) {
      throw new ApiError(404, 'document.not_found', 'No such document of yours', {
        field: `documents.${missing}.id`,
      })
    }
    await checkSenderGroups(tx, caller.userId, [
      ...[...invites].flatMap(([email, invite]) =>
        invite.groupId === undefined
          ? []
          : [{ groupId: invite.groupId, at: `signatures.${fieldsAt.get(email)}.group_id` }],
      ),
      ...(input.observerGroupIds ?? []).map((groupId, index) => ({
        groupId,
        at: `observer_group_ids.${index}`,
      })),
    ])
    const fieldOn = await fieldDocuments(tx, documentIds)
    const formFields = new Map<string, FormField[]>()
    for (const [email, invite] of invites) {
      const at = `signatures.${fieldsAt.get(email)}`
      checkSignatureFields(invite.documentSignatures ?? [], fieldOn, `${at}.document_signatures`)
      formFields.set(email, checkFormFields(invite.formFields ?? [], fieldOn, `${at}.form_fields`))
    }
    checkFieldsApart(
      [...invites].map(([email, invite]) => ({
        at: `signatures.${fieldsAt.get(email)}`,
        documentSignatures: invite.documentSignatures ?? [],
        formFields: invite.formFields ?? [],
      })),
      [],
      fieldOn,
    )
    const [request] = await tx
      .insert(signatureRequests)
      .values({
        ...(id === undefined ? {} : { id }),
        ownerId: caller.userId,
        title: input.title,
        message: input.message,
        statusOverall: 'DRAFT',
        quality: input.quality ?? null,
        legislation: input.legislation ?? null,
        callbacks,
        expiresAt,
        remindEveryDays: reminders?.everyDays ?? null,
        remindAtMost: reminders?.atMost ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if (request === undefined) throw new Error('insert returned no row')
    const emails = [...invites.keys()]
    const addresses = emails.filter((email) => invites.get(email)?.groupId === undefined)
    const accounts =
      addresses.length === 0
        ? []
        : await tx
            .select({ id: users.id, email: users.email })
            .from(users)
            .where(inArray(users.email, addresses))
    if (emails.length > 0) {
      await tx.insert(signatures).values(
        emails.map((email) => ({
          requestId: request.id,
          signerId: accounts.find((a) => a.email.toLowerCase() === email)?.id ?? null,
          ...signerOfInvite(email, invites.get(email)),
          signerIdentityData: invites.get(email)?.signerIdentityData ?? null,
          documentSignatures: invites.get(email)?.documentSignatures ?? [],
          formFields: formFields.get(email) ?? [],
          status: 'OPEN' as const,
          sequence: invites.get(email)?.sequence ?? 1,
        })),
      )
    }
    // A new request has no observers to remove.
    if (input.ccEmailAddresses.length > 0) await setObservers(tx, request.id, input.ccEmailAddresses)
    if (input.observerGroupIds !== undefined)
      await setObserverGroups(tx, request.id, input.observerGroupIds, now)
    if (documentIds.length > 0) {
      await tx
        .insert(signatureRequestDocuments)
        .values(documentIds.map((documentId, position) => ({ requestId: request.id, documentId, position })))
    }
    await recordEvent(tx, request.id, caller, 'created', now, { signatures: emails.length })
    return request
  })
  return row.id
}
