import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  lt,
  ne,
  not,
  notExists,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { SignatureRequestListParams, SignatureRequestPage } from '../../contract/signature-requests.ts'
import { pendingSignaturesCount } from '../../machines/request-filters/request-filters.constants.ts'
import { requireBusinessRole } from '../businesses/require-business-role.ts'
import type { Database } from '../db/open-database.ts'
import { apiUsers } from '../db/schema/businesses.ts'
import {
  signatureRequestDocuments,
  signatureRequestListings,
  signatureRequests,
  signatures,
} from '../db/schema/signature-requests.ts'
import { signedByCaller } from './caller-takes-part.ts'
import { loadRequestViews } from './load-requests.ts'
import type { Caller, RequestServices } from './request-services.ts'

const sortColumns = {
  created_at: signatureRequestListings.createdAt,
  updated_at: signatureRequestListings.updatedAt,
  title: signatureRequestListings.title,
} as const

/**
 * The queries of a list call, not yet run: one page of request ids from the caller's listings in the order
 * of one of its indexes, each with the total of listings matching, and the total alone for a page past the
 * end, which has no row to carry it. Apart so that the bench can EXPLAIN exactly what the list runs.
 */
export function signatureRequestListQueries(
  db: Database,
  caller: Caller,
  params: SignatureRequestListParams,
) {
  const listed = signatureRequestListings
  const signatureOf = (...conditions: (SQL | undefined)[]) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(signatures)
        .where(and(eq(signatures.requestId, listed.requestId), ...conditions)),
    )
  const filters: (SQL | undefined)[] = [
    params.api_users_of === undefined
      ? eq(listed.userId, caller.userId)
      : sentByApiUsers(db, params.api_users_of),
    // A draft without a document is an upload under way or left: nothing to list. Asked of drafts only, one
    // listing at a time through the documents' key: as an EXISTS, the planner of the embedded database read and
    // hashed every request's documents first (115 ms with 100,000 requests).
    or(
      ne(listed.statusOverall, 'DRAFT'),
      sql`${db
        .select({ one: sql`1` })
        .from(signatureRequestDocuments)
        .where(eq(signatureRequestDocuments.requestId, listed.requestId))
        .limit(1)} is not null`,
    ),
  ]
  if (params.status_overall !== undefined) filters.push(inArray(listed.statusOverall, params.status_overall))
  if (params.title !== undefined && params.title !== '') {
    // What the user typed, matched literally anywhere in the title, whatever the case.
    const literal = params.title.replace(/[\\%_]/g, (c) => `\\${c}`)
    filters.push(ilike(listed.title, `%${literal}%`))
  }
  if (params.account_email !== undefined || params.signature_status !== undefined || params.in_turn) {
    filters.push(
      signatureOf(
        params.account_email === undefined
          ? signedByCaller(caller)
          : eq(signatures.accountEmail, params.account_email),
        params.signature_status === undefined ? undefined : eq(signatures.status, params.signature_status),
        params.in_turn ? inTurn(db) : undefined,
      ),
    )
  }
  if (params.signatures_count === pendingSignaturesCount) {
    filters.push(
      eq(listed.statusOverall, 'OPEN'),
      exists(
        db
          .select({ one: sql`1` })
          .from(signatureRequests)
          .where(
            and(eq(signatureRequests.id, listed.requestId), eq(signatureRequests.ownerId, caller.userId)),
          ),
      ),
      signatureOf(eq(signatures.status, 'OPEN'), not(signedByCaller(caller))),
    )
  } else if (params.signatures_count !== undefined) {
    filters.push(
      sql`(select count(*) from ${signatures} where ${signatures.requestId} = ${listed.requestId}) = ${params.signatures_count}`,
    )
  }
  const where = and(...filters)
  const total = db.select({ total: count() }).from(listed).where(where)
  const [field = 'created_at', direction] = params.sort.split(',') as [keyof typeof sortColumns, string]
  const order = direction === 'asc' ? asc : desc
  return {
    page: db
      .select({ id: listed.requestId, total: sql<number>`(${total})`.mapWith(Number) })
      .from(listed)
      .where(where)
      .orderBy(order(sortColumns[field]), order(listed.requestId))
      .limit(params.size)
      .offset(params.page * params.size),
    total,
  }
}

/**
 * The SQL condition that the listing at hand is its owner's and the owner an API user of business `businessId`:
 * one listing per request the business's API users sent (another of its API users signing it has one too).
 */
function sentByApiUsers(db: Database, businessId: string): SQL {
  const listed = signatureRequestListings
  return and(
    inArray(
      listed.userId,
      db.select({ id: apiUsers.userId }).from(apiUsers).where(eq(apiUsers.businessId, businessId)),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(signatureRequests)
        .where(and(eq(signatureRequests.id, listed.requestId), eq(signatureRequests.ownerId, listed.userId))),
    ),
  ) as SQL
}

/**
 * The SQL condition that the signature at hand (`signatures`) is in turn: no open signature of its request
 * comes before it in the signing order (see `signersInTurn`, the rule the lifecycle machine applies).
 */
function inTurn(db: Database): SQL {
  const earlier = alias(signatures, 'earlier')
  return notExists(
    db
      .select({ one: sql`1` })
      .from(earlier)
      .where(
        and(
          eq(earlier.requestId, signatures.requestId),
          eq(earlier.status, 'OPEN'),
          lt(earlier.sequence, signatures.sequence),
        ),
      ),
  )
}

/**
 * GET /v3/signature-requests: one page of the requests the caller owns or signs, nobody else's, and no draft
 * without a document (an upload under way or left, see `deleteEmptyDrafts`), filtered as
 * the list's query says (see `signatureRequestListQuerySchema`). `signatures_count=672` is the pending
 * filter: OPEN requests the caller owns in which a signature of someone other than the caller is open.
 * `api_users_of` lists instead the requests a business's API users sent, for the business's admins alone.
 */
export async function listSignatureRequests(
  services: RequestServices,
  caller: Caller,
  params: SignatureRequestListParams,
): Promise<SignatureRequestPage> {
  const { db } = services
  if (params.api_users_of !== undefined)
    await requireBusinessRole(db, caller.userId, params.api_users_of, 'admin')
  const queries = signatureRequestListQueries(db, caller, params)
  const page = await queries.page
  const total = page[0]?.total ?? (params.page > 0 ? ((await queries.total)[0]?.total ?? 0) : 0)
  return {
    items: await loadRequestViews(
      db,
      caller,
      page.map((row) => row.id),
    ),
    page: params.page,
    size: params.size,
    total,
  }
}
