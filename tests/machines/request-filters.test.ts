import { describe, expect, it } from 'vitest'
import { filterQuery, parseRequestFilter } from '../../machines/request-filters/filter-query.ts'
import {
  defaultRequestFilter,
  pendingSignaturesCount,
  requestFilters,
} from '../../machines/request-filters/request-filters.constants.ts'

const me = 'ann@example.com'

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
    expect(filterQuery(filter, me)).toEqual(query)
  })

  it('covers every filter', () => {
    expect(requestFilters).toEqual(['all', 'toSign', 'pending', 'declined', 'completed', 'expired'])
  })

  it('SPEC §9: an unknown or missing filter is the default', () => {
    expect(parseRequestFilter('pending')).toBe('pending')
    expect(parseRequestFilter('bogus')).toBe('all')
    expect(parseRequestFilter(undefined)).toBe('all')
  })
})
