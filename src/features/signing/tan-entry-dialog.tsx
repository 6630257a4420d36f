import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { signingMachine } from '../../../machines/signing/signing.machine.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../ui/dialog/dialog-frame.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { OneTimeCodeField, useOneTimeCode } from './one-time-code.tsx'
import type { SigningActor } from './run-signing.ts'
import { SigningFailure } from './signing-failure.ts'
import { signingErrorMessage } from './signing-messages.ts'

/** Props of the TAN entry dialog. */
export interface TanEntryProps {
  /** The signing the TAN is for: it mails new codes and says while it does. */
  signing: SigningActor
}

const tanView = (snapshot: SnapshotFrom<typeof signingMachine>) => ({
  sending: snapshot.hasTag('busy'),
  errorCode: snapshot.context.errorCode,
  triesLeft: snapshot.context.tanTriesLeft,
  mail: snapshot.context.tanMail,
})

/** SPEC §2 TAN entry dialog: the six digits mailed to a direct-link signer, and a way to get new ones. */
export function TanEntryDialog({ props, loading, submit, close }: DialogContentProps<TanEntryProps, string>) {
  const { i18n, t } = useLingui()
  const { sending, errorCode, triesLeft, mail } = useSelector(props.signing, tanView)
  const tan = useOneTimeCode()
  // A wrong TAN is said at the field, with the tries left; other failures above it.
  const wrongTan = errorCode === 'signing.tan_invalid'
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const digits = tan.take()
    if (digits !== undefined) submit(digits)
  }
  return (
    <DialogFrame
      onSubmit={onSubmit}
      title={<Trans>Enter your TAN</Trans>}
      description={
        sending ? (
          <Trans>We are sending you a TAN by e-mail…</Trans>
        ) : (
          <Trans>We sent a TAN, a code of 6 digits, to your e-mail address. Enter it here to sign.</Trans>
        )
      }
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            <Trans>Cancel</Trans>
          </Button>
          <BusyButton type="submit" busy={loading} disabled={sending}>
            <Trans>Sign</Trans>
          </BusyButton>
        </>
      }
    >
      {errorCode && !wrongTan ? (
        <FormAlert>{i18n._(signingErrorMessage(new SigningFailure(errorCode)))}</FormAlert>
      ) : null}
      <OneTimeCodeField
        state={tan}
        label={<Trans>TAN from the e-mail</Trans>}
        name="tan"
        incompleteMessage={t`Enter the 6 digits of the TAN.`}
        wrongMessage={wrongTan ? i18n._(signingErrorMessage(new SigningFailure(errorCode))) : undefined}
        triesLeft={triesLeft}
        disabled={loading}
        resend={{
          busy: sending,
          nextAt: mail?.nextAt,
          send: () => props.signing.send({ type: 'tan.resend' }),
          label: (resendIn) =>
            resendIn > 0 ? <Trans>Send a new TAN in {resendIn} s</Trans> : <Trans>Send a new TAN</Trans>,
        }}
      />
    </DialogFrame>
  )
}
