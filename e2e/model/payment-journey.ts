import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { promisify } from 'node:util'
import { type APIRequestContext, type Browser, expect, type Page, type Route } from '@playwright/test'
import type { AnyMachineSnapshot } from 'xstate'
import type { businessPaymentMachine } from '../../machines/business-payment/business-payment.machine.ts'
import type { OwnDatabaseServer } from '../own-server.ts'
import { BillingPage } from '../pages/billing-page.ts'
import { openBusiness } from '../pages/business-api.ts'
import { createAccount, signInAgain, signInTab, type TestAccount } from '../pages/test-account.ts'
import type { Journey } from './model-paths.ts'
import { causeOf, networkFailed } from './payment-model.ts'

const execFileAsync = promisify(execFile)
const day = 24 * 60 * 60

/** A call the admin's tab holds back until another tab's change reloaded the business. */
interface HeldCall {
  route: Promise<Route>
  unroute: () => Promise<void>
}

/** One path's admin, their business and their tab, on a server of the spec's own (its clock moves). */
export interface PaymentWorld {
  api: APIRequestContext
  browser: Browser
  server: OwnDatabaseServer
  name: string
  admin: TestAccount | undefined
  businessId: string
  billing: BillingPage | undefined
  /** A second tab of the admin, which changes the business while a call of the first runs. */
  other: Page | undefined
  held: HeldCall | undefined
  /** Undoes the network failure injected for one call. */
  restore: (() => Promise<void>) | undefined
  /** Streets the second tab saved, so each save changes the business. */
  saves: number
  /** The business was closed (moved to the free plan): nothing of it is left to show. */
  closed: boolean
}

export const paymentWorld = (
  api: APIRequestContext,
  browser: Browser,
  server: OwnDatabaseServer,
): PaymentWorld => ({
  api,
  browser,
  server,
  name: `Model ${randomUUID().slice(0, 8)} AG`,
  admin: undefined,
  businessId: '',
  billing: undefined,
  other: undefined,
  held: undefined,
  restore: undefined,
  saves: 0,
  closed: false,
})

const billingOf = (world: PaymentWorld) => {
  if (!world.billing) throw new Error('the business was not opened')
  return world.billing
}

const adminOf = (world: PaymentWorld) => {
  if (!world.admin) throw new Error('the business was not opened')
  return world.admin
}

/** The method and address of each call of the machine, as the app sends it. */
const calls: Record<string, { method: string; path: (id: string) => string }> = {
  cancelTrial: { method: 'POST', path: (id) => `/api/v1/businesses/${id}/cancel-trial` },
  cancelSubscription: { method: 'POST', path: (id) => `/api/v1/businesses/${id}/cancel-subscription` },
  reactivateSubscription: {
    method: 'POST',
    path: (id) => `/api/v1/businesses/${id}/reactivate-subscription`,
  },
  upgrade: { method: 'PUT', path: (id) => `/api/v2/businesses/${id}/subscriptions/upgrade` },
  changeSeats: { method: 'PUT', path: (id) => `/api/v2/businesses/${id}/subscriptions/seats` },
  changePlan: { method: 'PUT', path: (id) => `/api/v2/businesses/${id}/base` },
  downgradeToFree: { method: 'POST', path: (id) => `/api/v2/businesses/${id}/free_plan_downgrade` },
  deleteBusiness: { method: 'DELETE', path: (id) => `/api/v2/businesses/${id}` },
  revokeDeletion: { method: 'POST', path: (id) => `/api/v2/businesses/${id}/revoke_delete` },
}

/** What the screen says when a call's connection failed. */
const failures: Record<string, string> = {
  cancelTrial: 'The trial could not be ended just now. Please try again.',
  cancelSubscription: 'The subscription could not be cancelled just now. Please try again.',
  reactivateSubscription: 'The subscription could not be kept just now. Please try again.',
  changeSeats: 'The seats could not be changed just now. Please try again.',
  changePlan: 'The plan could not be changed just now. Nothing was charged; please try again.',
  downgradeToFree: 'The business could not be moved to the free plan just now. Please try again.',
  deleteBusiness: 'The business could not be deleted just now. Please try again.',
  revokeDeletion: 'The deletion could not be taken back just now. Please try again.',
}

const isNetworkFailure = (event: { type: string } | undefined, call: string) =>
  event?.type === `xstate.error.actor.${call}` &&
  (event as { error?: { code?: string } }).error?.code === networkFailed

/**
 * Before the step that starts `call`: when the path has its connection fail next, the network drops it (and
 * any retry of it) until the error was seen; when the path reloads the business next, the call is held back.
 */
