import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { type FormEvent, lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import type { SetupIntent } from '../../../contract/billing.ts'
import type { Business } from '../../../contract/businesses.ts'
import { paymentMethodFormMachine } from '../../../machines/business-payment/payment-method-form.machine.ts'
import {
  selectPaymentMethodBusy,
  selectPaymentMethodError,
  selectSetupIntent,
} from '../../../machines/business-payment/payment-method-form.selectors.ts'
import type { CompleteMethodInput } from '../../../machines/business-payment/payment-method-form.types.ts'
import { confirmSandboxSetup, createSetupIntent, type SandboxPaymentDetails } from '../../api/billing.ts'
import { businessKey } from '../../api/business.ts'
import type { ApiClient } from '../../api/client.ts'
import { inspect } from '../../lib/inspect.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import styles from './business.module.css'
import { businessErrorMessage } from './business-messages.ts'

// Stripe's script comes only to admins of a server with Stripe, when they give a payment method.
const StripePaymentFields = lazy(() =>
  import('./stripe-payment-fields.tsx').then((module) => ({ default: module.StripePaymentFields })),
)

/** Props of {@link PaymentMethodForm}. */
export interface PaymentMethodFormProps {
  /** Makes the provider's setup for one payment method (a business's, or a buyer's before it exists). */
  setup: { key: readonly unknown[]; create: () => Promise<SetupIntent> }
  submitLabel: ReactNode
  /** What follows a confirmed payment method (subscribe, make it the default); its failure is shown here. */
  onConfirmed: (setupIntentId: string) => Promise<void>
  /** Shown above the button, e.g. what will be charged. */
  children?: ReactNode
}

/** The setup of a payment method for `business`, its billing country deciding the ways to pay offered. */
export function businessSetup(api: ApiClient, business: Business): PaymentMethodFormProps['setup'] {
  return {
    key: businessKey(business.id),
    create: () => createSetupIntent(api, business.id, business.admin?.billing.country ?? 'CH'),
  }
}

/** "MM / YY" or "MM/YYYY" as month and four-digit year; null when it is not a date. */
function parseExpiry(value: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value)
  if (!match) return null
  const expMonth = Number(match[1])
  const year = Number(match[2])
  return { expMonth, expYear: year < 100 ? 2000 + year : year }
}

/** The form's machine, which the provider's fields submit to and read. */
export type PaymentMethodActor = ReturnType<typeof usePaymentMethodForm>

