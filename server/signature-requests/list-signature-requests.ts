import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  getTableColumns,
  ilike,
  inArray,
  isNull,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import type { SignatureRequestListParams, SignatureRequestPage } from '../../contract/signature-requests.ts'
import { pendingSignaturesCount } from '../../machines/request-filters/request-filters.constants.ts'
import type { Database } from '../db/open-database.ts'
import { signatureRequests, signatures } from '../db/schema.ts'
import { loadRequestViews } from './load-requests.ts'
import type { Caller, RequestServices } from './request-services.ts'

const sortColumns = {
  created_at: signatureRequests.createdAt,
  updated_at: signatureRequests.updatedAt,
  title: signatureRequests.title,
} as const

/**
 * The queries of a list call, not yet run: one page of rows, each with the total of rows matching (counted
 * in the same pass), and the total alone for a page past the end, which has no row to carry it. Apart so that
 * the bench can EXPLAIN exactly what the list runs.
 */
export function signatureRequestListQueries(
  db: Database,
  caller: Caller,
  params: SignatureRequestListParams,
) {
  const signatureOf = (...conditions: (SQL | undefined)[]) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(signatures)
        .where(and(eq(signatures.requestId, signatureRequests.id), ...conditions)),
    )
  const callersSignature = or(
    eq(signatures.signerId, caller.userId),
    eq(signatures.accountEmail, caller.email),
  )
  // The requests the caller owns or signs and has not taken off their list, as a union of three index lookups (written as one OR, the
  // planner could only test every request). Handed over as an array, they are fetched by primary key; as
  // an IN list the planner prefers to hash-join them against a scan of every request.
  const visible = db
    .select({ id: signatureRequests.id })
    .from(signatureRequests)
    .where(and(eq(signatureRequests.ownerId, caller.userId), isNull(signatureRequests.ownerRemovedAt)))
    .union(
      db
        .select({ id: signatures.requestId })
        .from(signatures)
        .where(and(eq(signatures.signerId, caller.userId), isNull(signatures.removedAt))),
    )
    .union(
      db
        .select({ id: signatures.requestId })
        .from(signatures)
        .where(and(eq(signatures.accountEmail, caller.email), isNull(signatures.removedAt))),
    )
  const filters: (SQL | undefined)[] = [sql`${signatureRequests.id} = any(array(${visible}))`]
  if (params.status_overall !== undefined)
    filters.push(inArray(signatureRequests.statusOverall, params.status_overall))
  if (params.title !== undefined && params.title !== '') {
    // What the user typed, matched literally anywhere in the title, whatever the case.
    const literal = params.title.replace(/[\\%_]/g, (c) => `\\${c}`)
    filters.push(ilike(signatureRequests.title, `%${literal}%`))
  }
  if (params.account_email !== undefined || params.signature_status !== undefined) {
    filters.push(
      signatureOf(
        params.account_email === undefined
          ? callersSignature
          : eq(signatures.accountEmail, params.account_email),
        params.signature_status === undefined ? undefined : eq(signatures.status, params.signature_status),
      ),
    )
  }
  if (params.signatures_count === pendingSignaturesCount) {
    filters.push(
      eq(signatureRequests.ownerId, caller.userId),
      eq(signatureRequests.statusOverall, 'OPEN'),
      signatureOf(
        eq(signatures.status, 'OPEN'),
        ne(signatures.accountEmail, caller.email),
        or(sql`${signatures.signerId} is null`, ne(signatures.signerId, caller.userId)),
      ),
    )
  } else if (params.signatures_count !== undefined) {
    filters.push(
      sql`(select count(*) from ${signatures} where ${signatures.requestId} = ${signatureRequests.id}) = ${params.signatures_count}`,
    )
  }
  const where = and(...filters)
  const [field = 'created_at', direction] = params.sort.split(',') as [keyof typeof sortColumns, string]
  const order = direction === 'asc' ? asc : desc
  return {
    page: db
      .select({ ...getTableColumns(signatureRequests), total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(signatureRequests)
      .where(where)
      .orderBy(order(sortColumns[field]), order(signatureRequests.id))
      .limit(params.size)
      .offset(params.page * params.size),
    total: db.select({ total: count() }).from(signatureRequests).where(where),
  }
}

/**
 * GET /v3/signature-requests: one page of the requests the caller owns or signs, nobody else's, filtered as
 * the list's query says (see `signatureRequestListQuerySchema`). `signatures_count=672` is the pending
 * filter: OPEN requests the caller owns in which a signature of someone other than the caller is open.
 */
export async function listSignatureRequests(
  services: RequestServices,
  caller: Caller,
  params: SignatureRequestListParams,
): Promise<SignatureRequestPage> {
  const { db } = services
  const queries = signatureRequestListQueries(db, caller, params)
  const page = await queries.page
  const total = page[0]?.total ?? (params.page > 0 ? ((await queries.total)[0]?.total ?? 0) : 0)
  return {
    items: await loadRequestViews(
      db,
      caller,
      page.map(({ total: _, ...row }) => row),
    ),
    page: params.page,
    size: params.size,
    total,
  }
}
