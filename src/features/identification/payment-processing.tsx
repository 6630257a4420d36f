import { Trans } from '@lingui/react/macro'

/** The licence paid for is still processing at the bank: nothing to pay again, the methods follow once it is paid. */
export function PaymentProcessing() {
  return (
    <Trans>
      Your payment is being processed by your bank. You do not need to pay again: the methods it pays for are
      offered here as soon as your bank confirms it.
    </Trans>
  )
}
