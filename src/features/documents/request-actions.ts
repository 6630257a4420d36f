import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { applyRequestEvent } from '../../../machines/signature-request/apply-request-event.ts'
import { requestStateOf } from '../../../machines/signature-request/signature-request.selectors.ts'
import type {
  SignatureRequestEvent,
  SignatureRequestState,
} from '../../../machines/signature-request/signature-request.types.ts'

/** What the screens may offer on one request. */
export interface RequestActions {
  /** The caller's own signature, when they sign. */
  ownSignatureId: string | undefined
  /** Send the draft to its signers. */
  send: boolean
  remind: boolean
  withdraw: boolean
  /**
   * Delete the draft (for its owner), leave the request (for a signer), or take an ended request off the
   * caller's own list; an owner who may withdraw withdraws instead.
   */
  delete: boolean
  /** Sign or decline: the caller's own signature is open on an open request, and it is their turn. */
  sign: boolean
  /** The caller's own signature is open but the earlier signers in the signing order sign first. */
  awaitingTurn: boolean
  /** Set the signing order: the owner, while it is a draft. */
  order: boolean
  decline: boolean
  /** Hand the caller's own signature over to someone else. */
  delegate: boolean
  addSigner: boolean
  /** The signatures the caller may remove, by id. */
  removableSigners: ReadonlySet<string>
  /** The signatures whose fields the caller may place, by id. */
  placeableSigners: ReadonlySet<string>
  /** Remove a document from the draft. */
  deleteDocuments: boolean
  /** Rename the request and choose its observers: the owner, while it is a draft. */
  editDraft: boolean
  /** Choose the signature standard the signers sign with: the owner, until someone signed (`standard.change`). */
  changeStandard: boolean
  /** A signed version of the documents exists. */
  downloadSigned: boolean
  /** The report (PDF or JSON) of a request that was sent. */
  report: boolean
  /** Attach a file: the owner or a signer, while the request is a draft or open. */
  attach: boolean
  /**
   * The caller neither owns nor signs it: an admin of the business whose API user sent it, who may read it
   * and change nothing (issue 39).
   */
  readOnly: boolean
  /** Remove any attachment: the owner, while the request is a draft or open. */
  removeAttachments: boolean
  /** Move or extend its expiry: the owner, while the request is a draft or open. */
  changeExpiry: boolean
  /** Save it as a template, its signers becoming roles: the owner, once it has a signer (issue 41 §1). */
  saveAsTemplate: boolean
}

// The caller and the owner as the machine sees them: the owner's id is the caller's when the caller owns it.
const self = 'self'
const someoneElse = 'owner'
const newSigner = 'new-signer'

/** The request as the lifecycle machine's state: signers keyed by signature id, as the server keys them. */
function machineState(request: SignatureRequestView): SignatureRequestState {
  return {
    ownerId: request.isOwner ? self : someoneElse,
    status: request.statusOverall,
    signers: Object.fromEntries(request.signatures.map((s) => [s.id, s.status])),
    sequence: Object.fromEntries(request.signatures.map((s) => [s.id, s.sequence])),
  }
}

/** The request as the machine's state, the caller's own signature in it, and whether the machine takes an event. */
function asMachineSees(request: SignatureRequestView, email: string) {
  // A signer group's signature is the caller's when the server answers them a signature status and none is
  // theirs by address: they sign for the group (issue 43).
  const own =
    request.signatures.find((s) => s.accountEmail.toLowerCase() === email.toLowerCase()) ??
    (request.signatureStatus === null ? undefined : request.signatures.find((s) => s.group !== null))
  const state = machineState(request)
  const takes = (event: SignatureRequestEvent) => applyRequestEvent(state, event).ok
  const refusal = (event: SignatureRequestEvent) => {
    const result = applyRequestEvent(state, event)
    return result.ok ? undefined : result.code
  }
  return { own, signerId: own?.id ?? self, takes, refusal }
}

/**
 * Whether signature `signatureId` is open but waits for the earlier signers of the signing order: the machine
 * refuses it `signature_request.not_your_turn`. For a direct-link signer, who knows their signature by its id.
 */
export function awaitsTurn(request: SignatureRequestView, signatureId: string): boolean {
  const result = applyRequestEvent(machineState(request), { type: 'request.sign', actorId: signatureId })
  return !result.ok && result.code === 'signature_request.not_your_turn'
}

/** Whether the caller may sign the request now: {@link requestActions}' `sign` alone, for a list of many. */
export function maySignRequest(request: SignatureRequestView, email: string): boolean {
  const { signerId, takes } = asMachineSees(request, email)
  return takes({ type: 'request.sign', actorId: signerId })
}

/**
 * Which actions the signature-request machine takes from the caller on this request now: every answer
 * here is the machine's (a pure transition of `applyRequestEvent`), so the screen shows exactly what the
 * server accepts. Signers are keyed by signature id, as the server keys them.
 */
export function requestActions(request: SignatureRequestView, email: string): RequestActions {
  const { own, signerId, takes, refusal } = asMachineSees(request, email)
  const maySign = takes({ type: 'request.sign', actorId: signerId })
  const mayWithdraw = takes({ type: 'request.withdraw', actorId: self })
  const lifecycle = requestStateOf(request.statusOverall)
  const draft = lifecycle === 'draft'
  // Attachments are part of the record once the request ended.
  const changeable = draft || lifecycle === 'open'
  return {
    ownSignatureId: own?.id,
    send: takes({ type: 'request.initiate', actorId: self }),
    remind: mayWithdraw && request.signatures.some((s) => s.status === 'OPEN'),
    withdraw: mayWithdraw,
    // An ended request goes off the caller's list, as owner and as signer; before that, the owner deletes
    // what they may not withdraw, and a signer leaves, where the machine lets them.
    delete: changeable
      ? request.isOwner
        ? !mayWithdraw
        : takes({ type: 'signer.leave', actorId: signerId })
      : takes({
          type: 'participant.remove',
          participantIds: [...(request.isOwner ? [self] : []), ...(own ? [own.id] : [])],
        }),
    sign: maySign,
    awaitingTurn: refusal({ type: 'request.sign', actorId: signerId }) === 'signature_request.not_your_turn',
    order: takes({ type: 'signers.order', actorId: self, sequence: {} }),
    decline: takes({ type: 'request.decline', actorId: signerId }),
    delegate: maySign,
    addSigner: takes({ type: 'signer.add', actorId: self, signerId: newSigner }),
    removableSigners: new Set(
      request.signatures
        .filter((s) => takes({ type: 'signer.remove', actorId: self, signerId: s.id }))
        .map((s) => s.id),
    ),
    placeableSigners: new Set(
      request.signatures
        .filter((s) => takes({ type: 'signer.place', actorId: self, signerId: s.id }))
        .map((s) => s.id),
    ),
    deleteDocuments: draft && request.isOwner && request.documents.length > 0,
    editDraft: draft && request.isOwner,
    changeStandard: takes({ type: 'standard.change', actorId: self }),
    downloadSigned: request.signatures.some((s) => s.status === 'SIGNED'),
    report: !draft,
    attach: changeable && (request.isOwner || own !== undefined),
    readOnly: !request.isOwner && own === undefined,
    removeAttachments: changeable && request.isOwner,
    changeExpiry: changeable && request.isOwner,
    saveAsTemplate: request.isOwner && request.signatures.length > 0,
  }
}