function usePaymentMethodForm(props: Pick<PaymentMethodFormProps, 'setup' | 'onConfirmed'>) {
  const queryClient = useQueryClient()
  // The actor is made once; its calls use what the host last rendered.
  const latest = useRef(props)
  useEffect(() => {
    latest.current = props
  })
  // One setup per visit (kept while the page is open): a confirmed one is used up and dropped.
  const setupQuery = () => ({
    queryKey: [...latest.current.setup.key, 'setup-intent'],
    queryFn: latest.current.setup.create,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
  return useActorRef(
    paymentMethodFormMachine.provide({
      actors: {
        createSetup: fromPromise<SetupIntent>(() => queryClient.fetchQuery(setupQuery())),
        complete: fromPromise<void, CompleteMethodInput>(async ({ input }) => {
          await latest.current.onConfirmed(input.setupIntentId)
          queryClient.removeQueries({ queryKey: setupQuery().queryKey, exact: true })
        }),
      },
    }),
    { inspect },
  )
}

/**
 * Collects a card or a SEPA debit and hands it to the card provider (never to our
 * server): Stripe's Payment Element when the server has Stripe, the sandbox's own form otherwise. Then
 * runs `onConfirmed` with the setup intent that holds it. Its steps are the payment method form machine's.
 */
export function PaymentMethodForm({ setup, submitLabel, onConfirmed, children }: PaymentMethodFormProps) {
  const actor = usePaymentMethodForm({ setup, onConfirmed })
  const intent = useSelector(actor, selectSetupIntent)
  const error = useSelector(actor, selectPaymentMethodError)
  const { i18n } = useLingui()
  if (!intent) return error === null ? null : <FormAlert>{i18n._(businessErrorMessage(error))}</FormAlert>
  return intent.publishableKey ? (
    <Suspense fallback={null}>
      <StripePaymentFields
        actor={actor}
        intent={intent as SetupIntent & { publishableKey: string }}
        submitLabel={submitLabel}
      >
        {children}
      </StripePaymentFields>
    </Suspense>
  ) : (
    <SandboxPaymentFields actor={actor} intent={intent} submitLabel={submitLabel}>
      {children}
    </SandboxPaymentFields>
  )
}

/** The test system's card and SEPA form: it takes the documented test numbers only. */
function SandboxPaymentFields({
  actor,
  intent,
  submitLabel,
  children,
}: {
  actor: PaymentMethodActor
  intent: SetupIntent
  submitLabel: ReactNode
  children?: ReactNode
}) {
  const { t, i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const name = useId()
  const [kind, setKind] = useState<'card' | 'sepaDebit'>('card')
  const [fields, setFields] = useState({ number: '', expiry: '', cvc: '', iban: '', holder: '' })
  const [invalid, setInvalid] = useState<string | null>(null)
  const set = (key: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [key]: event.target.value }))
  const busy = useSelector(actor, selectPaymentMethodBusy)
  const error = useSelector(actor, selectPaymentMethodError)
  const submit = (details: SandboxPaymentDetails) =>
    actor.send({
      type: 'method.submit',
      confirm: async () => {
        await confirmSandboxSetup(api, intent.clientSecret, details)
        return intent.id
      },
    })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (kind === 'sepaDebit') {
      setInvalid(null)
      submit({ sepaDebit: { iban: fields.iban, name: fields.holder } })
      return
    }
    const expiry = parseExpiry(fields.expiry)
    if (!expiry) {
      setInvalid('expiry')
      return
    }
    setInvalid(null)
    submit({ card: { number: fields.number, ...expiry, cvc: fields.cvc.trim() } })
  }
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.notice}>
        <Trans>
          Test system: no money moves. Pay with the card 4242 4242 4242 4242 and any later expiry date, or the
          IBAN DE89 3704 0044 0532 0130 00.
        </Trans>
      </p>
      <fieldset className={styles.cycle}>
        <legend>
          <Trans>Pay by</Trans>
        </legend>
        <label>
          <input type="radio" name={name} checked={kind === 'card'} onChange={() => setKind('card')} />
          <Trans>Card</Trans>
        </label>
        <label>
          <input
            type="radio"
            name={name}
            checked={kind === 'sepaDebit'}
            onChange={() => setKind('sepaDebit')}
          />
          <Trans>SEPA direct debit</Trans>
        </label>
      </fieldset>
      {kind === 'card' ? (
        <>
          <TextField
            label={t`Card number`}
            value={fields.number}
            onChange={set('number')}
            inputMode="numeric"
            autoComplete="cc-number"
            required
          />
          <div className={styles.row}>
            <TextField
              label={t`Expiry date`}
              placeholder={t`MM / YY`}
              value={fields.expiry}
              onChange={set('expiry')}
              autoComplete="cc-exp"
              error={invalid === 'expiry' ? t`Enter the month and year, e.g. 12 / 30.` : undefined}
              required
            />
            <TextField
              label={t`Security code`}
              value={fields.cvc}
              onChange={set('cvc')}
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              required
            />
          </div>
        </>
      ) : (
        <>
          <TextField
            label={t`Account holder`}
            value={fields.holder}
            onChange={set('holder')}
            autoComplete="name"
            required
          />
          <TextField label={t`IBAN`} value={fields.iban} onChange={set('iban')} required />
          <p className={styles.muted}>
            <Trans>
              By giving your IBAN you allow us to collect what is due from this account by SEPA direct debit.
            </Trans>
          </p>
        </>
      )}
      {children}
      {error === null ? null : <FormAlert>{i18n._(businessErrorMessage(error))}</FormAlert>}
      <div className={styles.formActions}>
        <BusyButton type="submit" busy={busy}>
          {submitLabel}
        </BusyButton>
      </div>
    </form>
  )
}
