import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import type { SignatureRequestView } from '../../contract/signature-requests.ts'
import { requestActions } from '../../src/features/documents/request-actions.ts'
import { SignerList } from '../../src/features/documents/signer-list.tsx'
import { request, signature } from '../src/features/documents/request-fixture.ts'
import { type ApiHandler, json, noMaintenance, renderScreen, serveApi } from './render-screen.tsx'

const ids = [
  '0b6f1c1e-1d1a-4c55-9d64-1a6a2d9e0001',
  '0b6f1c1e-1d1a-4c55-9d64-1a6a2d9e0002',
  '0b6f1c1e-1d1a-4c55-9d64-1a6a2d9e0003',
]

/** A draft of three signers at `sequences`. */
const draft = (sequences: readonly number[]): SignatureRequestView =>
  request({
    statusOverall: 'DRAFT',
    signaturesCount: 3,
    signatures: ['Anna', 'Ben', 'Carla'].map((name, index) => {
      const email = `${name.toLowerCase()}@example.com`
      return signature(ids[index] ?? '', email, 'OPEN', sequences[index] ?? 1, {
        emailAddress: email,
        firstName: name,
        lastName: 'Test',
      })
    }),
  })

/** A draft whose signers' positions are `stored`, changed by each PUT the list sends. */
function draftServer(stored: { sequences: number[] }): ApiHandler {
  return async ({ method, path, request }) => {
    if (path !== '/v3/signature-requests/r1') return undefined
    if (method === 'PUT') {
      const body = (await request.json()) as { signatures: { id: string; sequence: number }[] }
      stored.sequences = ids.map((id) => body.signatures.find((s) => s.id === id)?.sequence ?? 1)
      return json(draft(stored.sequences))
    }
    return method === 'GET' ? json(draft(stored.sequences)) : undefined
  }
}

/** The draft page's signer list, reloading the draft after each change as the page does. */
function Signers() {
  const { api } = useRouteContext({ from: '__root__' })
  const query = useQuery({
    queryKey: ['r1'],
    queryFn: () => api.request<SignatureRequestView>('/v3/signature-requests/r1'),
  })
  if (!query.data) return null
  return (
    <SignerList
      request={query.data}
      actions={requestActions(query.data, 'olga@example.com')}
      showStatus={false}
      empty="No signers"
      onChanged={() => query.refetch()}
    />
  )
}

const positions = async () =>
  (await page.getByRole('list', { name: 'Signing order' }).getByRole('listitem').all()).length

describe('signer list of a draft', () => {
  it('lets two signers share a turn: equal positions sign at the same time', async () => {
    const stored = { sequences: [1, 2, 3] }
    serveApi(noMaintenance, draftServer(stored))
    await renderScreen('/draft', Signers, { messages: ['documents'] })
    await expect.element(page.getByRole('list', { name: 'Signing order' })).toBeVisible()
    expect(await positions()).toBe(3)

    await page.getByLabelText('Carla Test signs at the same time as the one above').click()
    await expect.poll(() => stored.sequences).toEqual([1, 2, 2])
    await expect
      .element(page.getByLabelText('Carla Test signs at the same time as the one above'))
      .toBeChecked()
    // Moving Carla first takes her out of Ben's turn: each signs after the one before again.
    await page.getByRole('button', { name: /^Move Carla Test up$/ }).click()
    await expect.poll(() => stored.sequences).toEqual([1, 3, 2])
    await expect
      .element(page.getByLabelText('Carla Test signs at the same time as the one above'))
      .not.toBeChecked()
  })
})
