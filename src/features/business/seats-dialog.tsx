import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import type { SeatsChange } from '../../../machines/business-payment/business-payment.types.ts'
import { previewSeats } from '../../api/billing.ts'
import { businessKey } from '../../api/business.ts'
import { errorCode } from '../../api/error-messages.ts'
import { formatDateTime, formatMoney, resolveLocale } from '../../i18n/locales.ts'
import { Button } from '../../ui/button/button.tsx'
import { BusyButton, DialogFrame } from '../../ui/dialog/dialog-frame.tsx'
import type { DialogContentProps } from '../../ui/dialog/dialog-registry.ts'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import styles from './business.module.css'
import { businessErrorMessage } from './business-messages.ts'

/** Props of the add seats and remove seats dialogs. */
export interface SeatsProps {
  businessId: string
  mode: 'add' | 'remove'
  /** Seats paid now. */
  seats: number
  /** People and open invitations: fewer seats than this cannot be. */
  seatsInUse: number
  /** The seats to start from, e.g. as many as the people being invited need; default one more or less. */
  wanted?: number
}

/**
 * SPEC §2 add seats and remove seats: the number of seats after the change and what it costs, as the
 * server previews it (added seats are charged now for the rest of the period; removed ones cost nothing
 * now and less from the next period). Confirming hands the preview's time to the opener's action.
 */
export function SeatsDialog({ props, loading, error, submit, close }: DialogContentProps<SeatsProps>) {
  const { t, i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const [wanted, setWanted] = useState(
    String(props.wanted ?? (props.mode === 'add' ? props.seats + 1 : props.seats - 1)),
  )
  const seats = Number(wanted)
  const valid =
    Number.isInteger(seats) &&
    (props.mode === 'add' ? seats > props.seats : seats < props.seats && seats >= 1)
  const preview = useQuery({
    queryKey: [...businessKey(props.businessId), 'seats-preview', seats],
    queryFn: () => previewSeats(api, props.businessId, seats),
    enabled: valid,
    retry: false,
    staleTime: 0,
  })
  const data = valid ? preview.data : undefined
  const money = (amount: number) => (data ? formatMoney(amount, locale, data.currency) : '')
  const end = data ? formatDateTime(data.currentPeriodEnd, locale) : ''
  const problem = error ?? (valid ? preview.error : null)
  return (
    <DialogFrame
      title={props.mode === 'add' ? <Trans>Add seats</Trans> : <Trans>Remove seats</Trans>}
      description={
        <Plural
          value={props.seats}
          one="Your business pays for one seat."
          other="Your business pays for # seats."
        />
      }
      onSubmit={(event) => {
        event.preventDefault()
        if (data) submit({ seats: data.seats, previewedAt: data.timestamp } satisfies SeatsChange)
      }}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            <Trans>Cancel</Trans>
          </Button>
          <BusyButton type="submit" busy={loading} disabled={!data}>
            {props.mode === 'add' ? <Trans>Buy seats</Trans> : <Trans>Remove seats</Trans>}
          </BusyButton>
        </>
      }
    >
      <TextField
        label={t`Seats after the change`}
        type="number"
        inputMode="numeric"
        min={props.mode === 'add' ? props.seats + 1 : Math.max(1, props.seatsInUse)}
        max={props.mode === 'add' ? undefined : props.seats - 1}
        value={wanted}
        onChange={(event) => setWanted(event.target.value)}
        helper={<Plural value={props.seatsInUse} one="# seat is in use." other="# seats are in use." />}
      />
      {data ? (
        <dl className={styles.facts} aria-live="polite">
          {data.amountDue > 0 ? (
            <>
              <dt>
                <Trans>Charged now, until {end}</Trans>
              </dt>
              <dd>
                <strong>{money(data.total)}</strong>
                {data.vat > 0 ? (
                  <span className={styles.muted}>
                    {' '}
                    <Trans>incl. VAT {money(data.vat)}</Trans>
                  </span>
                ) : null}
              </dd>
            </>
          ) : (
            <>
              <dt>
                <Trans>Charged now</Trans>
              </dt>
              <dd>{money(0)}</dd>
            </>
          )}
          <dt>
            <Trans>Each period from {end}</Trans>
          </dt>
          <dd>
            <Trans>{money(data.nextPeriodAmount)} before VAT</Trans>
          </dd>
        </dl>
      ) : null}
      {problem ? <FormAlert>{i18n._(businessErrorMessage(errorCode(problem)))}</FormAlert> : null}
    </DialogFrame>
  )
}
