import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import type { Legislation } from '../../../machines/identification/identification.types.ts'
import { identificationMethods } from '../../../machines/identification/identification-methods.ts'
import { errorCode } from '../../api/error-messages.ts'
import { formatMoney } from '../../i18n/locales.ts'
import { buttonClass } from '../../ui/button/button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { AskSupportLink } from './ask-support-link.tsx'
import { FlowLink } from './flow-link.tsx'
import {
  getIdentificationPaymentQueryOptions,
  getSignatureQualitiesQueryOptions,
} from './identification-calls.ts'
import { identificationErrorMessage, legislationTitles, methodTitles } from './identification-messages.ts'
import { identificationPath, onlineMethodOf } from './identification-routes.ts'
import { PaymentProcessing } from './payment-processing.tsx'
import styles from './signature-standards.module.css'

type Standard = 'ses' | 'aes' | 'qes_eidas' | 'qes_zertes'

const standardTitles: Record<Standard, MessageDescriptor> = {
  ses: msg`Simple electronic signature (SES)`,
  aes: msg`Advanced electronic signature (AES)`,
  qes_eidas: msg`Qualified electronic signature, EU law (QES eIDAS)`,
  qes_zertes: msg`Qualified electronic signature, Swiss law (QES ZertES)`,
}

const standardUses: Record<Standard, MessageDescriptor> = {
  ses: msg`For documents with no form requirement, such as offers, orders and internal approvals.`,
  aes: msg`Binds the signature to you personally: for contracts where evidence of who signed matters.`,
  qes_eidas: msg`Equal to a handwritten signature in the EU: for documents that require the written form.`,
  qes_zertes: msg`Equal to a handwritten signature in Switzerland: for documents that require the written form.`,
}

/**
 * /profile/signature-standards: the standards the user may sign with, what each allows, and how to get
 * the others (SPEC §2 identification methods), with the start of an online identification.
 */
export function SignatureStandardsScreen() {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const qualities = useQuery(getSignatureQualitiesQueryOptions(api))

  if (qualities.error)
    return <FormAlert>{i18n._(identificationErrorMessage(errorCode(qualities.error)))}</FormAlert>
  if (!qualities.data) return null
  const detail = qualities.data
  const has: Record<Standard, boolean> = {
    ses: true,
    aes: detail.aes !== undefined,
    qes_eidas: detail.qes?.eidas !== undefined,
    qes_zertes: detail.qes?.zertes !== undefined,
  }
  // Outside production the qualified certificates are demo ones (SPEC §4 highest quality).
  const demo: Record<Standard, boolean> = {
    ses: false,
    aes: false,
    qes_eidas: detail.qes?.eidas?.quality === 'demo',
    qes_zertes: detail.qes?.zertes?.quality === 'demo',
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>
          <Trans>Signature standards</Trans>
        </h1>
        <p className={styles.lead}>
          <Trans>Which signatures you can make, and how to unlock the others by identifying yourself.</Trans>
        </p>
      </header>

      <section className={styles.card} aria-labelledby="standards-yours">
        <h2 id="standards-yours">
          <Trans>Your standards</Trans>
        </h2>
        <ul className={styles.list}>
          {(Object.keys(standardTitles) as Standard[]).map((standard) => (
            <li key={standard} className={styles.item} data-testid={`standard-${standard}`}>
              <div className={styles.itemText}>
                <span className={styles.itemTitle}>{i18n._(standardTitles[standard])}</span>
                <span className={styles.lead}>{i18n._(standardUses[standard])}</span>
              </div>
              {has[standard] ? (
                <span className={styles.badge} data-tone="success" data-state="available">
                  {demo[standard] ? <Trans>Available (demo)</Trans> : <Trans>Available</Trans>}
                </span>
              ) : (
                <span className={styles.badge} data-tone="muted" data-state="locked">
                  <Trans>Not yet</Trans>
                </span>
              )}
            </li>
          ))}
        </ul>
        <div className={styles.actions}>
          <FlowLink className={buttonClass({})} href={identificationPath('account', 'legislation')}>
            <Trans>Identify yourself</Trans>
          </FlowLink>
          <FlowLink
            className={buttonClass({ variant: 'secondary' })}
            href={identificationPath('account', 'update')}
          >
            <Trans>Choose your default standard</Trans>
          </FlowLink>
        </div>
      </section>

      <section className={styles.card} aria-labelledby="standards-get">
        <h2 id="standards-get">
          <Trans>Get a qualified signature</Trans>
        </h2>
        <p className={styles.lead}>
          <Trans>
            Identify yourself once for a legislation. Video and automatic identification unlock the qualified
            signature; self identification unlocks the advanced one.
          </Trans>
        </p>
        {(['zertes', 'eidas'] as const).map((legislation) => (
          <LegislationMethods key={legislation} legislation={legislation} done={has[`qes_${legislation}`]} />
        ))}
      </section>
    </div>
  )
}

function LegislationMethods(props: { legislation: Legislation; done: boolean }) {
  const { legislation, done } = props
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const payment = useQuery(getIdentificationPaymentQueryOptions(api, legislation))
  const covered = payment.data?.covered ?? false
  const price =
    payment.data?.amount != null && payment.data.currency != null
      ? formatMoney(payment.data.amount, i18n.locale, payment.data.currency)
      : undefined
  return (
    <div className={styles.legislation} data-testid={`legislation-${legislation}`}>
      <h3>{i18n._(legislationTitles[legislation])}</h3>
      {done ? (
        <p className={styles.lead}>
          <Trans>You are identified for this legislation.</Trans>
        </p>
      ) : (
        <>
          <p className={styles.lead}>
            {covered ? (
              payment.data?.coveredBy === 'licence' ? (
                <Trans>Your identification licence is paid.</Trans>
              ) : (
                <Trans>Your business pays for your identification.</Trans>
              )
            ) : payment.data?.processing ? (
              <PaymentProcessing />
            ) : price ? (
              <Trans>An identification costs {price}.</Trans>
            ) : null}
          </p>
          <ul className={styles.list}>
            {identificationMethods(legislation, covered).map((method) => {
              const online = onlineMethodOf(legislation, method)
              const key = `${legislation}-${method}`
              const title = i18n._(methodTitles[method])
              return (
                <li key={method} className={styles.item} data-testid={`method-${key}`}>
                  <span className={styles.itemTitle}>{title}</span>
                  {online ? (
                    <FlowLink
                      className={buttonClass({ variant: 'secondary', size: 'sm' })}
                      href={identificationPath(
                        'account',
                        method === 'id-austria' ? legislation : online.route,
                      )}
                    >
                      <Trans>
                        Start<span className="visually-hidden"> {title}</span>
                      </Trans>
                    </FlowLink>
                  ) : (
                    <AskSupportLink legislation={legislation} method={method} />
                  )}
                </li>
              )
            })}
          </ul>
        </>
      )}
    </div>
  )
}
