import { useLingui } from '@lingui/react/macro'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import { loadStripe, type Stripe } from '@stripe/stripe-js'
import { useSelector } from '@xstate/react'
import { type FormEvent, type ReactNode, useMemo } from 'react'
import type { SetupIntent } from '../../../contract/billing.ts'
import {
  selectPaymentMethodBusy,
  selectPaymentMethodError,
} from '../../../machines/business-payment/payment-method-form.selectors.ts'
import { ApiError } from '../../api/client.ts'
import { resolveLocale } from '../../i18n/locales.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import styles from './business.module.css'
import { businessErrorMessage } from './business-messages.ts'
import type { PaymentMethodActor } from './payment-method-form.tsx'

const loaded = new Map<string, Promise<Stripe | null>>()

/** Stripe.js for a publishable key, loaded once. */
function stripeFor(key: string): Promise<Stripe | null> {
  const existing = loaded.get(key)
  if (existing) return existing
  const stripe = loadStripe(key)
  loaded.set(key, stripe)
  return stripe
}

type Props = {
  /** The payment method form's machine, which confirms what is entered here. */
  actor: PaymentMethodActor
  intent: SetupIntent & { publishableKey: string }
  submitLabel: ReactNode
  children?: ReactNode
}

function Fields({ actor, intent, submitLabel, children }: Props) {
  const { i18n } = useLingui()
  const stripe = useStripe()
  const elements = useElements()
  const busy = useSelector(actor, selectPaymentMethodBusy)
  const error = useSelector(actor, selectPaymentMethodError)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!stripe || !elements) return
    actor.send({
      type: 'method.submit',
      confirm: async () => {
        // Cards are confirmed here, in Stripe's frame; a bank that needs a redirect comes back to this page.
        const params = {
          elements,
          redirect: 'if_required',
          confirmParams: { return_url: window.location.href },
        } as const
        // A one-off payment (a PaymentIntent, e.g. an identification licence) is paid, a setup only saved.
        const { error, id } = intent.clientSecret.startsWith('pi_')
          ? await stripe.confirmPayment(params).then((r) => ({ error: r.error, id: r.paymentIntent?.id }))
          : await stripe.confirmSetup(params).then((r) => ({ error: r.error, id: r.setupIntent?.id }))
        if (error) throw new ApiError(402, 'billing.card_declined', error.message ?? 'declined')
        return id ?? intent.id
      },
    })
  }
  return (
    <form className={styles.form} onSubmit={onSubmit}>
      <PaymentElement />
      {children}
      {error === null ? null : <FormAlert>{i18n._(businessErrorMessage(error))}</FormAlert>}
      <div className={styles.formActions}>
        <BusyButton type="submit" busy={busy} disabled={!stripe}>
          {submitLabel}
        </BusyButton>
      </div>
    </form>
  )
}

/**
 * Stripe's Payment Element for a setup intent (card or SEPA debit) or a PaymentIntent (paid at once), in the
 * user's language.
 */
export function StripePaymentFields(props: Props) {
  const { i18n } = useLingui()
  const stripe = useMemo(() => stripeFor(props.intent.publishableKey), [props.intent.publishableKey])
  const locale = (resolveLocale(i18n.locale) ?? 'en-gb').slice(0, 2) as 'en' | 'de' | 'fr' | 'it'
  return (
    <Elements stripe={stripe} options={{ clientSecret: props.intent.clientSecret, locale }}>
      <Fields {...props} />
    </Elements>
  )
}
