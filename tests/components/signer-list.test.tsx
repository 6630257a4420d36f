import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import type { SignatureRequestView, SignerAuthentication } from '../../contract/signature-requests.ts'
import { requestActions } from '../../src/features/documents/request-actions.ts'
import { SignerList } from '../../src/features/documents/signer-list.tsx'
import { request, signature } from '../src/features/documents/request-fixture.ts'
import { type ApiHandler, json, noMaintenance, renderScreen, serveApi } from './render-screen.tsx'

const ids = [
  '0b6f1c1e-1d1a-4c55-9d64-1a6a2d9e0001',
  '0b6f1c1e-1d1a-4c55-9d64-1a6a2d9e0002',
  '0b6f1c1e-1d1a-4c55-9d64-1a6a2d9e0003',
]

/** The draft's signers as the server keeps them: their positions and how each authenticates. */
interface Stored {
  sequences: number[]
  authentications: SignerAuthentication[]
}

/** A draft of three signers at the `stored` positions, authenticating as stored. */
const draft = (stored: Stored): SignatureRequestView =>
  request({
    statusOverall: 'DRAFT',
    signaturesCount: 3,
    signatures: ['Anna', 'Ben', 'Carla'].map((name, index) => {
      const email = `${name.toLowerCase()}@example.com`
      return {
        ...signature(ids[index] ?? '', email, 'OPEN', stored.sequences[index] ?? 1, {
          emailAddress: email,
          firstName: name,
          lastName: 'Test',
        }),
        authentication: stored.authentications[index] ?? 'tan',
      }
    }),
  })

/** A draft whose signers are `stored`, changed by each PUT the list sends as the server changes them. */
function draftServer(stored: Stored): ApiHandler {
  return async ({ method, path, request }) => {
    if (path !== '/v3/signature-requests/r1') return undefined
    if (method === 'PUT') {
      const body = (await request.json()) as {
        signatures: { id: string; sequence: number; authentication?: SignerAuthentication }[]
      }
      const sent = ids.map((id) => body.signatures.find((s) => s.id === id))
      stored.sequences = sent.map((s) => s?.sequence ?? 1)
      stored.authentications = sent.map(
        (s, index) => s?.authentication ?? stored.authentications[index] ?? 'tan',
      )
      return json(draft(stored))
    }
    return method === 'GET' ? json(draft(stored)) : undefined
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
    const stored: Stored = { sequences: [1, 2, 3], authentications: ['tan', 'tan', 'tan'] }
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

  it('lets the sender change how a signer confirms who they are, keeping the signing order', async () => {
    const stored: Stored = { sequences: [1, 2, 2], authentications: ['tan', 'account_sign_in', 'tan'] }
    serveApi(noMaintenance, draftServer(stored))
    await renderScreen('/draft', Signers, { messages: ['documents'] })
    const carla = page.getByLabelText('How Carla Test confirms who they are')
    await expect.element(carla).toHaveDisplayValue('E-mail link with TAN, or their account')
    await expect
      .element(page.getByLabelText('How Ben Test confirms who they are'))
      .toHaveDisplayValue('Sign-in to their account')

    await carla.selectOptions('Two-step verification at signing')
    await expect.poll(() => stored.authentications).toEqual(['tan', 'account_sign_in', 'second_factor'])
    expect(stored.sequences).toEqual([1, 2, 2])
    await expect.element(carla).toHaveDisplayValue('Two-step verification at signing')
  })
})
