import { getTableColumns, sql } from 'drizzle-orm'
import type { SignatureRequestView } from '../../contract/signature-requests.ts'
import type { SignatureRequestState } from '../../machines/signature-request/signature-request.types.ts'
import type { Database } from '../db/open-database.ts'
import { preparedPerDatabase } from '../db/prepared-per-database.ts'
import { users } from '../db/schema/accounts.ts'
import { apiUsers, businesses, businessMembers, signerGroups } from '../db/schema/businesses.ts'
import { documents } from '../db/schema/documents.ts'
import {
  signatureRequestAttachments,
  signatureRequestDocuments,
  signatureRequestObserverGroups,
  signatureRequestObservers,
  signatureRequests,
  signatures,
} from '../db/schema/signature-requests.ts'
import { toDocumentInfo } from '../documents/to-document-info.ts'
import type { Caller } from './request-services.ts'
import { signerFields } from './signer-fields.ts'
import { toAttachmentInfo } from './to-attachment-info.ts'

/** A stored request row. */
export type RequestRow = typeof signatureRequests.$inferSelect

/** A stored signature row. */
export type SignatureRow = typeof signatures.$inferSelect

/** Queries that work on the database and inside a transaction alike. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>

/**
 * Whether this signature is the caller's: a signature of a signer group they belong to (whoever of the group signed
 * it), else by its account when it has one, else by the address it was sent to (whoever has that address now). A
 * signature of an account stays that account's when the account changes its address, and does not pass to
 * whoever takes the old address.
 */
export function isSignatureOf(
  signature: Pick<SignatureRow, 'signerId' | 'accountEmail' | 'groupId'>,
  caller: Caller,
): boolean {
  if (signature.groupId !== null && caller.groupIds.includes(signature.groupId)) return true
  return signature.signerId === null
    ? signature.accountEmail === caller.email
    : signature.signerId === caller.userId
}

/**
 * A stored request as the lifecycle machine sees it: signers keyed by signature id, and the participants
 * (the owner's id, signature ids) who took it off their list.
 */
export function storedRequestState(
  request: RequestRow,
  rows: readonly SignatureRow[],
): Required<SignatureRequestState> {
  return {
    ownerId: request.ownerId,
    status: request.statusOverall,
    signers: Object.fromEntries(rows.map((s) => [s.id, s.status])),
    sequence: Object.fromEntries(rows.map((s) => [s.id, s.sequence])),
    removed: [
      ...(request.ownerRemovedAt === null ? [] : [request.ownerId]),
      ...rows.flatMap((s) => (s.removedAt === null ? [] : [s.id])),
    ],
  }
}

type SignaturePart = Pick<
  SignatureRow,
  | 'id'
  | 'signerId'
  | 'accountEmail'
  | 'signerIdentityData'
  | 'status'
  | 'signedAt'
  | 'documentSignatures'
  | 'formFields'
  | 'removedAt'
  | 'sequence'
  | 'authentication'
  | 'groupId'
> & { groupName: string | null }
type DocumentPart = Parameters<typeof toDocumentInfo>[0] &
  Pick<typeof documents.$inferSelect, 'freeAreas'> & { signedSha256: string | null }
type AttachmentPart = Parameters<typeof toAttachmentInfo>[0]

/** A stored row as JSON gathers it: its instants are strings. */
type Gathered<Row> = {
  [K in keyof Row]: Row[K] extends Date ? string : Row[K] extends Date | null ? string | null : Row[K]
}

/**
 * What the answer of a request is built from, selected from `signature_requests`: the request with its owner's
 * address, and the rows of its signatures, documents and attachments, which the database gathers into JSON.
 * The subqueries name `signature_requests` outright: Drizzle leaves the columns of a query on one table
 * unqualified, and a bare `id` inside them would be the subquery's own.
 */