async function prepareCall(world: PaymentWorld, call: string, next: { type: string } | undefined) {
  const { page } = billingOf(world)
  const { method, path } = calls[call] as (typeof calls)[string]
  const url = new URL(path(world.businessId), page.url()).href
  if (isNetworkFailure(next, call)) {
    const drop = (route: Route) =>
      route.request().method() === method ? route.abort('failed') : route.fallback()
    await page.route(url, drop)
    world.restore = () => page.unroute(url, drop)
  } else if (next?.type === 'business.update') {
    let caught: (route: Route) => void = () => undefined
    const route = new Promise<Route>((resolve) => {
      caught = resolve
    })
    const hold = (held: Route) => (held.request().method() === method ? caught(held) : held.fallback())
    await page.route(url, hold)
    world.held = { route, unroute: () => page.unroute(url, hold) }
  }
}

/** The billing page, where every state of the machine shows where the business stands. */
async function onBilling(world: PaymentWorld) {
  const billing = billingOf(world)
  if (!new URL(billing.page.url()).pathname.endsWith('/business/billing'))
    await billing.open('/business/billing')
  await billing.seeHeading('Billing')
  return billing
}

/** The first card of the billing page says `state`. */
async function seeStanding(world: PaymentWorld, state: string | RegExp) {
  const card = (await onBilling(world)).page.getByRole('region', { name: 'Where your business stands' })
  await expect(card.locator('p').first()).toHaveText(state)
}

/**
 * The server answered the admin's call: no dialog is left open and nothing says it is busy (the snackbar that
 * may say so goes by itself; the state's check reads the outcome on the billing page).
 */
async function answered(world: PaymentWorld) {
  const { page } = billingOf(world)
  await expect(page.getByRole('dialog').or(page.getByRole('alertdialog'))).toHaveCount(0, { timeout: 15_000 })
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 })
}

/**
 * The call's connection failed: the screen says so, and the admin goes on (a dialog the call was asked from is
 * closed); the network works again.
 */
const failedOnNetwork = (call: string) => async (world: PaymentWorld) => {
  const { page } = billingOf(world)
  // The dialog the call was asked from says so, and the billing page's first card too.
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: failures[call] as string })
      .first(),
  ).toBeVisible({
    timeout: 15_000,
  })
  await world.restore?.()
  world.restore = undefined
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog'))
  // Its Cancel closes it; a dialog without one (it asks a yes or no) closes with Escape.
  if (await dialog.count()) {
    const cancel = dialog.getByRole('button', { name: 'Cancel', exact: true })
    if (await cancel.count()) await cancel.click()
    else await page.keyboard.press('Escape')
  }
  await expect(dialog).toHaveCount(0)
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
}

/**
 * Whether the business is to be deleted, where the admin is: the billing page's first card says when, the
 * profile's deletion card offers to keep it.
 */
async function seeDeletion(world: PaymentWorld, pending: boolean) {
  const billing = billingOf(world)
  const path = new URL(billing.page.url()).pathname
  if (path.endsWith('/business/billing')) {
    const card = billing.page.getByRole('region', { name: 'Where your business stands' })
    const said = card.getByText(/^Your business will be deleted on .+\./)
    await (pending ? expect(said).toBeVisible() : expect(said).toHaveCount(0))
    return
  }
  if (!path.endsWith('/business/profile')) await billing.open('/business/profile')
  // A business that must pay first is held on its members page; one invoiced by hand shows its invoices.
  const held = new URL(billing.page.url()).pathname
  if (held.endsWith('/business/members') || held.endsWith('/business/upgrade')) return
  const card = billing.page.getByRole('region', { name: 'Delete the business' })
  await expect(
    card.getByRole('button', { name: pending ? 'Keep the business' : 'Delete business' }),
  ).toBeVisible()
}

/** The business as the server answers it to its admin, once it says `paymentMethod`. */
async function serverSays(world: PaymentWorld, paymentMethod: string, status?: string) {
  await expect
    .poll(
      async () => {
        const answer = await world.api.get(`/api/v1/businesses/${world.businessId}`, {
          headers: { Authorization: `Bearer ${adminOf(world).token}` },
        })
        const admin = (
          (await answer.json()) as {
            admin?: { payment_method: string; subscription: { status: string } | null }
          }
        ).admin
        return [admin?.payment_method, status === undefined ? undefined : admin?.subscription?.status]
      },
      { timeout: 30_000 },
    )
    .toEqual([paymentMethod, status])
}

