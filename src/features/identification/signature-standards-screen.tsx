import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouteContext, useSearch } from '@tanstack/react-router'
import { useState } from 'react'
import type {
  IdentificationMethod,
  Legislation,
} from '../../../machines/identification/identification.types.ts'
import { identificationMethods } from '../../../machines/identification/identification-methods.ts'
import { errorCode, errorMessage } from '../../api/error-messages.ts'
import { BusyButton } from '../../ui/dialog/dialog-frame.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import {
  getIdentificationPaymentQueryOptions,
  getSignatureQualitiesQueryOptions,
  startIdentification,
} from './identification-calls.ts'
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

const methodTitles: Record<IdentificationMethod, MessageDescriptor> = {
  video: msg`Video identification`,
  self: msg`Self identification with your ID document`,
  auto: msg`Automatic identification`,
  'id-austria': msg`Austrian eID (ID Austria)`,
  loc: msg`In person at a partner office`,
  'external-sc': msg`With an external signature card`,
}

const legislationTitles: Record<Legislation, MessageDescriptor> = {
  eidas: msg`EU law (eIDAS)`,
  zertes: msg`Swiss law (ZertES)`,
}

/** The provider and mode of the methods done online at an identification provider; the others are not. */
const onlineMethods: Partial<Record<IdentificationMethod, (legislation: Legislation) => [string, string]>> = {
  video: (legislation) => [legislation, 'video'],
  self: () => ['eidas', 'robo'],
  auto: () => ['zertes', 'autoident'],
  'id-austria': () => ['austria', 'eid'],
}

/**
 * /profile/signature-standards: the standards the user may sign with, what each allows, and how to get
 * the others (SPEC §2 identification methods), with the start of an online identification.
 */
export function SignatureStandardsScreen() {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const search = useSearch({ from: '/profile/signature-standards/' })
  const qualities = useQuery(getSignatureQualitiesQueryOptions(api))
  const [starting, setStarting] = useState<string>()
  const [failure, setFailure] = useState<string>()

  if (qualities.error) return <FormAlert>{i18n._(errorMessage(errorCode(qualities.error)))}</FormAlert>
  if (!qualities.data) return null
  const detail = qualities.data
  const has: Record<Standard, boolean> = {
    ses: true,
    aes: detail.aes !== undefined,
    qes_eidas: detail.qes?.eidas !== undefined,
    qes_zertes: detail.qes?.zertes !== undefined,
  }

  const start = async (key: string, provider: string, mode: string) => {
    setStarting(key)
    setFailure(undefined)
    try {
      const { identUrl } = await startIdentification(api, provider, mode)
      window.location.assign(identUrl)
    } catch (error) {
      setFailure(i18n._(errorMessage(errorCode(error))))
      setStarting(undefined)
    }
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

      {search.identification === 'done' ? (
        <p className={styles.card} role="status">
          <Trans>Your identification is finished. The standards it unlocked are listed below.</Trans>
        </p>
      ) : null}

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
                  <Trans>Available</Trans>
                </span>
              ) : (
                <span className={styles.badge} data-tone="muted" data-state="locked">
                  <Trans>Not yet</Trans>
                </span>
              )}
            </li>
          ))}
        </ul>
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
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        {(['zertes', 'eidas'] as const).map((legislation) => (
          <LegislationMethods
            key={legislation}
            legislation={legislation}
            done={has[`qes_${legislation}`]}
            starting={starting}
            onStart={start}
          />
        ))}
      </section>
    </div>
  )
}

function LegislationMethods(props: {
  legislation: Legislation
  done: boolean
  starting: string | undefined
  onStart: (key: string, provider: string, mode: string) => void
}) {
  const { legislation, done, starting, onStart } = props
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const payment = useQuery(getIdentificationPaymentQueryOptions(api, legislation))
  const covered = payment.data?.covered ?? false
  const price =
    payment.data?.amount != null && payment.data.currency != null
      ? i18n.number(payment.data.amount / 100, { style: 'currency', currency: payment.data.currency })
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
              <Trans>Your business pays for your identification.</Trans>
            ) : price ? (
              <Trans>An identification costs {price}.</Trans>
            ) : null}
          </p>
          <ul className={styles.list}>
            {identificationMethods(legislation, covered).map((method) => {
              const online = onlineMethods[method]?.(legislation)
              const key = `${legislation}-${method}`
              return (
                <li key={method} className={styles.item} data-testid={`method-${key}`}>
                  <span className={styles.itemTitle}>{i18n._(methodTitles[method])}</span>
                  {online ? (
                    <BusyButton
                      type="button"
                      busy={starting === key}
                      disabled={starting !== undefined}
                      onClick={() => onStart(key, online[0], online[1])}
                    >
                      <Trans>Start</Trans>
                    </BusyButton>
                  ) : (
                    <span className={styles.badge} data-tone="muted">
                      <Trans>Ask our support</Trans>
                    </span>
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
