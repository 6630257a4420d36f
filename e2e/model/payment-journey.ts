import { randomUUID } from 'node:crypto'
import { type APIRequestContext, type Browser, expect } from '@playwright/test'
import type { businessPaymentMachine } from '../../machines/business-payment/business-payment.machine.ts'
import { BillingPage } from '../pages/billing-page.ts'
import { openBusiness } from '../pages/business-api.ts'
import { createAccount, signInTab } from '../pages/test-account.ts'
import type { Journey } from './model-paths.ts'

/** One path's admin, their business and their tab. */
export interface PaymentWorld {
  api: APIRequestContext
  browser: Browser
  name: string
  billing: BillingPage | undefined
}

export const paymentWorld = (api: APIRequestContext, browser: Browser): PaymentWorld => ({
  api,
  browser,
  name: `Model ${randomUUID().slice(0, 8)} AG`,
  billing: undefined,
})

const billingOf = (world: PaymentWorld) => {
  if (!world.billing) throw new Error('the business was not opened')
  return world.billing
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
  // A business that must pay first is held on its members page, which shows nothing of a deletion.
  if (new URL(billing.page.url()).pathname.endsWith('/business/members')) {
    await expect(billing.page.getByRole('main').getByRole('status')).toHaveText(
      /^Your free trial has ended\./,
    )
    return
  }
  const card = billing.page.getByRole('region', { name: 'Delete the business' })
  await expect(
    card.getByRole('button', { name: pending ? 'Keep the business' : 'Delete business' }),
  ).toBeVisible()
}

export const paymentJourney: Journey<typeof businessPaymentMachine, PaymentWorld> = {
  steps: {
    // The business is loaded: a new admin opens one (in its trial) and its billing page.
    'business.update': async (world) => {
      const admin = await createAccount(world.api, 'Bea')
      await openBusiness(world.api, admin, world.name)
      const page = await (await world.browser.newContext()).newPage()
      await signInTab(page, admin)
      world.billing = new BillingPage(page)
      await onBilling(world)
    },
    'trial.cancel': async (world) => {
      const billing = await onBilling(world)
      await billing.page.getByRole('button', { name: 'End the trial now' }).click()
      await billing.seeDialog('End the trial now?')
      await billing.clickInDialog('End the trial')
    },
    'xstate.done.actor.cancelTrial': (world) => answered(world),
    // Chooses the team plan and pays by card: one the bank declines when the path has the call fail.
    'subscription.upgrade': async (world, _, before, next) => {
      const billing = billingOf(world)
      if (before.matches({ subscription: 'cancelled' })) {
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
      const declined = (next?.type as string | undefined) === 'xstate.error.actor.upgrade'
      await billing.fillCard(declined ? '4000 0000 0000 9995' : '4242 4242 4242 4242')
      await billing.clickPay(/^Subscribe/)
    },
    'xstate.done.actor.upgrade': async (world) => {
      await answered(world)
      await expect(billingOf(world).page).toHaveURL(/\/business\/billing$/)
    },
    'xstate.error.actor.upgrade': async (world) => {
      await billingOf(world).seeAlert(
        'The payment was declined. Please use another card or account; nothing was charged.',
      )
    },
    // One seat more than the business has.
    'seats.change': async (world) => {
      const billing = await onBilling(world)
      const seats = /of (\d+) in use/.exec((await billing.page.getByTestId('seats').textContent()) ?? '')?.[1]
      await billing.changeSeats('Add seats', Number(seats) + 1)
      await billing.clickInDialog('Buy seats')
    },
    'xstate.done.actor.changeSeats': (world) => answered(world),
    // The plan it is not on: Pro instead of Team, or back.
    'plan.change': async (world) => {
      const billing = await onBilling(world)
      await billing.page.getByRole('link', { name: 'Change plan' }).click()
      await billing.seeHeading('Plans')
      const other = billing.page.locator('article:not([aria-current])').filter({ hasText: /^(Team|Pro)/ })
      await other
        .first()
        .getByRole('button', { name: /^Choose / })
        .click()
      await billing.page.getByRole('button', { name: 'Switch plan' }).click()
    },
    'xstate.done.actor.changePlan': async (world) => {
      await answered(world)
      await expect(billingOf(world).page).toHaveURL(/\/business\/billing$/)
    },
    'subscription.cancel': async (world) => {
      const billing = await onBilling(world)
      await billing.page.getByRole('button', { name: 'Cancel subscription' }).click()
      await billing.seeDialog('Cancel the subscription?')
      await billing.clickInDialog('Cancel subscription')
    },
    'xstate.done.actor.cancelSubscription': (world) => answered(world),
    'subscription.reactivate': async (world) => {
      const billing = await onBilling(world)
      await billing.page.getByRole('button', { name: 'Keep the subscription' }).click()
    },
    'xstate.done.actor.reactivateSubscription': (world) => answered(world),
    // Deleting is on the business's profile.
    'business.delete': async (world) => {
      const billing = billingOf(world)
      await billing.open('/business/profile')
      await billing.page.getByRole('button', { name: 'Delete business' }).click()
      await billing.seeDialog(`Delete ${world.name}?`)
      await billing.clickInDialog('Delete business')
    },
    'xstate.done.actor.deleteBusiness': (world) => answered(world),
    // The billing page says when the business goes, and leads to where it is kept.
    'deletion.revoke': async (world) => {
      const billing = await onBilling(world)
      await billing.page
        .getByRole('region', { name: 'Where your business stands' })
        .getByRole('link', { name: 'Keep the business' })
        .click()
      await billing.page.getByRole('button', { name: 'Keep the business' }).click()
      await billing.seeDialog(`Keep ${world.name}?`)
      await billing.clickInDialog('Keep the business')
    },
    'xstate.done.actor.revokeDeletion': (world) => answered(world),
  },
  states: {
    'subscription.trialing': (world) => seeStanding(world, 'You are on the free trial.'),
    // A trial ended early leaves the business to pay before anything else: the billing page sends the admin to
    // the members page, which says so.
    'subscription.cancelled': async (world) => {
      const billing = billingOf(world)
      await billing.open('/business/billing')
      await expect(billing.page).toHaveURL(/\/business\/members$/)
      await expect(billing.page.getByRole('main').getByRole('status')).toHaveText(
        "Your free trial has ended. To go on signing on the business's account, choose a plan.",
      )
    },
    'subscription.active': (world) => seeStanding(world, 'Your subscription is active.'),
    'subscription.subscribedInTrial': (world) => seeStanding(world, /^Your trial stays free until .+\.$/),
    'subscription.cancelling': (world) => seeStanding(world, 'Your subscription is cancelled.'),
    'deletion.pending': (world) => seeDeletion(world, true),
    'deletion.none': (world) => seeDeletion(world, false),
  },
}
