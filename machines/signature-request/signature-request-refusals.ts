import type { SignatureRequestStatus } from '../../contract/signature-request-status.ts'
import type {
  SignatureRequestContext,
  SignatureRequestErrorCode,
  SignatureRequestEvent,
  SignerSequence,
} from './signature-request.types.ts'

type Refusal = SignatureRequestErrorCode | undefined

/** Why the sender may not initiate the draft, if they may not. */
export function initiateRefusal(context: SignatureRequestContext, actorId: string): Refusal {
  if (actorId !== context.ownerId) return 'signature_request.not_owner'
  if (Object.keys(context.signers).length === 0) return 'signature_request.no_signers'
  return undefined
}

/** A signer's position in the signing order: 1 unless the sender set one. */
function sequenceOf(context: Pick<SignatureRequestContext, 'sequence'>, signerId: string): number {
  return context.sequence[signerId] ?? 1
}

/**
 * The signers whose turn it is: the open signers at the lowest position still open (every open signer when
 * the request is parallel). The next turn comes when the last signer of this one has signed.
 */
export function signersInTurn(context: Pick<SignatureRequestContext, 'signers' | 'sequence'>): string[] {
  const open = Object.keys(context.signers).filter((id) => context.signers[id] === 'OPEN')
  const turn = Math.min(...open.map((id) => sequenceOf(context, id)))
  return open.filter((id) => sequenceOf(context, id) === turn)
}

/**
 * Why this user may not sign or decline now, if they may not: only a signer whose signature is open, when
 * it is their turn in the signing order.
 */
export function signerActionRefusal(context: SignatureRequestContext, actorId: string): Refusal {
  const status = context.signers[actorId]
  if (status === undefined) return 'signature_request.not_a_signer'
  if (status === 'SIGNED') return 'signature_request.already_signed'
  if (status !== 'OPEN') return 'signature_request.signer_not_open'
  if (!signersInTurn(context).includes(actorId)) return 'signature_request.not_your_turn'
  return undefined
}

/** Why the user may not set this signing order, if they may not: the sender, for the draft's own signers. */
export function orderRefusal(
  context: SignatureRequestContext,
  actorId: string,
  sequence: SignerSequence,
): Refusal {
  if (actorId !== context.ownerId) return 'signature_request.not_owner'
  if (!Object.keys(sequence).every((id) => id in context.signers)) return 'signature_request.not_a_signer'
  return undefined
}

/** Why this user may not withdraw the request, if they may not. */
export function withdrawRefusal(context: SignatureRequestContext, actorId: string): Refusal {
  return actorId === context.ownerId ? undefined : 'signature_request.not_owner'
}

// Once someone has signed, changing the signer list would change what they agreed to.
function signerChangeRefusal(context: SignatureRequestContext, actorId: string): Refusal {
  if (actorId !== context.ownerId) return 'signature_request.not_owner'
  if (Object.values(context.signers).some((s) => s !== 'OPEN')) return 'signature_request.signers_locked'
  return undefined
}

/**
 * Why the user may not change the signature standard, if they may not: the sender, while nobody has signed
 * (a signature given by the old standard would no longer be what the request asks for).
 */
export function standardRefusal(context: SignatureRequestContext, actorId: string): Refusal {
  if (actorId !== context.ownerId) return 'signature_request.not_owner'
  if (Object.values(context.signers).some((s) => s !== 'OPEN')) return 'signature_request.standard_locked'
  return undefined
}

/** Why the user may not invite this signer, if they may not. */
export function addSignerRefusal(
  context: SignatureRequestContext,
  actorId: string,
  signerId: string,
): Refusal {
  const refusal = signerChangeRefusal(context, actorId)
  if (refusal) return refusal
  if (signerId in context.signers) return 'signature_request.already_a_signer'
  return undefined
}

/**
 * Why the user may not place this signer's signature fields, if they may not: the sender does it, for a
 * signer who has still to sign.
 */
