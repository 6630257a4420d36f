import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { identificationMachine } from '../../../machines/identification/identification.machine.ts'
import {
  selectIdentificationContext,
  selectIdentificationStep,
} from '../../../machines/identification/identification.selectors.ts'
import type {
  IdentificationMethod,
  IdentificationPaymentConfirmation,
  IdentificationPaymentIntent,
  IdentificationRequest,
  Legislation,
} from '../../../machines/identification/identification.types.ts'
import { loadMessages } from '../../i18n/i18n.ts'
import { formatMoney } from '../../i18n/locales.ts'
import { inspect } from '../../lib/inspect.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button, buttonClass } from '../../ui/button/button.tsx'
import { openDialog } from '../../ui/dialog/open-dialog.tsx'
import { CheckboxField } from '../../ui/form/checkbox-field.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { PaymentMethodForm } from '../business/payment-method-form.tsx'
import { AskSupportLink } from './ask-support-link.tsx'
import { FlowLink } from './flow-link.tsx'
import {
  getIdentificationPaymentQueryOptions,
  type IdentificationAccess,
  identificationActorCalls,
} from './identification-calls.ts'
import { identificationDialogs } from './identification-dialogs.ts'
import { identificationErrors, methodGives, methodNeeds, methodTitles } from './identification-messages.ts'
import { type IdentificationBase, identificationPath, onlineMethodOf } from './identification-routes.ts'
import { PaymentProcessing } from './payment-processing.tsx'
import styles from './signature-standards.module.css'

/** Props of one page of the identification flow. */
export interface IdentificationFlowProps {
  base: IdentificationBase
  access: IdentificationAccess
  legislation: Legislation
  /** The method page; absent, the page lists the legislation's methods. */
  method?: IdentificationMethod
  /** The provider's page sent the browser back here: the appointment's outcome is polled. */
  returned: boolean
  /** The request being signed, which the person goes back to once identified. */
  signatureRequestId?: string
  /** Where "done" leads, and its label. */
  done: { href: string; label: 'request' | 'standards' }
  /** The query the links between flow routes keep (e.g. `?signatureRequestId=`), or ''. */
  query: string
  /** Asks what the provider needs before the start (e.g. the supply eID data dialog); false stops the start. */
  beforeStart?: () => Promise<boolean>
}

/**
 * One page of the identification flow (SPEC §2, §4), driven by the identification machine: the methods of a
 * legislation with their price, a method's page with what it needs and its start, and after the provider's
 * page the wait for its outcome, the activation of the new standard, success or failure.
 */
