import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { type FormEvent, lazy, type ReactNode, Suspense, useId, useState } from 'react'
import type { SetupIntent } from '../../../contract/billing.ts'
import type { Business } from '../../../contract/businesses.ts'
import { confirmSandboxSetup, createSetupIntent, type SandboxPaymentDetails } from '../../api/billing.ts'
import { businessKey } from '../../api/business.ts'
import type { ApiClient } from '../../api/client.ts'
import { errorCode } from '../../api/error-messages.ts'
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

/**
 * Collects a card or a SEPA debit and hands it to the card provider (never to our
 * server): Stripe's Payment Element when the server has Stripe, the sandbox's own form otherwise. Then
 * runs `onConfirmed` with the setup intent that holds it.
 */
export function PaymentMethodForm({ setup, submitLabel, onConfirmed, children }: PaymentMethodFormProps) {
  // One setup per visit: a declined card can be replaced in the same setup; a confirmed one is used up.
  const [attempt, setAttempt] = useState(0)
  const { data: intent, error } = useQuery({
    queryKey: [...setup.key, 'setup-intent', attempt],
    queryFn: setup.create,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
  const { i18n } = useLingui()
  if (error) return <FormAlert>{i18n._(businessErrorMessage(errorCode(error)))}</FormAlert>
  if (!intent) return null
  const confirmed = async (setupIntentId: string) => {
    await onConfirmed(setupIntentId)
    setAttempt((n) => n + 1)
  }
  return intent.publishableKey ? (
    <Suspense fallback={null}>
      <StripePaymentFields
        intent={intent as SetupIntent & { publishableKey: string }}
        submitLabel={submitLabel}
        onConfirmed={confirmed}
      >
        {children}
      </StripePaymentFields>
    </Suspense>
  ) : (
    <SandboxPaymentFields intent={intent} submitLabel={submitLabel} onConfirmed={confirmed}>
      {children}
    </SandboxPaymentFields>
  )
}

/** The test system's card and SEPA form: it takes the documented test numbers only. */
function SandboxPaymentFields({
  intent,
  submitLabel,
  onConfirmed,
  children,
}: {
  intent: SetupIntent
  submitLabel: ReactNode
  onConfirmed: (setupIntentId: string) => Promise<void>
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
  const submit = useMutation({
    mutationFn: async (details: SandboxPaymentDetails) => {
      await confirmSandboxSetup(api, intent.clientSecret, details)
      await onConfirmed(intent.id)
    },
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (kind === 'sepaDebit') {
      setInvalid(null)
      submit.mutate({ sepaDebit: { iban: fields.iban, name: fields.holder } })
      return
    }
    const expiry = parseExpiry(fields.expiry)
    if (!expiry) {
      setInvalid('expiry')
      return
    }
    setInvalid(null)
    submit.mutate({ card: { number: fields.number, ...expiry, cvc: fields.cvc.trim() } })
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
      {submit.error ? <FormAlert>{i18n._(businessErrorMessage(errorCode(submit.error)))}</FormAlert> : null}
      <div className={styles.formActions}>
        <BusyButton type="submit" busy={submit.isPending}>
          {submitLabel}
        </BusyButton>
      </div>
    </form>
  )
}
