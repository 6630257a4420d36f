import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import type { SignatureRequestView, SignerAuthentication } from '../../contract/signature-requests.ts'
import { ObserverField } from '../../src/features/documents/observer-field.tsx'
import { requestActions } from '../../src/features/documents/request-actions.ts'
import { SignerList } from '../../src/features/documents/signer-list.tsx'
import { request, signature } from '../src/features/documents/request-fixture.ts'
import { adminAndBusiness, businessId } from './business-fixtures.ts'
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

const finance = { id: '7c1e0a52-3f7d-4b8e-9a41-0c2d5e6f0001', name: 'Finance' }
const legal = { id: '7c1e0a52-3f7d-4b8e-9a41-0c2d5e6f0002', name: 'Legal' }

/** The signer groups of the sender's business (GET /v1/businesses/{id}/groups). */
const senderGroups =
  (groups: { id: string; name: string }[]): ApiHandler =>
  ({ method, path }) =>
    method === 'GET' && path === `/v1/businesses/${businessId}/groups`
      ? json({ groups: groups.map((g) => ({ ...g, members: [], createdAt: '2026-01-01T10:00:00.000Z' })) })
      : undefined

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

/** The draft page's observers, reloading the draft after each change as the page does. */
function Observers() {
  const { api } = useRouteContext({ from: '__root__' })
  const query = useQuery({
    queryKey: ['r1'],
    queryFn: () => api.request<SignatureRequestView>('/v3/signature-requests/r1'),
  })
  return query.data ? <ObserverField request={query.data} onChanged={() => query.refetch()} /> : null
}

const positions = async () =>
  (await page.getByRole('list', { name: 'Signing order' }).getByRole('listitem').all()).length

describe('signer list of a draft', () => {
  it('lets two signers share a turn: equal positions sign at the same time', async () => {
    const stored: Stored = { sequences: [1, 2, 3], authentications: ['tan', 'tan', 'tan'] }
    serveApi(noMaintenance, adminAndBusiness, senderGroups([]), draftServer(stored))
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
    serveApi(noMaintenance, adminAndBusiness, senderGroups([]), draftServer(stored))
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

  it('lets the sender ask one of their business’s groups to sign, sending its group_id', async () => {
    let signatures: SignatureRequestView['signatures'] = [signature(ids[0] ?? '', 'anna@example.com')]
    const sent: unknown[] = []
    serveApi(noMaintenance, adminAndBusiness, senderGroups([finance, legal]), async (call) => {
      if (call.path === '/v3/signature-requests/r1/signatures' && call.method === 'POST') {
        const body = await call.request.json()
        sent.push(body)
        const group = [finance, legal].find((g) => g.id === (body as { group_id?: string }).group_id)
        if (group) signatures = [...signatures, { ...signature(ids[1] ?? '', '', 'OPEN'), group }]
        return json({}, 201)
      }
      return call.method === 'GET' && call.path === '/v3/signature-requests/r1'
        ? json(request({ statusOverall: 'DRAFT', signatures, signaturesCount: signatures.length }))
        : undefined
    })
    await renderScreen('/draft', Signers, { messages: ['documents'] })
    const chooser = page.getByLabelText('Signer group')
    await expect.element(chooser).toHaveDisplayValue('Finance')
    await chooser.selectOptions('Legal')
    await page.getByRole('button', { name: 'Add group' }).click()

    await expect.poll(() => sent).toEqual([{ group_id: legal.id }])
    const row = page.getByRole('listitem').filter({ hasText: 'Legal' })
    await expect.element(row.getByText('Group', { exact: true })).toBeVisible()
    await expect.element(row.getByText('Signer group Legal: any one member signs')).toBeVisible()
    await expect.element(page.getByRole('button', { name: 'Remove Legal' })).toBeVisible()
    // Legal signs already: only Finance is left to choose.
    await expect.element(chooser).toHaveDisplayValue('Finance')
    expect(chooser.element().querySelectorAll('option')).toHaveLength(1)
  })

  it('offers a group signer only what the server does for one: sign-in, with or without the second factor', async () => {
    const stored: SignerAuthentication[] = ['tan', 'account_sign_in']
    const signatures = () => [
      { ...signature(ids[0] ?? '', 'anna@example.com'), authentication: stored[0] ?? 'tan' },
      {
        ...signature(ids[1] ?? '', '', 'OPEN', 2),
        group: finance,
        authentication: stored[1] ?? 'account_sign_in',
      },
    ]
    serveApi(noMaintenance, adminAndBusiness, senderGroups([finance]), async (call) => {
      if (call.path !== '/v3/signature-requests/r1') return undefined
      if (call.method === 'PUT') {
        const body = (await call.request.json()) as {
          signatures: { id: string; authentication?: SignerAuthentication }[]
        }
        for (const [index, id] of ids.slice(0, 2).entries()) {
          const asked = body.signatures.find((s) => s.id === id)?.authentication
          if (asked !== undefined) stored[index] = asked
        }
      }
      return json(request({ statusOverall: 'DRAFT', signatures: signatures(), signaturesCount: 2 }))
    })
    await renderScreen('/draft', Signers, { messages: ['documents'] })
    const group = page.getByLabelText('How Finance confirms who they are')
    await expect.element(group).toHaveDisplayValue('Sign-in to their account')
    const labels = (select: typeof group) =>
      [...select.element().querySelectorAll('option')].map((option) => option.textContent)
    expect(labels(group)).toEqual(['Sign-in to their account', 'Two-step verification at signing'])
    await expect
      .element(page.getByText('A group’s members sign in to their accounts: it has no address for a TAN.'))
      .toBeVisible()
    // A signer in person keeps every way, the TAN link included.
    expect(labels(page.getByLabelText('How anna@example.com confirms who they are'))).toEqual([
      'E-mail link with TAN, or their account',
      'Sign-in to their account',
      'Two-step verification at signing',
    ])

    await group.selectOptions('Two-step verification at signing')
    await expect.poll(() => stored).toEqual(['tan', 'second_factor'])
  })

  it('lets the sender have a group observe, sending observer_group_ids', async () => {
    let observerGroups: SignatureRequestView['observerGroups'] = []
    const sent: unknown[] = []
    serveApi(noMaintenance, adminAndBusiness, senderGroups([finance, legal]), async (call) => {
      if (call.path !== '/v3/signature-requests/r1') return undefined
      if (call.method === 'PUT') {
        const body = (await call.request.json()) as { observer_group_ids: string[] }
        sent.push(body)
        observerGroups = [finance, legal]
          .filter((g) => body.observer_group_ids.includes(g.id))
          .map((g) => ({ ...g, addedAt: '2026-01-01T10:00:00.000Z' }))
      }
      return json(request({ statusOverall: 'DRAFT', observerGroups }))
    })
    await renderScreen('/draft', Observers, { messages: ['documents'] })
    const groups = page.getByRole('group', { name: 'Signer groups that get a copy' })
    await groups.getByLabelText('Finance').click()
    await expect.poll(() => sent).toEqual([{ observer_group_ids: [finance.id] }])
    await expect.element(groups.getByLabelText('Finance')).toBeChecked()
    await expect.element(groups.getByLabelText('Legal')).not.toBeChecked()
  })
})
