import { describe, expect, it } from 'vitest'
import {
  appliedRequestFilter,
  filterQuery,
  listAccountOf,
  offeredRequestFilters,
  parseRequestFilter,
} from '../../machines/request-filters/filter-query.ts'
import {
  defaultRequestFilter,
  pendingSignaturesCount,
  requestFilters,
} from '../../machines/request-filters/request-filters.constants.ts'

const me = 'ann@example.com'
const businessId = '6f1c2a52-3d5e-4b8a-9c1d-2e3f4a5b6c7d'
const user = { email: me, adminOf: null }
const admin = { email: me, adminOf: businessId }

describe('request list filters (SPEC §4, §9)', () => {
  it('SPEC §9: the list defaults to all and pending uses signatures_count 672', () => {
    expect(defaultRequestFilter).toBe('all')
    expect(pendingSignaturesCount).toBe(672)
  })

  it.each([
    ['all', {}],
    ['toSign', { status_overall: 'OPEN', signature_status: 'OPEN', account_email: me, in_turn: 'true' }],
    ['pending', { status_overall: 'OPEN', signatures_count: 672 }],
    ['declined', { status_overall: 'DECLINED,WITHDRAWN' }],
    ['completed', { status_overall: 'SIGNED' }],
    ['expired', { status_overall: 'EXPIRED' }],
  ] as const)('SPEC §4: filter %s queries %j', (filter, query) => {
    expect(filterQuery(filter, user)).toEqual(query)
    expect(filterQuery(filter, admin)).toEqual(query)
  })

  it('covers every filter', () => {
    expect(requestFilters).toEqual(['all', 'toSign', 'pending', 'declined', 'completed', 'expired', 'api'])
  })

  it('offers the business’s API requests to its admins alone (issue 39)', () => {
    expect(filterQuery('api', admin)).toEqual({ api_users_of: businessId })
    expect(offeredRequestFilters(admin)).toContain('api')
    expect(offeredRequestFilters(user)).not.toContain('api')
    // Asked for by an address, a filter not offered is the default one.
    expect(appliedRequestFilter('api', user)).toBe('all')
    expect(filterQuery('api', user)).toEqual({})
    const business = { id: businessId, name: 'Acme', paymentMethod: 'TRIALING' as const }
    expect(
      listAccountOf({ email: me, business: { ...business, role: 'admin', invitationId: null } }),
    ).toEqual(admin)
    expect(
      listAccountOf({ email: me, business: { ...business, role: 'member', invitationId: null } }),
    ).toEqual(user)
    // An invitation not yet accepted makes nobody an admin.
    expect(
      listAccountOf({ email: me, business: { ...business, role: 'admin', invitationId: 'i1' } }),
    ).toEqual(user)
    expect(listAccountOf({ email: me, business: null })).toEqual(user)
  })

  it('SPEC §9: an unknown or missing filter is the default', () => {
    expect(parseRequestFilter('pending')).toBe('pending')
    expect(parseRequestFilter('bogus')).toBe('all')
    expect(parseRequestFilter(undefined)).toBe('all')
  })
})
