import { type APIRequestContext, expect } from '@playwright/test'
import type { TestAccount } from './test-account.ts'

const auth = (account: TestAccount) => ({ Authorization: `Bearer ${account.token}` })

/**
 * A business in Switzerland with `admin` as its first admin, opened through the real API (the business
 * journey shows the screens); answers its id.
 */
export async function openBusiness(
  request: APIRequestContext,
  admin: TestAccount,
  name: string,
): Promise<string> {
  const created = await request.post('/api/v2/businesses', {
    headers: auth(admin),
    data: {
      name,
      email: admin.email,
      billing: { address1: 'Bahnhofstrasse 1', city: 'Zürich', postal_code: '8001', country: 'CH' },
    },
  })
  expect(created.ok(), await created.text()).toBe(true)
  return ((await created.json()) as { id: string }).id
}

/** `member` joins the business: invited by its admin, and accepting, through the real API. */
export async function joinBusiness(
  request: APIRequestContext,
  admin: TestAccount,
  businessId: string,
  member: TestAccount,
): Promise<void> {
  const invited = await request.post(`/api/v1/businesses/${businessId}/members`, {
    headers: auth(admin),
    data: { users: [member.email] },
  })
  expect(invited.ok(), await invited.text()).toBe(true)
  const accepted = await request.post('/api/v1/user/accept', {
    headers: auth(member),
    data: { business_invite: true },
  })
  expect(accepted.ok(), await accepted.text()).toBe(true)
}

/**
 * The business pays for a year of the individual plan by card (the sandbox provider), through the real API, so
 * it outlives its trial when a journey moves the clock weeks ahead.
 */
export async function subscribeByCard(
  request: APIRequestContext,
  businessId: string,
  admin: TestAccount,
): Promise<void> {
  const base = `/api/v2/businesses/${businessId}/subscriptions`
  const intent = await request.post(`${base}/stripe_setup_intent`, {
    headers: auth(admin),
    data: { country: 'CH' },
  })
  expect(intent.ok(), await intent.text()).toBe(true)
  const { id, client_secret } = (await intent.json()) as { id: string; client_secret: string }
  const card = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' }
  const confirmed = await request.post('/api/sandbox/billing/confirm', { data: { client_secret, card } })
  expect(confirmed.ok(), await confirmed.text()).toBe(true)
  const upgraded = await request.put(`${base}/upgrade`, {
    headers: auth(admin),
    data: { plan: 'individual', cycle: 'yearly', amount_seats: 1, currency: 'CHF', setup_intent_id: id },
  })
  expect(upgraded.ok(), await upgraded.text()).toBe(true)
}