/** The server's clock moves `seconds` ahead and its due jobs run; the admin signs in again in a new tab. */
async function moveClock(world: PaymentWorld, seconds: number) {
  const moved = await world.api.post('/api/dev/clock', { data: { advance_seconds: seconds } })
  expect(moved.ok(), await moved.text()).toBe(true)
  world.admin = await signInAgain(world.api, adminOf(world))
}

/** A new tab of the admin on the business's billing page (the last one's session ran out with the clock). */
async function newTab(world: PaymentWorld) {
  await world.billing?.page.context().close()
  const page = await (await world.browser.newContext({ baseURL: world.server.url })).newPage()
  await signInTab(page, adminOf(world), world.server.url)
  world.billing = new BillingPage(page)
  world.other = undefined
}

/**
 * While a call of the admin's tab is held back, the admin saves another street in a second tab: that tab tells
 * the first, which reloads the business (SPEC tab sync), and only once that answered does the call go on (or its
 * connection fail, when the path says so).
 */
async function reloadDuringCall(
  world: PaymentWorld,
  call: string | undefined,
  next: { type: string } | undefined,
) {
  const held = world.held
  if (!held || !call) throw new Error('no call of the admin is held back')
  const { page } = billingOf(world)
  const route = await held.route
  if (!world.other) {
    world.other = await page.context().newPage()
    await signInTab(world.other, adminOf(world), world.server.url)
  }
  const other = new BillingPage(world.other)
  await other.open('/business/profile')
  const reloaded = page.waitForResponse(
    (r) =>
      r.request().method() === 'GET' &&
      new URL(r.url()).pathname === `/api/v1/businesses/${world.businessId}` &&
      r.ok(),
  )
  world.saves++
  const street = `Bahnhofstrasse ${world.saves + 1}`
  if (new URL(other.page.url()).pathname.endsWith('/business/members')) {
    // A business held to pay opens only its members and upgrade pages, where nothing changes the business:
    // the admin changes its address from another device (the real API), and the invitation they send in the
    // second tab is the change that makes the first reload it.
    const saved = await world.api.put(`/api/v2/businesses/${world.businessId}/billing`, {
      headers: { Authorization: `Bearer ${adminOf(world).token}` },
      data: { address1: street, city: 'Zürich', postal_code: '8001', country: 'CH' },
    })
    expect(saved.ok(), await saved.text()).toBe(true)
    await other.page.getByLabel('E-mail addresses').fill(`colleague-${world.saves}@example.com`)
    await other.page.getByRole('button', { name: 'Invite', exact: true }).click()
  } else {
    await other.page.getByLabel('Street and number').fill(street)
    await other.page.getByRole('button', { name: 'Save address' }).click()
  }
  await reloaded
  if (isNetworkFailure(next, call)) await route.abort('failed')
  else await route.continue()
  await held.unroute()
  world.held = undefined
}

/** The call a busy state runs, by the id of its actor. */
function runningCall(before: AnyMachineSnapshot): string | undefined {
  const ids = Object.values(before.children as Record<string, { id: string } | undefined>)
  return ids.find((child) => child && child.id in calls)?.id
}

/** A step that starts `call` after preparing what the path does to it next. */
const starts =
  (
    call: string,
    step: (world: PaymentWorld, before: AnyMachineSnapshot, next?: { type: string }) => Promise<void>,
  ) =>
  async (world: PaymentWorld, _: unknown, before: AnyMachineSnapshot, next: { type: string } | undefined) => {
    await prepareCall(world, call, next)
    await step(world, before, next)
  }

/** A state's check, which has nothing to look at once the path closed the business (its last step saw that). */
const unlessClosed =
  (check: (world: PaymentWorld) => Promise<void>) =>
  async (world: PaymentWorld): Promise<void> => {
    if (!world.closed) await check(world)
  }

