import { eq } from 'drizzle-orm'
import { changedRequestFields } from '../../contract/request-events.ts'
import {
  groupSignerAuthentication,
  type SignatureRequestView,
  type UpdateSignatureRequest,
} from '../../contract/signature-requests.ts'
import { signatureRequests, signatures } from '../db/schema/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import { checkSenderGroups } from '../signer-groups/check-sender-groups.ts'
import { decideEvent } from './apply-event.ts'
import { scheduleReminders } from './auto-remind-signers.ts'
import { scheduleExpiry } from './expire-signature-request.ts'
import { findRequest } from './find-request.ts'
import { futureExpiry } from './future-expiry.ts'
import { getSignatureRequest } from './get-signature-request.ts'
import { recordEvent } from './record-event.ts'
import type { Caller, RequestServices } from './request-services.ts'
import { setObserverGroups, setObservers } from './set-observers.ts'

/**
 * PUT /v3/signature-requests/{id}: the owner renames a request, rewrites its message or changes its
 * observers while it is a DRAFT or OPEN (signers see the new words; what they sign, documents and signers,
 * does not change here). The signature standard (quality and legislation) changes while it is a DRAFT, or OPEN
 * until someone signed (the lifecycle machine's `standard.change`; after a signature 409
 * `signature_request.standard_locked`): signers already invited keep their links, and the signing flow asks
 * what the new standard needs when they sign. The signing order changes only while it is a DRAFT (409
 * `signature_request.not_draft`), as signers may have been asked in the old order; the order is the lifecycle
 * machine's `signers.order`, and so is how each listed signer
 * authenticates (`authentication`), which they may have been mailed a direct link by. A signer gets 409
 * `signature_request.not_owner`, an ended request 409 `signature_request.ended`. Its expiry (a later one
 * extends an open request; null: never; one that has passed is 400 naming `expires_at`) and automatic reminders
 * change while it is a DRAFT or OPEN, and an open request's jobs follow them. The trail records the old and the
 * new values.
 */
export async function updateSignatureRequest(
  services: RequestServices,
  caller: Caller,
  id: string,
  input: UpdateSignatureRequest,
): Promise<SignatureRequestView> {
  await services.db.transaction(async (tx) => {
    const found = await findRequest(tx, caller, id, true)
    const { request, isOwner } = found
    if (!isOwner) throw new ApiError(409, 'signature_request.not_owner', 'Only the sender edits a request')
    if (request.statusOverall !== 'DRAFT' && request.statusOverall !== 'OPEN') {
      throw new ApiError(409, 'signature_request.ended', 'An ended request cannot be edited')
    }
    const now = services.now()
    const wanted = {
      title: input.title,
      message: input.message,
      ...(input.expiresAt === undefined ? {} : { expiresAt: futureExpiry(input.expiresAt, now) }),
      ...(input.reminders === undefined
        ? {}
        : {
            remindEveryDays: input.reminders?.everyDays ?? null,
            remindAtMost: input.reminders?.atMost ?? null,
          }),
      ...(input.quality === undefined
        ? {}
        : { quality: input.quality, legislation: input.legislation ?? null }),
    }
    // The same standard again changes nothing, and is not refused.
    const restandard =
      input.quality !== undefined &&
      (input.quality !== request.quality || (input.legislation ?? null) !== request.legislation)
    if (restandard) {
      try {
        decideEvent(request, found.signatures, { type: 'standard.change', actorId: caller.userId })
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'signature_request.standard_locked')) throw error
        throw new ApiError(409, error.code, 'Someone has signed: the signature standard stays as it was', {
          field: 'quality',
        })
      }
    }
    const extra: Record<string, unknown> = {}
    if (input.signatures !== undefined) {
      const wantedOrder = Object.fromEntries(input.signatures.map((s) => [s.id, s.sequence]))
      const { sequence } = decideEvent(request, found.signatures, {
        type: 'signers.order',
        actorId: caller.userId,
        sequence: wantedOrder,
      })
      for (const signature of found.signatures) {
        const position = sequence[signature.id] ?? 1
        const asked =
          input.signatures.find((s) => s.id === signature.id)?.authentication ?? signature.authentication
        // A group's members sign in to their accounts, as when the group was invited.
        const authentication = signature.groupId === null ? asked : groupSignerAuthentication(asked)
        if (position === signature.sequence && authentication === signature.authentication) continue
        await tx
          .update(signatures)
          .set({ sequence: position, authentication })
          .where(eq(signatures.id, signature.id))
        extra.order = input.signatures
      }
    }
    if (input.ccEmailAddresses !== undefined) {
      await setObservers(tx, id, input.ccEmailAddresses)
      extra.ccEmailAddresses = input.ccEmailAddresses
    }
    if (input.observerGroupIds !== undefined) {
      await checkSenderGroups(
        tx,
        request.ownerId,
        input.observerGroupIds.map((groupId, index) => ({ groupId, at: `observer_group_ids.${index}` })),
      )
      await setObserverGroups(tx, id, input.observerGroupIds, now)
      extra.observerGroupIds = input.observerGroupIds
    }
    const before: Record<string, unknown> = {}
    const after: Record<string, unknown> = {}
    // The trail keeps each value as text, as the report prints it.
    const text = (value: unknown) =>
      value instanceof Date ? value.toISOString() : typeof value === 'number' ? String(value) : value
    for (const key of changedRequestFields) {
      const value = wanted[key]
      const old = request[key]
      if (value === undefined || text(value) === text(old)) continue
      Object.assign(before, { [key]: text(old) })
      Object.assign(after, { [key]: text(value) })
    }
    if (Object.keys(after).length === 0 && Object.keys(extra).length === 0) return
    const changed = { ...wanted }
    for (const key of changedRequestFields) if (!(key in after)) delete changed[key]
    if (request.statusOverall === 'OPEN') {
      const expiresAt = changed.expiresAt
      if (expiresAt) await scheduleExpiry(tx, id, expiresAt, now)
      const everyDays = 'remindEveryDays' in changed ? changed.remindEveryDays : request.remindEveryDays
      if (('remindEveryDays' in after || 'remindAtMost' in after) && everyDays)
        await scheduleReminders(tx, id, everyDays, request.lastRemindedAt ?? now, now)
    }
    await tx
      .update(signatureRequests)
      .set({ ...changed, updatedAt: now })
      .where(eq(signatureRequests.id, id))
    await recordEvent(tx, id, caller, 'updated', now, { before, after, ...extra })
  })
  return getSignatureRequest(services, caller, id)
}
