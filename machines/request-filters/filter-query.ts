import type { SignatureRequestStatus, SignerStatus } from '../../contract/signature-request-status.ts'
import type { User } from '../../contract/user.ts'
import {
  defaultRequestFilter,
  pendingSignaturesCount,
  type RequestFilter,
  requestFilters,
} from './request-filters.constants.ts'

/** Query of `GET /v3/signature-requests`, keys as on the wire; several statuses are comma-separated. */
export interface SignatureRequestListQuery {
  status_overall?: SignatureRequestStatus | `${SignatureRequestStatus},${SignatureRequestStatus}`
  signature_status?: SignerStatus
  account_email?: string
  in_turn?: 'true'
  signatures_count?: number
  api_users_of?: string
}

/** Whose list it is: the signed-in account's e-mail, and the business it is an admin of (null: none). */
export interface ListAccount {
  email: string
  adminOf: string | null
}

/** The list account of a signed-in user: a business counts once its invitation is accepted. */
export function listAccountOf(user: Pick<User, 'email' | 'business'>): ListAccount {
  const business = user.business
  return {
    email: user.email,
    adminOf:
      business !== null && business.invitationId === null && business.role === 'admin' ? business.id : null,
  }
}

/** The filters the list offers `account`: the business's API requests to its admins alone. */
export function offeredRequestFilters(account: ListAccount): readonly RequestFilter[] {
  return account.adminOf === null ? requestFilters.filter((f) => f !== 'api') : requestFilters
}

/** The filter the list applies when `account` asks for `filter`: one it is not offered is the default. */
export function appliedRequestFilter(filter: RequestFilter, account: ListAccount): RequestFilter {
  return offeredRequestFilters(account).includes(filter) ? filter : defaultRequestFilter
}

/** The list query of a filter (SPEC §4) as `account` asks it (see {@link appliedRequestFilter}). */
export function filterQuery(asked: RequestFilter, account: ListAccount): SignatureRequestListQuery {
  const filter = appliedRequestFilter(asked, account)
  switch (filter) {
    case 'all':
      return {}
    case 'toSign':
      return {
        status_overall: 'OPEN',
        signature_status: 'OPEN',
        account_email: account.email,
        in_turn: 'true',
      }
    case 'pending':
      return { status_overall: 'OPEN', signatures_count: pendingSignaturesCount }
    case 'declined':
      return { status_overall: 'DECLINED,WITHDRAWN' }
    case 'completed':
      return { status_overall: 'SIGNED' }
    case 'expired':
      return { status_overall: 'EXPIRED' }
    case 'api':
      return account.adminOf === null ? {} : { api_users_of: account.adminOf }
  }
}

/** Reads a filter from a search param; anything unknown is the default 'all'. */
export function parseRequestFilter(value: unknown): RequestFilter {
  return requestFilters.find((f) => f === value) ?? 'all'
}