export const requestViewColumns = {
  request: getTableColumns(signatureRequests),
  ownerEmail: sql<string>`(select u.email from ${users} u where u.id = signature_requests.owner_id)`,
  signatures: sql<Gathered<SignaturePart>[]>`(
    select coalesce(json_agg(json_build_object(
      'id', s.id, 'signerId', s.signer_id, 'accountEmail', s.account_email,
      'signerIdentityData', s.signer_identity_data, 'status', s.status, 'signedAt', s.signed_at,
      'documentSignatures', s.document_signatures, 'formFields', s.form_fields,
      'removedAt', s.removed_at, 'sequence', s.sequence, 'authentication', s.authentication,
      'groupId', s.group_id, 'groupName', (select g.name from ${signerGroups} g where g.id = s.group_id)
    ) order by s.sequence, s.account_email), '[]')
    from ${signatures} s where s.request_id = signature_requests.id)`,
  documents: sql<Gathered<DocumentPart>[]>`(
    select coalesce(json_agg(json_build_object(
      'id', d.id, 'title', d.title, 'sha256', d.sha256, 'size', d.size, 'contentType', d.content_type,
      'pageCount', d.page_count, 'pageSizes', d.page_sizes, 'createdAt', d.created_at,
      'freeAreas', d.free_areas, 'signedSha256', rd.signed_sha256
    ) order by rd.position), '[]')
    from ${signatureRequestDocuments} rd join ${documents} d on d.id = rd.document_id
    where rd.request_id = signature_requests.id)`,
  attachments: sql<Gathered<AttachmentPart>[]>`(
    select coalesce(json_agg(json_build_object(
      'id', a.id, 'title', a.title, 'size', a.size, 'contentType', a.content_type, 'createdAt', a.created_at
    ) order by a.created_at, a.id), '[]')
    from ${signatureRequestAttachments} a where a.request_id = signature_requests.id)`,
  observers: sql<string[]>`(
    select coalesce(json_agg(o.email order by o.email), '[]')
    from ${signatureRequestObservers} o where o.request_id = signature_requests.id)`,
  observerGroups: sql<{ id: string; name: string; addedAt: string }[]>`(
    select coalesce(json_agg(json_build_object('id', g.id, 'name', g.name, 'addedAt', og.created_at)
      order by g.name), '[]')
    from ${signatureRequestObserverGroups} og join ${signerGroups} g on g.id = og.group_id
    where og.request_id = signature_requests.id)`,
  business: sql<{ name: string; logoUrl: string | null } | null>`(
    select json_build_object('name', b.name, 'logoUrl', b.settings -> 'companyBranding' -> 'logo' ->> 'url')
    from ${businesses} b where b.id in (
      select m.business_id from ${businessMembers} m where m.user_id = signature_requests.owner_id
      union all select a.business_id from ${apiUsers} a where a.user_id = signature_requests.owner_id)
    limit 1)`,
}

/**
 * The rows the answers of the requests `ids` are built from, in one query. Prepared: the request view and
 * every change of a request run it.
 */
const requestViewsQuery = preparedPerDatabase((db: Queryable) =>
  db
    .select(requestViewColumns)
    .from(signatureRequests)
    .where(sql`${signatureRequests.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('request_views'),
)

/** What {@link loadRequestViews} builds a request's answer from, as {@link requestViewRows} reads it. */
export type RequestViewRow = Awaited<ReturnType<ReturnType<typeof requestViewsQuery>['execute']>>[number]

/** The rows of the requests `ids` (any order; an id of no request has none), for {@link toRequestView}. */
export function requestViewRows(db: Queryable, ids: readonly string[]): Promise<RequestViewRow[]> {
  return requestViewsQuery(db).execute({ ids })
}

/** Builds the answers of the requests `ids` (in their order; an id of no request has none) as `caller` sees them. */
export async function loadRequestViews(
  db: Queryable,
  caller: Caller,
  ids: readonly string[],
): Promise<SignatureRequestView[]> {
  if (ids.length === 0) return []
  const byId = new Map((await requestViewRows(db, ids)).map((view) => [view.request.id, view]))
  return ids.flatMap((id) => {
    const view = byId.get(id)
    return view === undefined ? [] : toRequestView(view, caller)
  })
}

/** The answer of one request as `caller` sees it. */
export function toRequestView(view: RequestViewRow, caller: Caller): SignatureRequestView {
  const { request: row, signatures: own } = view
  const fields = signerFields(view.documents, own)
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    ownerEmail: view.ownerEmail,
    isOwner: row.ownerId === caller.userId,
    statusOverall: row.statusOverall,
    signatureStatus: own.find((s) => isSignatureOf(s, caller))?.status ?? null,
    signaturesCount: own.length,
    documents: view.documents.map((d) =>
      toDocumentInfo({ ...d, createdAt: new Date(d.createdAt) }, d.signedSha256),
    ),
    signatures: own.map((s) => ({
      id: s.id,
      accountEmail: s.accountEmail,
      signerIdentityData: s.signerIdentityData,
      status: s.status,
      signedAt: s.signedAt === null ? null : new Date(s.signedAt).toISOString(),
      ...(fields.get(s.id) ?? { documentSignatures: [], fieldsPlaced: false }),
      formFields: s.formFields,
      sequence: s.sequence,
      authentication: s.authentication,
      group: s.groupId === null ? null : { id: s.groupId, name: s.groupName ?? '' },
    })),
    ccEmailAddresses: row.ownerId === caller.userId ? view.observers : [],
    observerGroups:
      row.ownerId === caller.userId
        ? view.observerGroups.map((g) => ({ ...g, addedAt: new Date(g.addedAt).toISOString() }))
        : [],
    attachments: view.attachments.map((a) => toAttachmentInfo({ ...a, createdAt: new Date(a.createdAt) })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastRemindedAt: row.lastRemindedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    reminders:
      row.remindEveryDays === null || row.remindAtMost === null
        ? null
        : { everyDays: row.remindEveryDays, atMost: row.remindAtMost },
    remindersSent: row.remindersSent,
    quality: row.quality,
    legislation: row.legislation,
    business: view.business,
  }
}
