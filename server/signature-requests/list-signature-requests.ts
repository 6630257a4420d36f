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
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { SignerStatus } from '../../contract/signature-request-status.ts'
import type { SignatureRequestListParams, SignatureRequestPage } from '../../contract/signature-requests.ts'
import { pendingSignaturesCount } from '../../machines/request-filters/request-filters.constants.ts'
import { requireBusinessRole } from '../businesses/require-business-role.ts'
import type { Database } from '../db/open-database.ts'
import { preparedPerDatabase } from '../db/prepared-per-database.ts'
import { apiUsers } from '../db/schema/businesses.ts'
import {
  signatureRequestDocuments,
  signatureRequestListings,
  signatureRequests,
  signatures,
} from '../db/schema/signature-requests.ts'
import { signedByCaller } from './caller-takes-part.ts'
import { requestViewColumns, toRequestView } from './load-requests.ts'
import type { Caller, RequestServices } from './request-services.ts'

const sortColumns = {
  created_at: signatureRequestListings.createdAt,
  updated_at: signatureRequestListings.updatedAt,
  title: signatureRequestListings.title,
} as const

/**
 * What a list's conditions compare with: values, or the placeholders of a prepared query, which
 * {@link listTerms} fills. Statuses are one array parameter (`= any(...)`), never a list of parameters.
 */
type ListTerms = {
  userId: string | SQLWrapper
  email: string | SQLWrapper
  /** The caller's signer groups, one array parameter. */
  groupIds: SQLWrapper
  apiUsersOf: string | SQLWrapper
  statuses: SQLWrapper
  title: string | SQLWrapper
  accountEmail: string | SQLWrapper
  signatureStatus: SignerStatus | SQLWrapper
  signaturesCount: number | SQLWrapper
  limit: number | Placeholder
  offset: number | Placeholder
}

const termNames = [
  'userId',
  'email',
  'groupIds',
  'apiUsersOf',
  'statuses',
  'title',
  'accountEmail',
  'signatureStatus',
  'signaturesCount',
  'limit',
  'offset',
] as const satisfies readonly (keyof ListTerms)[]

