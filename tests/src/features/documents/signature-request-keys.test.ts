import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { signatureRequestKeys } from '../../../../src/features/documents/signature-request-query.ts'

const filter = { filter: 'ALL' } as never

describe('signature request query keys', () => {
  it('reload every list with `lists`, and a request with its history with `detail`', async () => {
    const client = new QueryClient()
    const keys = [
      signatureRequestKeys.list(filter, ''),
      signatureRequestKeys.list(filter, 'lease'),
      signatureRequestKeys.detail('a'),
      signatureRequestKeys.events('a'),
      signatureRequestKeys.detail('b'),
    ]
    for (const key of keys) client.setQueryData(key, {})
    const stale = () => keys.map((key) => client.getQueryState(key)?.isInvalidated)
    await client.invalidateQueries({ queryKey: signatureRequestKeys.lists() })
    expect(stale()).toEqual([true, true, false, false, false])
    await client.invalidateQueries({ queryKey: signatureRequestKeys.detail('a') })
    expect(stale()).toEqual([true, true, true, true, false])
  })
})
