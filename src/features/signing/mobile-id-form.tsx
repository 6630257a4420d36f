import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { getCountryCallingCode } from 'libphonenumber-js/mobile'
import { type FormEvent, useMemo, useState } from 'react'
import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import { type CountryCode, defaultPhoneCountry, phoneCountries } from '../../../contract/phone-number.ts'
import type { mobileIdMachine } from '../../../machines/mobile-id/mobile-id.machine.ts'
import type { MobileIdErrorCode } from '../../../machines/mobile-id/mobile-id.types.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { SelectField } from '../../ui/form/select-field.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import { useSecondsUntil } from '../../ui/form/use-seconds-until.ts'
import styles from './mobile-id.module.css'

/** A running mobile number registration (machines/mobile-id). */
export type MobileIdActor = ActorRefFrom<typeof mobileIdMachine>

const messages: Record<MobileIdErrorCode, MessageDescriptor> = {
  'mobile_id.send_failed': msg`We could not send the SMS. Please try again.`,
  'mobile_id.number_invalid': msg`This is not a mobile number of the country chosen. Check the digits, or enter the number with its country code, for example +41 79 123 45 67.`,
  'mobile_id.number_unreachable': msg`We cannot send an SMS to this number. Enter a mobile number that receives SMS.`,
  'mobile_id.too_soon': msg`We sent an SMS less than a minute ago. Please wait a moment before asking for another.`,
  'mobile_id.code_invalid': msg`This code is not right. Check the 6 digits in the latest SMS.`,
  'mobile_id.code_expired': msg`This code has expired. Ask for a new SMS.`,
  'mobile_id.code_locked': msg`Too many wrong codes. Ask for a new SMS.`,
  'mobile_id.confirm_failed': msg`We could not confirm the code. Please try again.`,
}

const view = (snapshot: SnapshotFrom<typeof mobileIdMachine>) => ({
  step:
    snapshot.matches('awaitingCode') || snapshot.matches('confirming')
      ? ('code' as const)
      : ('number' as const),
  sending: snapshot.matches('sending'),
  confirming: snapshot.matches('confirming'),
  errorCode: snapshot.context.errorCode,
  errorField: snapshot.context.errorField,
  maskedMobile: snapshot.context.sent?.maskedMobile,
  nextAt: snapshot.context.sent?.nextAt,
})

/** The countries by their names in the page's language, each with its calling code. */
function useCountryOptions(locale: string) {
  return useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' })
    return phoneCountries
      .map((country) => ({
        value: country,
        label: `${names.of(country) ?? country} (+${getCountryCallingCode(country)})`,
      }))
      .sort((a, b) => a.label.localeCompare(b.label, locale))
  }, [locale])
}

/**
 * The steps of registering a mobile number, driven by its machine: the country and number (a national number
 * is read for the country), then the code of the SMS. The profile's mobile-id screen and the signing's
 * registration step show it alike; a refused number or code is said at its field.
 */
export function MobileIdForm({ actor, className }: { actor: MobileIdActor; className?: string }) {
  const { i18n, t } = useLingui()
  const state = useSelector(actor, view)
  const countries = useCountryOptions(i18n.locale)
  const [country, setCountry] = useState<CountryCode>(defaultPhoneCountry)
  const [mobile, setMobile] = useState('')
  const [code, setCode] = useState('')
  const [missing, setMissing] = useState(false)
  const resendIn = useSecondsUntil(state.nextAt)
  const error = state.errorCode ? i18n._(messages[state.errorCode]) : undefined
  const busy = state.sending || state.confirming

  const submitNumber = (event: FormEvent) => {
    event.preventDefault()
    setMissing(mobile.trim() === '')
    if (mobile.trim() !== '') actor.send({ type: 'number.submit', mobile: mobile.trim(), country })
  }
  const submitCode = (event: FormEvent) => {
    event.preventDefault()
    const digits = code.replace(/\s/g, '')
    setMissing(!/^\d{6}$/.test(digits))
    if (!/^\d{6}$/.test(digits)) return
    setCode('')
    actor.send({ type: 'code.submit', secret: digits })
  }

  if (state.step === 'number')
    return (
      <form className={className} onSubmit={submitNumber} noValidate>
        <SelectField
          label={<Trans>Country</Trans>}
          hint={<Trans>A number without its country code is read for this country.</Trans>}
          value={country}
          options={countries}
          onChange={setCountry}
        />
        <TextField
          label={<Trans>Mobile number</Trans>}
          name="mobile"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="079 123 45 67"
          required
          value={mobile}
          onChange={(event) => {
            setMobile(event.target.value)
            setMissing(false)
          }}
          error={missing ? t`Please fill in this field.` : error}
          disabled={busy}
        />
        <div className={styles.actions}>
          <BusyButton type="submit" busy={state.sending}>
            <Trans>Send code by SMS</Trans>
          </BusyButton>
        </div>
      </form>
    )

  const codeError = state.errorCode?.startsWith('mobile_id.code') || state.errorField === 'secret'
  return (
    <form className={className} onSubmit={submitCode} noValidate>
      <p className={styles.text}>
        <Trans>We sent a code of 6 digits by SMS to {state.maskedMobile}. It is valid for 5 minutes.</Trans>
      </p>
      {error && !codeError ? <FormAlert>{error}</FormAlert> : null}
      <TextField
        label={<Trans>Code from the SMS</Trans>}
        name="secret"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        className={styles.code}
        required
        value={code}
        onChange={(event) => {
          setCode(event.target.value)
          setMissing(false)
        }}
        error={missing ? t`Enter the 6 digits of the SMS.` : codeError ? error : undefined}
        disabled={busy}
      />
      <div className={styles.actions}>
        <BusyButton type="submit" busy={state.confirming}>
          <Trans>Confirm</Trans>
        </BusyButton>
        <BusyButton
          variant="text"
          busy={state.sending}
          disabled={busy || resendIn > 0}
          onClick={() => actor.send({ type: 'code.resend' })}
        >
          {resendIn > 0 ? <Trans>Send a new SMS in {resendIn} s</Trans> : <Trans>Send a new SMS</Trans>}
        </BusyButton>
        <Button variant="text" disabled={busy} onClick={() => actor.send({ type: 'number.change' })}>
          <Trans>Use another number</Trans>
        </Button>
      </div>
    </form>
  )
}
