import { assign, fromPromise, setup } from 'xstate'
import type { UpgradePreview, UpgradePreviewRequest } from '../../contract/price-plans.ts'
import { callErrorCode } from './billing-error.ts'
import type {
  CheckoutOrderInput,
  CheckoutPreviewInput,
  PlanCheckoutContext,
  PlanCheckoutEvent,
  PlanCheckoutInput,
} from './plan-checkout.types.ts'

type Context = { context: PlanCheckoutContext }

/** The order as the server prices it: a smaller team buys the plan's least seats, a switch keeps its own. */
function checkoutOrder(context: PlanCheckoutContext): UpgradePreviewRequest {
  const { code } = context
  return {
    plan: context.plan ?? '',
    cycle: context.cycle,
    amountSeats: context.mode === 'switch' ? context.seats : Math.max(context.seats, context.minSeats),
    currency: context.currency,
    ...(code === ''
      ? {}
      : code.toUpperCase().startsWith('REF-')
        ? { referralCode: code }
        : { promoCode: code }),
  }
}

/** The time of the price shown: a switch quotes its proration time, an order its first period's start. */
const previewedAt = (preview: UpgradePreview | null) =>
  preview?.planSwitch?.timestamp ?? preview?.periods[0]?.startsAt ?? ''

const reprice = { guard: 'canPrice', target: '.pricing' } as const

/**
 * A plan chosen, priced and ordered (SPEC §2 plans, upgrade preview, direct upgrade, plan switch): the
 * buyer chooses a plan, cycle and currency (a direct buyer then gives the company it is for), the server
 * prices the order (a refused code is dropped, and the order priced without it), and the buyer confirms
 * the price with a payment method (or, switching, the one on file). Pricing and ordering are actors the
 * caller provides; ordering goes through the business payment machine for a business.
 */
export const planCheckoutMachine = setup({
  types: {
    context: {} as PlanCheckoutContext,
    events: {} as PlanCheckoutEvent,
    input: {} as PlanCheckoutInput,
  },
  actors: {
    preview: fromPromise<UpgradePreview, CheckoutPreviewInput>(() =>
      Promise.reject(new Error('checkout.preview_not_provided')),
    ),
    order: fromPromise<void, CheckoutOrderInput>(() =>
      Promise.reject(new Error('checkout.order_not_provided')),
    ),
  },
  actions: {
    choosePlan: assign((_, params: { plan: string; minSeats: number }) => ({
      plan: params.plan,
      minSeats: params.minSeats,
      preview: null,
      error: null,
    })),
    setCycle: assign((_, params: Pick<PlanCheckoutContext, 'cycle'>) => ({ cycle: params.cycle })),
    pickCurrency: assign((_, params: Pick<PlanCheckoutContext, 'currency'>) => ({
      currency: params.currency,
      currencyPicked: true,
    })),
    suggestCurrency: assign((_, params: Pick<PlanCheckoutContext, 'currency'>) => ({
      currency: params.currency,
    })),
    setCompany: assign((_, params: Pick<PlanCheckoutContext, 'company'>) => ({ company: params.company })),
    applyCode: assign((_, params: { code: string }) => ({ code: params.code.trim(), codeError: null })),
    refuseCode: assign((_, params: { error: unknown }) => ({
      code: '',
      codeError: callErrorCode(params.error) ?? 'checkout.preview_failed',
    })),
    setPreview: assign((_, params: { preview: UpgradePreview }) => ({
      preview: params.preview,
      error: null,
    })),
    clearPreview: assign({ preview: null, error: null }),
    fail: assign((_, params: { error: unknown; fallback: string }) => ({
      error: callErrorCode(params.error) ?? params.fallback,
    })),
    clearError: assign({ error: null }),
  },
  guards: {
    /** A direct buyer names the company before the order can be priced. */
    needsCompany: ({ context }: Context) => context.mode === 'direct' && context.company === null,
    canPrice: ({ context }: Context) =>
      context.plan !== null && !(context.mode === 'direct' && context.company === null),
    hadCode: ({ context }: Context) => context.code !== '',
    currencyNotPicked: ({ context }: Context) => !context.currencyPicked,
  },
}).createMachine({
  id: 'planCheckout',
  context: ({ input }) => ({
    ...input,
    plan: null,
    minSeats: 1,
    currencyPicked: false,
    code: '',
    codeError: null,
    company: null,
    preview: null,
    error: null,
  }),
  initial: 'shopping',
  states: {
    shopping: {
      initial: 'choosing',
      on: {
        'plan.choose': [
          {
            guard: 'needsCompany',
            target: '.company',
            actions: { type: 'choosePlan', params: ({ event }) => event },
          },
          { target: '.pricing', actions: { type: 'choosePlan', params: ({ event }) => event } },
        ],
        'cycle.change': [
          { ...reprice, actions: { type: 'setCycle', params: ({ event }) => event } },
          { actions: { type: 'setCycle', params: ({ event }) => event } },
        ],
        'currency.change': [
          { ...reprice, actions: { type: 'pickCurrency', params: ({ event }) => event } },
          { actions: { type: 'pickCurrency', params: ({ event }) => event } },
        ],
        'code.apply': [
          { ...reprice, actions: { type: 'applyCode', params: ({ event }) => event } },
          { actions: { type: 'applyCode', params: ({ event }) => event } },
        ],
      },
      states: {
        choosing: {
          on: {
            'currency.suggest': {
              guard: 'currencyNotPicked',
              actions: { type: 'suggestCurrency', params: ({ event }) => event },
            },
          },
        },
        company: {
          on: {
            'company.submit': {
              target: 'pricing',
              actions: { type: 'setCompany', params: ({ event }) => event },
            },
          },
        },
        pricing: {
          tags: ['busy'],
          entry: 'clearPreview',
          invoke: {
            id: 'preview',
            src: 'preview',
            input: ({ context }) => ({ order: checkoutOrder(context), company: context.company }),
            onDone: {
              target: 'priced',
              actions: { type: 'setPreview', params: ({ event }) => ({ preview: event.output }) },
            },
            // A refused code is shown at the code, and the order priced without it.
            onError: [
              {
                guard: 'hadCode',
                target: 'pricing',
                reenter: true,
                actions: { type: 'refuseCode', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: 'unpriced',
                actions: {
                  type: 'fail',
                  params: ({ event }) => ({ error: event.error, fallback: 'checkout.preview_failed' }),
                },
              },
            ],
          },
        },
        priced: {
          on: { 'checkout.confirm': { target: '#planCheckout.ordering', actions: 'clearError' } },
        },
        // The server would not price the order (e.g. a plan that does not fit): another choice may.
        unpriced: {},
      },
    },
    ordering: {
      tags: ['busy'],
      invoke: {
        id: 'order',
        src: 'order',
        input: ({ context, event }) => ({
          order: checkoutOrder(context),
          company: context.company,
          setupIntentId: event.type === 'checkout.confirm' ? event.setupIntentId : null,
          previewedAt: previewedAt(context.preview),
        }),
        onDone: 'ordered',
        // A declined card or a stale price leaves the order priced, to try again.
        onError: {
          target: '#planCheckout.shopping.priced',
          actions: {
            type: 'fail',
            params: ({ event }) => ({ error: event.error, fallback: 'checkout.order_failed' }),
          },
        },
      },
    },
    ordered: { type: 'final' },
  },
})