export const paymentJourney: Journey<typeof businessPaymentMachine, PaymentWorld> = {
  steps: {
    'business.update': async (world, event, before, next) => {
      const cause = causeOf(event)
      if (cause === 'opened') {
        // A new admin opens a business (in its trial) and its billing page.
        world.admin = await createAccount(world.api, 'Bea')
        world.businessId = await openBusiness(world.api, world.admin, world.name)
        await newTab(world)
        await onBilling(world)
      } else if (cause === 'reloaded') {
        if (before.hasTag('busy')) await reloadDuringCall(world, runningCall(before), next)
        else await billingOf(world).page.reload()
      } else if (cause === 'trialEnded') {
        await moveClock(world, 15 * day)
        await serverSays(world, 'NEEDS_PAYMENT_METHOD')
        await newTab(world)
      } else if (cause === 'graceEnded') {
        // The trial ends and its first charge is declined (the card bank declines every charge); the grace
        // period starts, and once it is over the business is blocked.
        await moveClock(world, 15 * day)
        await serverSays(world, 'STRIPE', 'past_due')
        await moveClock(world, 15 * day)
        await serverSays(world, 'BLOCKED', 'past_due')
        await newTab(world)
      } else {
        // The operator's command for manual invoicing (SPEC §4 MANUAL), on the server's database.
        const env = { ...process.env, DATABASE_URL: world.server.databaseUrl }
        await execFileAsync(process.execPath, ['scripts/billing.ts', 'manual', world.businessId], { env })
        await serverSays(world, 'MANUAL')
      }
    },
    'trial.cancel': starts('cancelTrial', async (world) => {
      const billing = await onBilling(world)
      await billing.page.getByRole('button', { name: 'End the trial now' }).click()
      await billing.seeDialog('End the trial now?')
      await billing.clickInDialog('End the trial')
    }),
    'xstate.done.actor.cancelTrial': (world) => answered(world),
    'xstate.error.actor.cancelTrial': failedOnNetwork('cancelTrial'),
    // Chooses the team plan and pays by card. In the trial nothing is charged, so the card is one whose bank
    // declines every charge (a path may let the trial end unpaid); after it, one the bank declines when the path
    // has the payment fail, else one it pays.
    'subscription.upgrade': starts('upgrade', async (world, before, next) => {
      const billing = billingOf(world)
      const inTrial = before.matches({ subscription: 'trialing' })
      if (!inTrial) {
        // A business without a plan holds its admin on the members page, whose notice leads to the upgrade.
        await billing.open('/business/billing')
        await billing.seeHeading('Members')
        await billing.page.getByRole('status').getByRole('link', { name: 'choose a plan' }).click()
        await billing.seeHeading('Choose your plan')
      } else {
        await onBilling(world)
        await billing.page
          .getByRole('region', { name: 'Where your business stands' })
          .getByRole('link', { name: 'Choose a plan' })
          .click()
        await billing.seeHeading('Plans')
      }
      await billing.choosePlan('Team', 'Monthly')
      const declined = next?.type === 'xstate.error.actor.upgrade'
      await billing.fillCard(
        inTrial ? '4000 0000 0000 0341' : declined ? '4000 0000 0000 9995' : '4242 4242 4242 4242',
      )
      await billing.clickPay(/^Subscribe/)
    }),
    'xstate.done.actor.upgrade': async (world) => {
      await answered(world)
      await expect(billingOf(world).page).toHaveURL(/\/business\/billing$/)
    },
    'xstate.error.actor.upgrade': async (world) => {
      await billingOf(world).seeAlert(
        'The payment was declined. Please use another card or account; nothing was charged.',
      )
    },
    // Instead of paying, the business moves to the free plan: it closes.
    'plan.downgradeToFree': starts('downgradeToFree', async (world) => {
      const billing = billingOf(world)
      await billing.open('/business/upgrade')
      await billing.seeHeading('Choose your plan')
      await billing.page
        .getByTestId('free-plan-offer')
        .getByRole('button', { name: 'Move to the free plan' })
        .click()
      await billing.seeDialog('Move to the free plan instead?')
      await billing.clickInDialog('Move to the free plan')
    }),
    'xstate.done.actor.downgradeToFree': async (world) => {
      const billing = billingOf(world)
      await expect(billing.page).toHaveURL(/\/dashboard$/)
      await billing.seeDialog(`${world.name} has been deleted`)
      await billing.clickInDialog('OK')
      world.closed = true
    },
    'xstate.error.actor.downgradeToFree': failedOnNetwork('downgradeToFree'),
    // One seat more than the business has.
    'seats.change': starts('changeSeats', async (world) => {
      const billing = await onBilling(world)
      const seats = /of (\d+) in use/.exec((await billing.page.getByTestId('seats').textContent()) ?? '')?.[1]
      await billing.changeSeats('Add seats', Number(seats) + 1)
      await billing.clickInDialog('Buy seats')
    }),
    'xstate.done.actor.changeSeats': (world) => answered(world),
    'xstate.error.actor.changeSeats': failedOnNetwork('changeSeats'),
    // The plan it is not on: Pro instead of Team, or back.
    'plan.change': starts('changePlan', async (world) => {
      const billing = await onBilling(world)
      await billing.page.getByRole('link', { name: 'Change plan' }).click()
      await billing.seeHeading('Plans')
      const other = billing.page.locator('article:not([aria-current])').filter({ hasText: /^(Team|Pro)/ })
      await other
        .first()
        .getByRole('button', { name: /^Choose / })
        .click()
      await billing.page.getByRole('button', { name: 'Switch plan' }).click()
    }),
    'xstate.done.actor.changePlan': async (world) => {
      await answered(world)
      await expect(billingOf(world).page).toHaveURL(/\/business\/billing$/)
    },
    'xstate.error.actor.changePlan': failedOnNetwork('changePlan'),
    'subscription.cancel': starts('cancelSubscription', async (world) => {
      const billing = await onBilling(world)
      await billing.page.getByRole('button', { name: 'Cancel subscription' }).click()
      await billing.seeDialog('Cancel the subscription?')
      await billing.clickInDialog('Cancel subscription')
    }),
    'xstate.done.actor.cancelSubscription': (world) => answered(world),
    'xstate.error.actor.cancelSubscription': failedOnNetwork('cancelSubscription'),
    'subscription.reactivate': starts('reactivateSubscription', async (world) => {
      const billing = await onBilling(world)
      await billing.page.getByRole('button', { name: 'Keep the subscription' }).click()
    }),
    'xstate.done.actor.reactivateSubscription': (world) => answered(world),
    'xstate.error.actor.reactivateSubscription': failedOnNetwork('reactivateSubscription'),
    // Deleting is on the business's profile.
    'business.delete': starts('deleteBusiness', async (world) => {
      const billing = billingOf(world)
      await billing.open('/business/profile')
      await billing.page.getByRole('button', { name: 'Delete business' }).click()
      await billing.seeDialog(`Delete ${world.name}?`)
      await billing.clickInDialog('Delete business')
    }),
    'xstate.done.actor.deleteBusiness': (world) => answered(world),
    'xstate.error.actor.deleteBusiness': failedOnNetwork('deleteBusiness'),
    // The billing page says when the business goes, and leads to where it is kept.
    'deletion.revoke': starts('revokeDeletion', async (world) => {
      const billing = await onBilling(world)
      await billing.page
        .getByRole('region', { name: 'Where your business stands' })
        .getByRole('link', { name: 'Keep the business' })
        .click()
      await billing.page.getByRole('button', { name: 'Keep the business' }).click()
      await billing.seeDialog(`Keep ${world.name}?`)
      await billing.clickInDialog('Keep the business')
    }),
    'xstate.done.actor.revokeDeletion': (world) => answered(world),
    'xstate.error.actor.revokeDeletion': failedOnNetwork('revokeDeletion'),
  },
  states: Object.fromEntries(
    Object.entries<(world: PaymentWorld) => Promise<void>>({
      'subscription.trialing': (world) => seeStanding(world, 'You are on the free trial.'),
      // An ended trial leaves the business to pay before anything else: the billing page sends the admin to the
      // members page, which says so.
      'subscription.cancelled': (world) => seeHeldToPay(world),
      'subscription.trialExpired': (world) => seeHeldToPay(world),
      // Blocked, the business holds its admin on the members page (SPEC §6), which says nothing of a trial.
      'subscription.locked': async (world) => {
        const billing = billingOf(world)
        await billing.open('/business/billing')
        await expect(billing.page).toHaveURL(/\/business\/members$/)
        await billing.seeHeading('Members')
        await expect(billing.page.getByText(/Your free trial/)).toHaveCount(0)
        // It says why, and leads to where the business pays what is unpaid.
        const notice = billing.page.getByRole('status').filter({ hasText: 'Your business is blocked' })
        await expect(notice.getByRole('link', { name: 'pay with a new card or account' })).toHaveAttribute(
          'href',
          '/business/upgrade',
        )
      },
      // Invoiced by hand, the business's billing is its invoices.
      'subscription.manual': async (world) => {
        const billing = billingOf(world)
        await billing.open('/business/billing')
        await expect(billing.page).toHaveURL(/\/business\/billing\/invoices$/)
        await billing.seeHeading('Invoices')
      },
      'subscription.active': (world) => seeStanding(world, 'Your subscription is active.'),
      'subscription.subscribedInTrial': (world) => seeStanding(world, /^Your trial stays free until .+\.$/),
      'subscription.cancelling': (world) => seeStanding(world, 'Your subscription is cancelled.'),
      'deletion.pending': (world) => seeDeletion(world, true),
      'deletion.none': (world) => seeDeletion(world, false),
    }).map(([key, check]) => [key, unlessClosed(check)]),
  ),
}

async function seeHeldToPay(world: PaymentWorld) {
  const billing = billingOf(world)
  await billing.open('/business/billing')
  await expect(billing.page).toHaveURL(/\/business\/members$/)
  await expect(billing.page.getByRole('main').getByRole('status')).toHaveText(
    "Your free trial has ended. To go on signing on the business's account, choose a plan.",
  )
}