export function placeFieldsRefusal(
  context: SignatureRequestContext,
  actorId: string,
  signerId: string,
): Refusal {
  if (actorId !== context.ownerId) return 'signature_request.not_owner'
  const status = context.signers[signerId]
  if (status === undefined) return 'signature_request.not_a_signer'
  if (status !== 'OPEN') return 'signature_request.signer_not_open'
  return undefined
}

/**
 * Why the user may not remove this signer, if they may not. An open request keeps at least one
 * signer, because an open request with nobody left to sign could never end.
 */
export function removeSignerRefusal(
  context: SignatureRequestContext,
  actorId: string,
  signerId: string,
  keepOne: boolean,
): Refusal {
  const refusal = signerChangeRefusal(context, actorId)
  if (refusal) return refusal
  if (!(signerId in context.signers)) return 'signature_request.not_a_signer'
  if (keepOne && Object.keys(context.signers).length === 1) return 'signature_request.no_signers'
  return undefined
}

/**
 * Why a signer may not take themselves off the request, if they may not: the same limits as the sender's
 * removal (nobody has signed or declined yet; an open request keeps one signer), but by the signer.
 */
export function leaveRefusal(context: SignatureRequestContext, actorId: string, keepOne: boolean): Refusal {
  if (!(actorId in context.signers)) return 'signature_request.not_a_signer'
  if (Object.values(context.signers).some((s) => s !== 'OPEN')) return 'signature_request.signers_locked'
  if (keepOne && Object.keys(context.signers).length === 1) return 'signature_request.no_signers'
  return undefined
}

/** Why these parts may not take the ended request off their list: each must be a participant still there. */
export function removeFromListRefusal(context: SignatureRequestContext, participantIds: string[]): Refusal {
  const isParticipant = (id: string) => id === context.ownerId || id in context.signers
  const valid = participantIds.every((id) => isParticipant(id) && !context.removed.includes(id))
  return participantIds.length > 0 && valid ? undefined : 'signature_request.not_a_participant'
}

/**
 * Why a request that is not open refuses what only an open one does (sign, decline, remind, delegate): an expired
 * one says so, as its signers did nothing wrong and its sender may send it again.
 */
export function notOpenRefusal(status: SignatureRequestStatus): SignatureRequestErrorCode {
  return status === 'EXPIRED' ? 'signature_request.expired' : 'signature_request.not_open'
}

/** The code for an event that the request's current status (`status`) does not take at all. */
export function statusRefusal(
  type: SignatureRequestEvent['type'],
  status: SignatureRequestStatus,
): SignatureRequestErrorCode {
  if (type === 'participant.remove') return 'signature_request.not_ended'
  if (type === 'request.initiate') return 'signature_request.not_draft'
  if (
    type === 'signer.add' ||
    type === 'signer.remove' ||
    type === 'signer.leave' ||
    type === 'signer.place' ||
    type === 'standard.change'
  ) {
    return 'signature_request.ended'
  }
  if (type === 'signers.order') return 'signature_request.not_draft'
  return notOpenRefusal(status)
}

/** Why an event the current status does take was refused: the same functions the machine's guards call. */
export function ruleRefusal(
  status: SignatureRequestStatus,
  context: SignatureRequestContext,
  event: SignatureRequestEvent,
): Refusal {
  switch (event.type) {
    case 'request.initiate':
      return initiateRefusal(context, event.actorId)
    case 'request.sign':
    case 'request.decline':
      return signerActionRefusal(context, event.actorId)
    case 'request.withdraw':
      return withdrawRefusal(context, event.actorId)
    case 'request.expire':
      return undefined
    case 'signer.add':
      return addSignerRefusal(context, event.actorId, event.signerId)
    case 'signer.remove':
      return removeSignerRefusal(context, event.actorId, event.signerId, status === 'OPEN')
    case 'signer.leave':
      return leaveRefusal(context, event.actorId, status === 'OPEN')
    case 'signer.place':
      return placeFieldsRefusal(context, event.actorId, event.signerId)
    case 'signers.order':
      return orderRefusal(context, event.actorId, event.sequence)
    case 'standard.change':
      return standardRefusal(context, event.actorId)
    case 'participant.remove':
      return removeFromListRefusal(context, event.participantIds)
  }
}