export function IdentificationFlow(props: IdentificationFlowProps) {
  const { base, access, legislation, method, returned, signatureRequestId, query } = props
  const { i18n } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const machine = useMemo(() => {
    const calls = identificationActorCalls(api, access)
    return identificationMachine.provide({
      actors: {
        checkCoverage: fromPromise<boolean, IdentificationRequest>(async ({ input }) => {
          const covered = await calls.checkCoverage(input)
          // Asked again after a refused start: the price shown follows what the server now says.
          await queryClient.invalidateQueries({ queryKey: ['identification-payment'] })
          return covered
        }),
        createPayment: fromPromise<IdentificationPaymentIntent, IdentificationRequest>(async ({ input }) => {
          // The card form is the business payment's, with its texts.
          const [payment] = await Promise.all([calls.createPayment(input), loadMessages('business')])
          return payment
        }),
        confirmPayment: fromPromise<boolean, IdentificationPaymentConfirmation>(async ({ input }) => {
          const covered = await calls.confirmPayment(input)
          // The price shown anywhere gives way to the paid licence.
          await queryClient.invalidateQueries({ queryKey: ['identification-payment'] })
          return covered
        }),
        startIdentification: fromPromise(({ input }: { input: IdentificationRequest }) =>
          calls.startIdentification(input),
        ),
        fetchIdentification: fromPromise(({ input }: { input: IdentificationRequest }) =>
          calls.fetchIdentification(input),
        ),
        fetchHighestQuality: fromPromise(() => calls.fetchHighestQuality()),
      },
    })
  }, [api, access, queryClient])
  const actor = useActorRef(machine, { input: { signatureRequestId }, inspect })
  const step = useSelector(actor, selectIdentificationStep)
  const context = useSelector(actor, selectIdentificationContext)
  const startedHere = useRef(false)
  const [consent, setConsent] = useState(false)
  const payment = useQuery(getIdentificationPaymentQueryOptions(api, legislation, access))

  useEffect(() => {
    if (returned && method) actor.send({ type: 'identification.resume', legislation, method })
    else actor.send({ type: 'legislation.choose', legislation })
  }, [actor, returned, legislation, method])

  // A licence the bank was processing is paid now: the methods it pays for are offered.
  const paidMeanwhile = context.isCovered === false && payment.data?.covered === true
  useEffect(() => {
    if (paidMeanwhile) actor.send({ type: 'coverage.recheck' })
  }, [actor, paidMeanwhile])

  // The appointment is open at the provider: its page runs the identification and sends the browser back.
  const identUrl = context.identUrl
  const leaving = startedHere.current && step === 'awaitingAppointment' && identUrl !== undefined
  useEffect(() => {
    if (leaving && identUrl) window.location.assign(identUrl)
  }, [leaving, identUrl])

  const [preparing, setPreparing] = useState(false)
  const start = async (chosen: IdentificationMethod) => {
    if (props.beforeStart) {
      setPreparing(true)
      const ready = await props.beforeStart().finally(() => setPreparing(false))
      if (!ready) return
    }
    startedHere.current = true
    actor.send({ type: 'method.choose', method: chosen })
  }
  const startAustria = () =>
    void openDialog(ui, identificationDialogs.connectAustrianEid, {
      props: undefined,
      action: async () => start('id-austria'),
    })

  const { errorCode, methods, isCovered } = context
  const error = errorCode ? <FormAlert>{i18n._(identificationErrors[errorCode])}</FormAlert> : null
  const price =
    payment.data?.amount != null && payment.data.currency != null
      ? formatMoney(payment.data.amount, i18n.locale, payment.data.currency)
      : undefined
  const busy = (text: ReactNode) => (
    <p className={`${styles.card} ${styles.status}`} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      {text}
    </p>
  )

  if (step === 'choosingLegislation')
    return (
      <div className={styles.card}>
        {error}
        <Button onClick={() => actor.send({ type: 'legislation.choose', legislation })}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    )
  if (step === 'checkingCoverage') return busy(<Trans>Checking the methods offered to you…</Trans>)
  if (step === 'creatingPayment') return busy(<Trans>Preparing the payment…</Trans>)
  if (step === 'confirmingPayment') return busy(<Trans>Confirming your payment…</Trans>)
  const licence = context.payment
  if (step === 'enteringCard' && licence) {
    const licencePrice = formatMoney(licence.amount, i18n.locale, licence.currency)
    return (
      <section className={styles.card} aria-labelledby="ident-pay" data-testid="identification-payment">
        <h2 id="ident-pay">
          <Trans>Pay for your identification</Trans>
        </h2>
        <p className={styles.lead}>
          <Trans>
            One identification licence costs {licencePrice}. It is used by your first successful
            identification; if one fails, you can try again without paying again.
          </Trans>
        </p>
        {error}
        <PaymentMethodForm
          setup={{ key: ['identification-payment', licence.id], create: async () => licence.intent }}
          submitLabel={<Trans>Pay</Trans>}
          onConfirmed={async (intentId) => {
            actor.send({ type: 'payment.confirm', intentId })
          }}
        />
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => actor.send({ type: 'payment.cancel' })}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </section>
    )
  }
  if (step === 'starting' || leaving) return busy(<Trans>Opening the identification provider…</Trans>)
  if (step === 'awaitingAppointment' || step === 'polling')
    return busy(
      context.status === 'inprogress' ? (
        <Trans>Your identification is in progress. This page updates by itself.</Trans>
      ) : (
        <Trans>Waiting for the result of your identification. This page updates by itself.</Trans>
      ),
    )
  if (step === 'activatingQES' || step === 'checkingQuality')
    return busy(<Trans>You are identified. Activating your new signature standard…</Trans>)
  if (step === 'done')
    return (
      <section className={styles.card} data-testid="identification-done" aria-labelledby="ident-done">
        <h2 id="ident-done">
          <Trans>You are identified</Trans>
        </h2>
        <p className={styles.lead} role="status">
          {method && methodGives[method] ? i18n._(methodGives[method]) : null}{' '}
          <Trans>Your new signature standard is active.</Trans>
        </p>
        <div className={styles.actions}>
          <FlowLink className={buttonClass({})} href={props.done.href}>
            {props.done.label === 'request' ? (
              <Trans>Back to the request</Trans>
            ) : (
              <Trans>To your signature standards</Trans>
            )}
          </FlowLink>
        </div>
      </section>
    )
  if (step === 'failure')
    return (
      <section className={styles.card} data-testid="identification-failed" aria-labelledby="ident-failed">
        <h2 id="ident-failed">
          <Trans>The identification did not succeed</Trans>
        </h2>
        <FormAlert>
          <Trans>
            The provider could not identify you, or the identification was cancelled. Your signature standards
            are unchanged.
          </Trans>
        </FormAlert>
        <div className={styles.actions}>
          <Button onClick={() => actor.send({ type: 'identification.retry' })}>
            <Trans>Try again</Trans>
          </Button>
          <FlowLink
            className={buttonClass({ variant: 'secondary' })}
            href={identificationPath(base, `${legislation}${query}`)}
          >
            <Trans>Choose another method</Trans>
          </FlowLink>
        </div>
      </section>
    )

  // choosingMethod
  const cost = isCovered ? (
    payment.data?.coveredBy === 'licence' ? (
      <Trans>Your identification licence is paid.</Trans>
    ) : (
      <Trans>Your business pays for your identification.</Trans>
    )
  ) : payment.data?.processing ? (
    <PaymentProcessing />
  ) : price ? (
    <Trans>An identification costs {price}.</Trans>
  ) : null
  // Not covered: one licence can be bought, which offers the covered methods (SPEC §2 table); not while the
  // one paid for is still processing at the bank.
  const pay =
    isCovered === false && price && !payment.data?.processing ? (
      <div className={styles.actions}>
        <Button onClick={() => actor.send({ type: 'payment.start' })}>
          <Trans>Pay {price} for video and other methods</Trans>
        </Button>
      </div>
    ) : null

  if (method === undefined)
    return (
      <section
        className={styles.card}
        aria-labelledby="ident-methods"
        data-testid={`legislation-${legislation}`}
      >
        <h2 id="ident-methods">
          <Trans>How do you want to identify yourself?</Trans>
        </h2>
        <p className={styles.lead}>{cost}</p>
        {error}
        {pay}
        <ul className={styles.list}>
          {methods.map((offered) => {
            const online = onlineMethodOf(legislation, offered)
            const title = i18n._(methodTitles[offered])
            return (
              <li key={offered} className={styles.item} data-testid={`method-${legislation}-${offered}`}>
                <div className={styles.itemText}>
                  <span className={styles.itemTitle}>{title}</span>
                  {methodGives[offered] ? (
                    <span className={styles.lead}>{i18n._(methodGives[offered])}</span>
                  ) : null}
                </div>
                {offered === 'id-austria' ? (
                  <Button variant="secondary" onClick={startAustria}>
                    <Trans>Connect</Trans>
                  </Button>
                ) : online ? (
                  <FlowLink
                    className={buttonClass({ variant: 'secondary' })}
                    href={identificationPath(base, `${online.route}${query}`)}
                  >
                    {/* Each link's name says which method it chooses. */}
                    <Trans>
                      Choose<span className="visually-hidden"> {title}</span>
                    </Trans>
                  </FlowLink>
                ) : (
                  <AskSupportLink legislation={legislation} method={offered} />
                )}
              </li>
            )
          })}
        </ul>
      </section>
    )

  if (!methods.includes(method))
    return (
      <section className={styles.card}>
        <FormAlert>
          <Trans>This method is not offered to you for this legislation.</Trans>
        </FormAlert>
        {error}
        {pay}
        <FlowLink
          className={buttonClass({ variant: 'secondary' })}
          href={identificationPath(base, `${legislation}${query}`)}
        >
          <Trans>See the methods offered</Trans>
        </FlowLink>
      </section>
    )

  return (
    <section className={styles.card} aria-labelledby="ident-method" data-testid={`method-page-${method}`}>
      <h2 id="ident-method">{i18n._(methodTitles[method])}</h2>
      <p className={styles.lead}>
        {methodGives[method] ? i18n._(methodGives[method]) : null} {cost}
      </p>
      <h3 className={styles.subheading}>
        <Trans>What you need</Trans>
      </h3>
      <ul className={styles.needs}>
        {(methodNeeds[method] ?? []).map((need) => (
          <li key={need.id}>{i18n._(need)}</li>
        ))}
      </ul>
      {error}
      <CheckboxField
        checked={consent}
        onChange={(event) => setConsent(event.target.checked)}
        label={
          <Trans>
            I agree that the identification provider checks my identity document and passes the result to us.
          </Trans>
        }
      />
      <div className={styles.actions}>
        <BusyButton busy={preparing} disabled={!consent} onClick={() => void start(method)}>
          <Trans>Start identification</Trans>
        </BusyButton>
        <FlowLink
          className={buttonClass({ variant: 'secondary' })}
          href={identificationPath(base, `${legislation}${query}`)}
        >
          <Trans>Other methods</Trans>
        </FlowLink>
      </div>
    </section>
  )
}
