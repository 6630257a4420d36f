import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import type { BusinessInvitation, BusinessPerson } from '../../contract/businesses.ts'
import { BusinessMembersScreen } from '../../src/features/business/business-members-screen.tsx'
import { adminAndBusiness, businessId } from './business-fixtures.ts'
import { type ApiHandler, json, noMaintenance, renderScreen, serveApi } from './render-screen.tsx'

const people: BusinessPerson[] = [
  {
    id: 'u-1',
    email: 'anna@example.ch',
    firstName: 'Anna',
    lastName: 'Muster',
    role: 'admin',
    joinedAt: '2026-03-01T08:00:00Z',
  },
  {
    id: 'u-2',
    email: 'ben@example.ch',
    firstName: 'Ben',
    lastName: 'Beispiel',
    role: 'member',
    joinedAt: '2026-04-01T08:00:00Z',
  },
]
const invitations: BusinessInvitation[] = [
  { id: 'i-1', email: 'carla@example.ch', createdAt: '2026-11-20T08:00:00Z' },
]

/** The admin's business on a trial (no subscription, so no seats to buy), its people, invitations and (no) groups. */
function membersServer(invited: string[][]): ApiHandler {
  return async (call) => {
    const signedIn = adminAndBusiness(call)
    if (signedIn) return signedIn
    const { method, path, request } = call
    if (path === `/v2/businesses/${businessId}/subscriptions/usage`)
      return json({ subscription: null, seatsInUse: 3 })
    if (path === `/v2/businesses/${businessId}/invitations`) return json({ invitations })
    if (path === `/v1/businesses/${businessId}/groups`) return json({ groups: [] })
    if (path !== `/v1/businesses/${businessId}/members`) return undefined
    if (method === 'GET') return json({ people })
    if (method === 'POST') {
      const body: { users: string[] } = await request.json()
      invited.push(body.users)
      return new Response(null, { status: 204 })
    }
    return undefined
  }
}

const addresses = () => page.getByRole('textbox', { name: 'E-mail addresses' })
const invite = () => page.getByRole('button', { name: 'Invite', exact: true })

describe('/business/members', () => {
  it('lists the people with their roles and the open invitations', async () => {
    serveApi(noMaintenance, membersServer([]))
    await renderScreen('/business/members', BusinessMembersScreen, { messages: ['business'] })
    await expect.element(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible()
    await expect.element(page.getByRole('checkbox', { name: 'Select ben@example.ch' })).toBeVisible()
    const ben = page.getByRole('row', { name: /ben@example\.ch/ })
    await expect.element(ben.getByText('Ben Beispiel', { exact: true })).toBeVisible()
    await expect.element(ben.getByRole('cell', { name: 'Member', exact: true })).toBeVisible()
    await expect.element(ben.getByRole('cell', { name: '1 Apr 2026, 08:00' })).toBeVisible()
    const anna = page.getByRole('row', { name: /anna@example\.ch/ })
    await expect.element(anna.getByRole('cell', { name: 'Admin', exact: true })).toBeVisible()
    await expect
      .element(page.getByRole('button', { name: 'Withdraw the invitation to carla@example.ch' }))
      .toBeVisible()
  })

  it('refuses a list with an address that is not one, and invites no one', async () => {
    const invited: string[][] = []
    const calls = serveApi(noMaintenance, membersServer(invited))
    await renderScreen('/business/members', BusinessMembersScreen, { messages: ['business'] })
    await userEvent.fill(addresses(), 'dora@example.ch, not-an-address')
    await userEvent.click(invite())
    await expect.element(page.getByText('Please enter a valid e-mail address.')).toBeVisible()
    await userEvent.fill(addresses(), '')
    await userEvent.click(invite())
    await expect.element(page.getByText('This field is required.')).toBeVisible()
    expect(calls.filter((call) => call.method === 'POST')).toEqual([])
  })

  it('invites every address of the list once, says so and empties the field', async () => {
    const invited: string[][] = []
    serveApi(noMaintenance, membersServer(invited))
    await renderScreen('/business/members', BusinessMembersScreen, { messages: ['business'] })
    await userEvent.fill(addresses(), 'dora@example.ch; emil@example.ch, dora@example.ch')
    await userEvent.click(invite())
    await expect.element(page.getByText('Invitation sent')).toBeVisible()
    expect(invited).toEqual([['dora@example.ch', 'emil@example.ch']])
    await expect.element(addresses()).toHaveValue('')
  })
})
