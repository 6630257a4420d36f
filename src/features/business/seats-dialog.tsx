import { Dialog } from '@ark-ui/react/dialog'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { type FormEvent, type ReactNode, useState } from 'react'
import type { SeatsPreview } from '../../../contract/billing.ts'
import type { SeatsChange } from '../../../machines/business-payment/business-payment.types.ts'
import { previewSeats } from '../../api/billing.ts'
import { businessKey } from '../../api/business.ts'
import { errorCode } from '../../api/error-messages.ts'
import { formatDateTime, formatMoney, resolveLocale } from '../../i18n/locales.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../ui/dialog/dialog-frame.tsx'
import { type DialogLayers, openDialog } from '../../ui/dialog/open-dialog.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import styles from './business.module.css'
import { businessDialogs } from './business-dialogs.ts'
import { businessErrorMessage } from './business-messages.ts'

/** Props of the add seats overlay and the remove seats dialog. */
export interface SeatsProps {
  businessId: string
  mode: 'add' | 'remove'
  /** Seats paid now. */
  seats: number
  /** People and open invitations: fewer seats than this cannot be. */
  seatsInUse: number
  /** The seats to start from, e.g. as many as the people being invited need; default one more or less. */
  wanted?: number
  /** The end of the paid period, until which removed seats stay. */
  periodEnd?: string
}

/** What the add seats overlay submits when the admin does not buy: the opener closes it. */
const keepSeats = 'keep'

/** What the add seats overlay submits: the change to buy, or to keep the seats as they are. */
export type AddSeatsValue = SeatsChange | typeof keepSeats

/**
 * The number of seats after the change and what it costs, as the server previews it (added seats are
 * charged now for the rest of the period; removed ones cost nothing now and less from the next period).
 */
function useSeatsChange(props: SeatsProps) {
  const { api } = useRouteContext({ from: '__root__' })
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
  const change: SeatsChange | undefined = data && { seats: data.seats, previewedAt: data.timestamp }
  return { wanted, setWanted, data, change, previewError: valid ? preview.error : null }
}

function SeatsFields({
  props,
  state,
  error,
}: {
  props: SeatsProps
  state: ReturnType<typeof useSeatsChange>
  error: unknown
}) {
  const { t, i18n } = useLingui()
  const problem = error ?? state.previewError
  return (
    <>
      <TextField
        label={t`Seats after the change`}
        type="number"
        inputMode="numeric"
        min={props.mode === 'add' ? props.seats + 1 : Math.max(1, props.seatsInUse)}
        max={props.mode === 'add' ? undefined : props.seats - 1}
        value={state.wanted}
        onChange={(event) => state.setWanted(event.target.value)}
        helper={<Plural value={props.seatsInUse} one="# seat is in use." other="# seats are in use." />}
      />
      {state.data ? <Costs data={state.data} /> : null}
      {problem ? <FormAlert>{i18n._(businessErrorMessage(errorCode(problem)))}</FormAlert> : null}
    </>
  )
}

function Costs({ data }: { data: SeatsPreview }) {
  const { i18n } = useLingui()
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const money = (amount: number) => formatMoney(amount, locale, data.currency)
  const end = formatDateTime(data.currentPeriodEnd, locale)
  const fewer = data.seats < data.currentSeats
  return (
    <dl className={styles.facts} aria-live="polite" data-testid="seats-costs">
      <dt>{fewer ? <Trans>From {end}</Trans> : <Trans>From now</Trans>}</dt>
      <dd data-testid="seats-effective">
        <Plural value={data.seats} one="One seat" other="# seats" />
      </dd>
      {fewer ? (
        <>
          <dt>
            <Trans>Until {end}</Trans>
          </dt>
          <dd>
            <Plural value={data.currentSeats} one="One seat, as paid" other="# seats, as paid" />
          </dd>
        </>
      ) : null}
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
  )
}

const paysFor = (seats: number): ReactNode => (
  <Plural value={seats} one="Your business pays for one seat." other="Your business pays for # seats." />
)

/** SPEC §2 remove seats dialog: fewer seats, from the next period on; the paid ones stay until then. */
export function RemoveSeatsDialog({
  props,
  loading,
  error,
  submit,
  close,
}: DialogContentProps<SeatsProps, SeatsChange>) {
  const { i18n } = useLingui()
  const state = useSeatsChange(props)
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const end = props.periodEnd ? formatDateTime(props.periodEnd, locale) : null
  return (
    <DialogFrame
      title={<Trans>Remove seats</Trans>}
      description={
        <>
          {paysFor(props.seats)}{' '}
          {end ? (
            <Trans>
              Removed seats stay until the paid period ends on {end}: nothing is refunded, and from then on
              your business pays for fewer seats.
            </Trans>
          ) : (
            <Trans>
              Removed seats stay until the paid period ends: nothing is refunded, and from then on your
              business pays for fewer seats.
            </Trans>
          )}
        </>
      }
      onSubmit={(event) => {
        event.preventDefault()
        if (state.change) submit(state.change)
      }}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            <Trans>Cancel</Trans>
          </Button>
          <BusyButton type="submit" busy={loading} disabled={!state.change}>
            <Trans>Remove seats</Trans>
          </BusyButton>
        </>
      }
    >
      <SeatsFields props={props} state={state} error={error} />
    </DialogFrame>
  )
}

/** SPEC §2 add seats overlay: more seats, charged now for the rest of the period. */
export function AddSeatsOverlay({
  props,
  loading,
  error,
  submit,
}: DialogContentProps<SeatsProps, AddSeatsValue>) {
  const state = useSeatsChange(props)
  const buy = (event: FormEvent) => {
    event.preventDefault()
    if (state.change) submit(state.change)
  }
  return (
    <form className={styles.overlay} onSubmit={buy} noValidate>
      <Dialog.Title>
        <Trans>Add seats</Trans>
      </Dialog.Title>
      <Dialog.Description>{paysFor(props.seats)}</Dialog.Description>
      <SeatsFields props={props} state={state} error={error} />
      <div className={styles.formActions}>
        <Button variant="secondary" onClick={() => submit(keepSeats)} disabled={loading}>
          <Trans>Cancel</Trans>
        </Button>
        <BusyButton type="submit" busy={loading} disabled={!state.change}>
          <Trans>Buy seats</Trans>
        </BusyButton>
      </div>
    </form>
  )
}

/**
 * Opens the add seats overlay; resolves whether the admin bought the seats (`buy` runs the change, and a
 * failure stays on the overlay with its reason).
 */
export function openAddSeats(
  ui: DialogLayers,
  props: SeatsProps,
  buy: (change: SeatsChange) => Promise<void>,
): Promise<boolean> {
  return new Promise((resolve) => {
    void openDialog(ui, businessDialogs.addSeats, {
      props,
      action: async ({ value }) => {
        if (value === keepSeats) {
          resolve(false)
          return 'complete'
        }
        await buy(value)
        resolve(true)
        return 'complete'
      },
    })
  })
}
