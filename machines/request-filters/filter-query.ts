import type { SignatureRequestStatus, SignerStatus } from '../../contract/signature-request-status.ts'
import { pendingSignaturesCount, type RequestFilter, requestFilters } from './request-filters.constants.ts'

/** Query of `GET /v3/signature-requests`, keys as on the wire; several statuses are comma-separated. */
export interface SignatureRequestListQuery {
  status_overall?: SignatureRequestStatus | `${SignatureRequestStatus},${SignatureRequestStatus}`
  signature_status?: SignerStatus
  account_email?: string
  in_turn?: 'true'
  signatures_count?: number
}

/** The list query of a filter (SPEC §4); `ownEmail` is the signed-in account's e-mail. */
export function filterQuery(filter: RequestFilter, ownEmail: string): SignatureRequestListQuery {
  switch (filter) {
    case 'all':
      return {}
    case 'toSign':
      return { status_overall: 'OPEN', signature_status: 'OPEN', account_email: ownEmail, in_turn: 'true' }
    case 'pending':
      return { status_overall: 'OPEN', signatures_count: pendingSignaturesCount }
    case 'declined':
      return { status_overall: 'DECLINED,WITHDRAWN' }
    case 'completed':
      return { status_overall: 'SIGNED' }
    case 'expired':
      return { status_overall: 'EXPIRED' }
  }
}

/** Reads a filter from a search param; anything unknown is the default 'all'. */
export function parseRequestFilter(value: unknown): RequestFilter {
  return requestFilters.find((f) => f === value) ?? 'all'
}
