import { Trans, useLingui } from '@lingui/react/macro'
import { errorCode, errorMessage } from '../../api/error-messages.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../ui/dialog/dialog-frame.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { TermsLink } from '../../ui/terms/terms-link.tsx'

/** Props of the accept-terms dialog. */
export interface AcceptTermsProps {
  /** The other choice than accepting: leave the app. */
  signOut: () => void
}

/** SPEC §6: the general terms must be accepted to go on; the action (accepting) is the opener's. */
export function AcceptTermsDialog({ props, loading, error, submit }: DialogContentProps<AcceptTermsProps>) {
  const { i18n } = useLingui()
  return (
    <DialogFrame
      title={<Trans>Please accept our general terms</Trans>}
      description={
        <Trans>
          To go on using Signet, please accept our general terms and conditions. If you do not want to, you
          can sign out.
        </Trans>
      }
      actions={
        <>
          <Button variant="secondary" onClick={props.signOut} disabled={loading}>
            <Trans>Sign out</Trans>
          </Button>
          <BusyButton busy={loading} onClick={() => submit()}>
            <Trans>Accept the terms</Trans>
          </BusyButton>
        </>
      }
    >
      <TermsLink />
      {error ? <FormAlert>{i18n._(errorMessage(errorCode(error)))}</FormAlert> : null}
    </DialogFrame>
  )
}
