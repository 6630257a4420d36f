import type { SignatureRequestReport, SignatureRequestView } from '../../contract/signature-requests.ts'
import { skribbleStatus } from './skribble-requests.ts'

type Event = SignatureRequestReport['events'][number]
type Signature = SignatureRequestView['signatures'][number]

/** Skribble's time of a report entry: `2025-04-08 09:31:31 GMT`. */
const reportTime = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')} GMT`

const textOf = (value: unknown) => (typeof value === 'string' ? value : '')

/** One participant of Skribble's report (SignatureReport.yaml `userList`), before its actions. */
type Participant = {
  id: string
  firstname: string
  lastname: string
  /** The signer group the participant signs for (Signet's signer group), else empty. */
  groupName: string
  email: string | null
  actions: Event[]
}

/**
 * Skribble's JSON signature report (sign v2's SignatureReport.yaml, which v3 shares) of Signet's report of a
 * request and its view: the sender and each signature as `userList`, each with the audit trail entries it made
 * as `userActions`. A signer group's signature names its group as `groupName` (whether a member signed it yet or
 * not), and the member's `SIGNED` action names the group it signed for as `signerGroupName`; a signer group
 * invited (with the request, `CREATED`, or later, `SIGNER_ADDED`) is in `signerGroupsAdded`, a person in
 * `signersAdded`. What the server does on its own clock (a turn
 * starting, expiry) is nobody's action and is left out.
 */
export function skribbleReport(report: SignatureRequestReport, view: SignatureRequestView, owner: string) {
  const participants = new Map<string, Participant>()
  const byEmail = (email: string) => participants.get(`email:${email.toLowerCase()}`)
  participants.set(`email:${report.ownerEmail.toLowerCase()}`, {
    id: owner,
    firstname: '',
    lastname: '',
    groupName: '',
    email: report.ownerEmail,
    actions: [],
  })
  const signer = (signature: Signature): Participant => {
    const identity = signature.signerIdentityData
    const named = report.signers.find((s) => s.accountEmail === signature.accountEmail)?.name ?? ''
    return {
      id: signature.accountEmail === '' ? (signature.group?.id ?? signature.id) : signature.accountEmail,
      firstname: identity?.firstName ?? named,
      lastname: identity?.lastName ?? '',
      groupName: signature.group?.name ?? '',
      email: signature.accountEmail === '' ? null : signature.accountEmail,
      actions: [],
    }
  }
  for (const signature of view.signatures) {
    const known = signature.accountEmail === '' ? undefined : byEmail(signature.accountEmail)
    if (known === undefined) {
      const key =
        signature.accountEmail === ''
          ? `signature:${signature.id}`
          : `email:${signature.accountEmail.toLowerCase()}`
      participants.set(key, signer(signature))
    } else if (signature.group !== null) known.groupName = signature.group.name
  }
  const groupNames = new Map(
    [...view.signatures.flatMap((s) => (s.group === null ? [] : [s.group])), ...view.observerGroups].map(
      (g) => [g.id, g.name],
    ),
  )
  const groupOfSignature = new Map(view.signatures.map((s) => [s.id, s.group?.name ?? null]))
  for (const event of report.events) {
    if (event.actorEmail === null) continue
    let actor = byEmail(event.actorEmail)
    if (actor === undefined) {
      actor = {
        id: event.actorEmail,
        firstname: '',
        lastname: '',
        groupName: '',
        email: event.actorEmail,
        actions: [],
      }
      participants.set(`email:${event.actorEmail.toLowerCase()}`, actor)
    }
    actor.actions.push(event)
  }
  const sha256Of = new Map(report.documents.map((d) => [d.id, d.signedSha256 ?? d.sha256]))
  // The signatures invited with the request (the others have a `signer_added` entry of their own).
  const addedLater = new Set(
    report.events.filter((e) => e.type === 'signer_added').map((e) => textOf(e.detail.signatureId)),
  )
  const atCreation = view.signatures.filter((s) => !addedLater.has(s.id))

  const action = (event: Event) => {
    const detail = event.detail
    const signatureId = textOf(detail.signatureId)
    const groupId = textOf(detail.groupId)
    const added = event.type === 'signer_added'
    const removed = event.type === 'signer_removed'
    const created = event.type === 'created'
    const documents = Array.isArray(detail.documents) ? detail.documents.map(String) : []
    return {
      name: event.type.toUpperCase(),
      ip: event.ip,
      time: reportTime(event.createdAt),
      quality: textOf(detail.quality).toUpperCase(),
      legislation: '',
      documentId: '',
      documentSha256: '',
      documentPageCount: 0,
      documentSize: 0,
      documents: documents.map((id) => ({ documentId: id, documentSha256: sha256Of.get(id) ?? '' })),
      message: textOf(detail.message),
      signatureId,
      signersAdded: created
        ? atCreation.flatMap((s) => (s.group === null ? [s.accountEmail] : []))
        : added && groupId === ''
          ? [textOf(detail.email)]
          : [],
      signersRemoved: removed && groupId === '' && textOf(detail.email) !== '' ? [textOf(detail.email)] : [],
      observersAdded: [],
      observersRemoved: [],
      delegatees: [],
      delegatedSignatureId: null,
      newSignatureIds: created
        ? atCreation.map((s) => s.id)
        : added && signatureId !== ''
          ? [signatureId]
          : [],
      certificateSubject: null,
      certificateSerial: null,
      certificateIssuer: null,
      signatureImage: null,
      signerGroupsAdded: created
        ? atCreation.flatMap((s) => (s.group === null ? [] : [s.group.name]))
        : added && groupId !== ''
          ? [groupNames.get(groupId) ?? groupId]
          : [],
      signerGroupsRemoved: removed && groupId !== '' ? [groupNames.get(groupId) ?? groupId] : [],
      signerGroupName: event.type === 'signed' ? (groupOfSignature.get(signatureId) ?? null) : null,
      mabEvidenceId: null,
    }
  }

  return {
    header: {
      signatureRequestID: view.id,
      skribbleLogo: null,
      title: view.title,
      status: skribbleStatus(view.statusOverall),
      signatureCount: view.signatures.length,
      signatureCountSigned: view.signatures.filter((s) => s.status === 'SIGNED').length,
      attachmentNames: view.attachments.map((a) => a.title).join(', '),
    },
    userList: [...participants.values()].map(({ actions, ...participant }) => ({
      ...participant,
      mobile: '',
      // The business the request is sent for is its sender's.
      businessName: participant.id === owner ? (view.business?.name ?? '') : '',
      userActions: actions.map(action),
    })),
    error: null,
  }
}