/** The values of a list call's terms, by name: what a prepared list query runs with. */
function listTerms(caller: Caller, params: SignatureRequestListParams) {
  return {
    userId: caller.userId,
    email: caller.email,
    groupIds: [...caller.groupIds],
    apiUsersOf: params.api_users_of ?? '',
    statuses: params.status_overall ?? [],
    // What the user typed, matched literally anywhere in the title, whatever the case.
    title: `%${(params.title ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    accountEmail: params.account_email ?? '',
    signatureStatus: params.signature_status ?? 'OPEN',
    signaturesCount: params.signatures_count ?? 0,
    limit: params.size,
    offset: params.page * params.size,
  } satisfies Record<keyof ListTerms, unknown>
}

/** The terms as values, for a query built for one call (the bench's EXPLAIN, the rare count past the end). */
function termValues(caller: Caller, params: SignatureRequestListParams): ListTerms {
  const values = listTerms(caller, params)
  return { ...values, statuses: sql.param(values.statuses), groupIds: sql.param(values.groupIds) }
}

/**
 * The queries of a list call, not yet run: one page of request ids from the caller's listings in the order
 * of one of its indexes (with the key it is sorted by), each with the total of listings matching, and the
 * total alone for a page past the end, which has no row to carry it; `order` sorts by the key. Which
 * conditions there are follows from `params`; what they compare with is `terms`. Apart so that the bench can
 * EXPLAIN exactly what the list runs.
 */
function signatureRequestListQueries(db: Database, params: SignatureRequestListParams, terms: ListTerms) {
  const listed = signatureRequestListings
  const caller = { userId: terms.userId, email: terms.email, groupIds: terms.groupIds }
  const signatureOf = (...conditions: (SQL | undefined)[]) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(signatures)
        .where(and(eq(signatures.requestId, listed.requestId), ...conditions)),
    )
  const filters: (SQL | undefined)[] = [
    params.api_users_of === undefined
      ? eq(listed.userId, terms.userId)
      : sentByApiUsers(db, terms.apiUsersOf),
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
  if (params.status_overall !== undefined) filters.push(sql`${listed.statusOverall} = any(${terms.statuses})`)
  if (params.title !== undefined && params.title !== '') filters.push(ilike(listed.title, terms.title))
  if (params.account_email !== undefined || params.signature_status !== undefined || params.in_turn) {
    filters.push(
      signatureOf(
        params.account_email === undefined
          ? signedByCaller(caller)
          : eq(signatures.accountEmail, terms.accountEmail),
        params.signature_status === undefined ? undefined : eq(signatures.status, terms.signatureStatus),
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
            and(eq(signatureRequests.id, listed.requestId), eq(signatureRequests.ownerId, terms.userId)),
          ),
      ),
      signatureOf(eq(signatures.status, 'OPEN'), not(signedByCaller(caller))),
    )
  } else if (params.signatures_count !== undefined) {
    filters.push(
      sql`(select count(*) from ${signatures} where ${signatures.requestId} = ${listed.requestId}) = ${terms.signaturesCount}`,
    )
  }
  const where = and(...filters)
  const total = db.select({ total: count() }).from(listed).where(where)
  const [field = 'created_at', direction] = params.sort.split(',') as [keyof typeof sortColumns, string]
  const order = direction === 'asc' ? asc : desc
  return {
    page: db
      .select({
        id: listed.requestId,
        sortKey: sortColumns[field],
        total: sql<number>`(${total})`.mapWith(Number).as('total'),
      })
      .from(listed)
      .where(where)
      .orderBy(order(sortColumns[field]), order(listed.requestId))
      .limit(terms.limit)
      .offset(terms.offset),
    total,
    order,
  }
}

/** The queries {@link signatureRequestListQueries} answers for one call, with its values: for the bench. */
export function signatureRequestListQueriesFor(
  db: Database,
  caller: Caller,
  params: SignatureRequestListParams,
) {
  return signatureRequestListQueries(db, params, termValues(caller, params))
}

/**
 * Which conditions a list call has and how it sorts: calls of one shape run one prepared query. Bounded: a
 * few dozen shapes at most, each a statement per database connection.
 */
function listShape(params: SignatureRequestListParams): string {
  const count =
    params.signatures_count === undefined
      ? 'any'
      : params.signatures_count === pendingSignaturesCount
        ? 'pending'
        : 'count'
  return [
    params.api_users_of === undefined ? 'own' : 'api',
    params.status_overall === undefined ? '' : 'status',
    params.title === undefined || params.title === '' ? '' : 'title',
    params.account_email === undefined ? '' : 'email',
    params.signature_status === undefined ? '' : 'signature',
    params.in_turn ? 'turn' : '',
    count,
    params.sort,
  ].join(' ')
}

const placeholders = Object.fromEntries(termNames.map((name) => [name, sql.placeholder(name)])) as {
  [K in (typeof termNames)[number]]: Placeholder<K>
}

/**
 * The list query of one shape, prepared once per database: the page's ids and the rows their answers are
 * built from in one round trip. Drizzle took longer to build the list's SQL on each call than the database
 * took to run it (issue 34: 0.7 ms for the page query alone, 1.6 ms with the answers' columns).
 */
function buildListQuery(db: Database, params: SignatureRequestListParams, name: string) {
  const queries = signatureRequestListQueries(db, params, placeholders)
  const page = queries.page.as('page')
  return db
    .select({ ...requestViewColumns, total: page.total })
    .from(signatureRequests)
    .innerJoin(page, eq(signatureRequests.id, page.id))
    .orderBy(queries.order(page.sortKey), queries.order(page.id))
    .prepare(name)
}

const shapeNames = new Map<string, string>()
const listQueries = preparedPerDatabase(
  (_db: Database) => new Map<string, ReturnType<typeof buildListQuery>>(),
)

function listQuery(db: Database, params: SignatureRequestListParams) {
  const shape = listShape(params)
  const queries = listQueries(db)
  let query = queries.get(shape)
  if (query === undefined) {
    let name = shapeNames.get(shape)
    if (name === undefined) {
      name = `signature_request_list_${shapeNames.size}`
      shapeNames.set(shape, name)
    }
    query = buildListQuery(db, params, name)
    queries.set(shape, query)
  }
  return query
}

/**
 * The SQL condition that the listing at hand is its owner's and the owner an API user of business `businessId`:
 * one listing per request the business's API users sent (another of its API users signing it has one too).
 */
function sentByApiUsers(db: Database, businessId: string | SQLWrapper): SQL {
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
  const rows = await listQuery(db, params).execute(listTerms(caller, params))
  const total =
    rows[0]?.total ??
    (params.page > 0 ? ((await signatureRequestListQueriesFor(db, caller, params).total)[0]?.total ?? 0) : 0)
  return {
    items: rows.map((row) => toRequestView(row, caller)),
    page: params.page,
    size: params.size,
    total,
  }
}
