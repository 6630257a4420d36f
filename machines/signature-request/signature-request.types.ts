import type { SignatureRequestStatus, SignerStatus } from '../../contract/signature-request-status.ts'

/** Signer statuses keyed by signer id (the signer's user id). */
export type Signers = Record<string, SignerStatus>

/**
 * Each signer's position in the signing order, keyed by signer id: lower signs first, equal positions sign
 * in parallel; a signer without one is at position 1, so a request without positions is signed in parallel.
 */
export type SignerSequence = Record<string, number>

/** What the lifecycle machine knows about one signature request. */
export interface SignatureRequestContext {
  /** User id of the sender, the only one who may initiate, withdraw and change signers. */
  ownerId: string
  signers: Signers
  sequence: SignerSequence
  /**
   * The participants (the owner's id, signer ids) who took the ended request off their own list; once all
   * of them have, the request is deleted.
   */
  removed: string[]
}

/** Input of the lifecycle machine: a new request starts as a draft. */
export interface SignatureRequestInput {
  ownerId: string
  /** Signers invited when the draft is created. @default {} */
  signers?: Signers
  /** Their positions in the signing order. @default {} (parallel) */
  sequence?: SignerSequence
}

/** A stored request as the server keeps it, enough to replay one event on it. */
export interface SignatureRequestState extends Omit<SignatureRequestContext, 'removed' | 'sequence'> {
  status: SignatureRequestStatus
  /** @default {} (parallel) */
  sequence?: SignerSequence
  /** @default [] */
  removed?: string[]
}

/** Events of the lifecycle; `actorId` is the user who does it. */
export type SignatureRequestEvent =
  | { type: 'request.initiate'; actorId: string }
  | { type: 'request.sign'; actorId: string }
  | { type: 'request.decline'; actorId: string }
  | { type: 'request.withdraw'; actorId: string }
  /** Its expiry passed on the server's clock while it was still open. */
  | { type: 'request.expire' }
  /** The sender invites a signer, at `sequence` in the signing order (@default 1). */
  | { type: 'signer.add'; actorId: string; signerId: string; sequence?: number }
  | { type: 'signer.remove'; actorId: string; signerId: string }
  /** The sender places where a signer signs (their signature fields); statuses stay as they are. */
  | { type: 'signer.place'; actorId: string; signerId: string }
  /** The sender sets the signing order of the draft's signers (a signer left out is at position 1). */
  | { type: 'signers.order'; actorId: string; sequence: SignerSequence }
  /**
   * The sender changes the signature standard (quality and legislation): in a draft, or in an open request
   * before anyone signed (signers already invited keep their links; the signing flow asks what the new standard
   * needs when they sign).
   */
  | { type: 'standard.change'; actorId: string }
  /** A signer takes themselves off the request (the actor is their own signer id). */
  | { type: 'signer.leave'; actorId: string }
  /**
   * A participant takes an ended request off their own list: `participantIds` are their parts in it, the
   * owner's id and their signer id when they own a request they also sign.
   */
  | { type: 'participant.remove'; participantIds: string[] }

/** The sender's events that change the signer list. */
export type SignerChangeEvent = Extract<
  SignatureRequestEvent,
  { type: 'signer.add' | 'signer.remove' | 'signer.place' }
>

/** The sender setting the signing order. */
export type OrderEvent = Extract<SignatureRequestEvent, { type: 'signers.order' }>

/** The sender changing the signature standard. */
export type StandardEvent = Extract<SignatureRequestEvent, { type: 'standard.change' }>

/** A signer taking themselves off the list. */
export type LeaveEvent = Extract<SignatureRequestEvent, { type: 'signer.leave' }>

/** A participant taking an ended request off their own list. */
export type RemoveFromListEvent = Extract<SignatureRequestEvent, { type: 'participant.remove' }>

/** Stable codes for why the lifecycle refused an event. */
export type SignatureRequestErrorCode =
  | 'signature_request.not_draft'
  | 'signature_request.not_open'
  | 'signature_request.expired'
  | 'signature_request.ended'
  | 'signature_request.not_ended'
  | 'signature_request.not_a_participant'
  | 'signature_request.not_owner'
  | 'signature_request.not_a_signer'
  | 'signature_request.already_a_signer'
  | 'signature_request.already_signed'
  | 'signature_request.signer_not_open'
  | 'signature_request.not_your_turn'
  | 'signature_request.signers_locked'
  | 'signature_request.standard_locked'
  | 'signature_request.no_signers'
