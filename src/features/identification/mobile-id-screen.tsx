import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { type FormEvent, useMemo, useState } from 'react'
import { fromPromise } from 'xstate'
import { mobileIdMachine } from '../../../machines/mobile-id/mobile-id.machine.ts'
import type { MobileIdErrorCode } from '../../../machines/mobile-id/mobile-id.types.ts'
import { getUserQueryOptions, userAttribute, useUser } from '../../api/user.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import { useSecondsUntil } from '../../ui/form/use-seconds-until.ts'
import profile from '../profile/profile.module.css'
import styles from './mobile-id.module.css'
import { confirmMobileCode, sendMobileCode } from './mobile-id-calls.ts'

const messages: Record<MobileIdErrorCode, MessageDescriptor> = {
  'mobile_id.send_failed': msg`We could not send the SMS. Please try again.`,
  'mobile_id.number_invalid': msg`Enter your mobile number in international format, for example +41 79 123 45 67.`,
  'mobile_id.number_unreachable': msg`We cannot send an SMS to this number. Enter a mobile number that receives SMS.`,
  'mobile_id.too_soon': msg`We sent an SMS less than a minute ago. Please wait a moment before asking for another.`,
  'mobile_id.code_invalid': msg`This code is not right. Check the 6 digits in the latest SMS.`,
  'mobile_id.code_expired': msg`This code has expired. Ask for a new SMS.`,
  'mobile_id.code_locked': msg`Too many wrong codes. Ask for a new SMS.`,
  'mobile_id.confirm_failed': msg`We could not confirm the code. Please try again.`,
}

/**
 * /profile/signature-standards/mobile-id: the user registers the mobile number their qualified signatures
 * are confirmed with. The number gets a code by SMS; the code back makes it the user's `mobile`. Coming from
 * a request (`signatureRequestId`), a link leads back to it.
 */
export function MobileIdScreen({ signatureRequestId }: { signatureRequestId?: string }) {
  const { i18n, t } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const { data: user } = useUser(api)
  const current = userAttribute(user, 'mobile')
  const machine = useMemo(
    () =>
      mobileIdMachine.provide({
        actors: {
          sendCode: fromPromise(({ input }) => sendMobileCode(api, input.mobile)),
          confirmCode: fromPromise(async ({ input }) => {
            const registered = await confirmMobileCode(api, input.id, input.secret)
            await queryClient.invalidateQueries({ queryKey: getUserQueryOptions(api).queryKey })
            return registered
          }),
        },
      }),
    [api, queryClient],
  )
  const [snapshot, send] = useMachine(machine)
  const { context } = snapshot
  const busy = snapshot.hasTag('busy')
  const [mobile, setMobile] = useState('')
  const [code, setCode] = useState('')
  const [missing, setMissing] = useState(false)
  const resendIn = useSecondsUntil(context.sent?.nextAt)
  const error = context.errorCode ? i18n._(messages[context.errorCode]) : undefined
  const entering = snapshot.matches('editing') || snapshot.matches('sending')

  const submitNumber = (event: FormEvent) => {
    event.preventDefault()
    setMissing(mobile.trim() === '')
    if (mobile.trim() !== '') send({ type: 'number.submit', mobile: mobile.trim() })
  }
  const submitCode = (event: FormEvent) => {
    event.preventDefault()
    const digits = code.replace(/\s/g, '')
    setMissing(!/^\d{6}$/.test(digits))
    if (!/^\d{6}$/.test(digits)) return
    setCode('')
    send({ type: 'code.submit', secret: digits })
  }

  return (
    <div className={profile.page}>
      <Link to="/profile/signature-standards" className={profile.back}>
        <Trans>Back to your signature standards</Trans>
      </Link>
      <header className={profile.header}>
        <h1>
          <Trans>Mobile number for qualified signing</Trans>
        </h1>
        <p className={profile.lead}>
          <Trans>
            Each qualified electronic signature is confirmed with a one-time password we send to your mobile
            phone by SMS.
          </Trans>
        </p>
      </header>

      {snapshot.matches('registered') ? (
        <section className={profile.card} aria-live="polite">
          <h2>
            <Trans>Your mobile number is registered</Trans>
          </h2>
          <p className={styles.text}>
            <Trans>Qualified signatures are now confirmed by SMS to {context.registered}.</Trans>
          </p>
          <div className={styles.actions}>
            {signatureRequestId ? (
              <Link to="/view/$srid" params={{ srid: signatureRequestId }}>
                <Trans>Back to the document to sign</Trans>
              </Link>
            ) : null}
            <Button variant="secondary" onClick={() => send({ type: 'number.change' })}>
              <Trans>Change the number</Trans>
            </Button>
          </div>
        </section>
      ) : entering ? (
        <form className={profile.card} onSubmit={submitNumber} noValidate>
          <h2>
            <Trans>Your mobile number</Trans>
          </h2>
          {current ? (
            <p className={styles.text}>
              <Trans>
                Qualified signatures are confirmed by SMS to {current}. Enter another number to change it.
              </Trans>
            </p>
          ) : null}
          <TextField
            label={<Trans>Mobile number</Trans>}
            name="mobile"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+41 79 123 45 67"
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
            <BusyButton type="submit" busy={busy}>
              <Trans>Send code by SMS</Trans>
            </BusyButton>
          </div>
        </form>
      ) : (
        <form className={profile.card} onSubmit={submitCode} noValidate>
          <h2>
            <Trans>Enter the code</Trans>
          </h2>
          <p className={styles.text}>
            <Trans>
              We sent a code of 6 digits by SMS to {context.sent?.maskedMobile}. It is valid for 5 minutes.
            </Trans>
          </p>
          {error && context.errorField !== 'secret' && !context.errorCode?.startsWith('mobile_id.code') ? (
            <FormAlert>{error}</FormAlert>
          ) : null}
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
            error={
              missing
                ? t`Enter the 6 digits of the SMS.`
                : context.errorCode?.startsWith('mobile_id.code')
                  ? error
                  : undefined
            }
            disabled={busy}
          />
          <div className={styles.actions}>
            <BusyButton type="submit" busy={snapshot.matches('confirming')}>
              <Trans>Confirm</Trans>
            </BusyButton>
            <BusyButton
              variant="text"
              busy={snapshot.matches('sending')}
              disabled={busy || resendIn > 0}
              onClick={() => send({ type: 'code.resend' })}
            >
              {resendIn > 0 ? <Trans>Send a new SMS in {resendIn} s</Trans> : <Trans>Send a new SMS</Trans>}
            </BusyButton>
            <Button variant="text" disabled={busy} onClick={() => send({ type: 'number.change' })}>
              <Trans>Use another number</Trans>
            </Button>
          </div>
        </form>
      )}
    </div>
  )
}
