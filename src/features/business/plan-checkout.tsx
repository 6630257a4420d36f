import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { type FormEvent, useState } from 'react'
import { waitFor } from 'xstate'
import type { CreateBusiness } from '../../../contract/businesses.ts'
import type { UpgradePreview } from '../../../contract/price-plans.ts'
import {
  selectCheckoutError,
  selectCheckoutPreview,
  selectCheckoutStep,
  selectCodeError,
  selectCompany,
} from '../../../machines/business-payment/plan-checkout.selectors.ts'
import { ApiError } from '../../api/client.ts'
import { formatDateTime, formatMoney, resolveLocale } from '../../i18n/locales.ts'
import { Button } from '../../ui/button/button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import styles from './business.module.css'
import { BusinessDetailsForm, businessData, newBusinessDetails } from './business-details-form.tsx'
import { businessErrorMessage } from './business-messages.ts'
import { PaymentMethodForm, type PaymentMethodFormProps } from './payment-method-form.tsx'
import { PlanPreview } from './plan-preview.tsx'
import type { PlanCheckoutActor } from './use-plan-checkout.ts'

/** A promo code, or another business's referral code (`REF-…`), checked by the server's preview. */
function CodeField({ onApply, error }: { onApply: (code: string) => void; error?: string }) {
  const { t } = useLingui()
  const [code, setCode] = useState('')
  const apply = (event: FormEvent) => {
    event.preventDefault()
    onApply(code.trim())
  }
  return (
    <form className={styles.inline} onSubmit={apply}>
      <TextField
        label={t`Promo or referral code`}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="off"
        error={error}
      />
      <Button type="submit" variant="secondary">
        <Trans>Apply</Trans>
      </Button>
    </form>
  )
}

/** What paying does: subscribe and pay the first period, or (in a trial) subscribe for its first charge. */
function SubmitLabel({ preview, inTrial }: { preview: UpgradePreview; inTrial: boolean }) {
  const { i18n } = useLingui()
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const [first] = preview.periods
  if (!first) return null
  const total = formatMoney(first.total, locale, preview.currency)
  const firstCharge = formatDateTime(first.startsAt, locale)
  return inTrial ? (
    <Trans>Subscribe: first charge on {firstCharge}</Trans>
  ) : (
    <Trans>Subscribe and pay {total}</Trans>
  )
}

/**
 * The checkout of a chosen plan, for a business or for a buyer who opens one with it: the company it is
 * for (a direct buyer), a code (a business), what the server priced, and the payment, which its machine
 * turns into the order.
 */
export function PlanCheckout({
  actor,
  setup,
  inTrial = false,
  codes = false,
  buyerEmail,
}: {
  actor: PlanCheckoutActor
  /** The setup of the payment method, for the company a direct buyer named. */
  setup: (company: CreateBusiness | null) => PaymentMethodFormProps['setup']
  /** Ordered during the trial: nothing is charged before it ends. */
  inTrial?: boolean
  /** A promo or referral code may be applied (a business's order). */
  codes?: boolean
  /** The e-mail a direct buyer's company details start from. */
  buyerEmail?: string
}) {
  const { i18n } = useLingui()
  const step = useSelector(actor, selectCheckoutStep)
  const preview = useSelector(actor, selectCheckoutPreview)
  const error = useSelector(actor, selectCheckoutError)
  const codeError = useSelector(actor, selectCodeError)
  const company = useSelector(actor, selectCompany)
  if (step === 'choosing' || step === 'ordered') return null
  if (step === 'company') {
    return (
      <section className={styles.card} aria-labelledby="company-heading">
        <h2 id="company-heading">
          <Trans>Your company</Trans>
        </h2>
        <BusinessDetailsForm
          initial={newBusinessDetails(buyerEmail ?? '')}
          submitLabel={<Trans>Continue to payment</Trans>}
          onSubmit={async (values) => {
            actor.send({ type: 'company.submit', company: businessData(values) })
          }}
        />
      </section>
    )
  }
  // The payment form waits for the order it confirms, and shows why it failed (a declined card).
  const confirm = async (setupIntentId: string) => {
    actor.send({ type: 'checkout.confirm', setupIntentId })
    const settled = await waitFor(actor, (snapshot) => !snapshot.matches('ordering'))
    const code = selectCheckoutError(settled)
    if (code !== null) throw new ApiError(0, code, code)
  }
  return (
    <>
      {codes ? (
        <CodeField
          onApply={(code) => actor.send({ type: 'code.apply', code })}
          error={codeError === null ? undefined : i18n._(businessErrorMessage(codeError))}
        />
      ) : null}
      {step === 'unpriced' && error !== null ? (
        <FormAlert>{i18n._(businessErrorMessage(error))}</FormAlert>
      ) : null}
      {preview ? (
        <>
          <PlanPreview data={preview} inTrial={inTrial} />
          <section className={styles.card} aria-labelledby="payment-heading">
            <h2 id="payment-heading">
              <Trans>Payment</Trans>
            </h2>
            <PaymentMethodForm
              setup={setup(company)}
              submitLabel={<SubmitLabel preview={preview} inTrial={inTrial} />}
              onConfirmed={confirm}
            />
          </section>
        </>
      ) : null}
    </>
  )
}
