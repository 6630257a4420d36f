import { Trans, useLingui } from '@lingui/react/macro'
import { errorCode } from '../../api/error-messages.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../ui/dialog/dialog-frame.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { businessErrorMessage } from './business-messages.ts'

/** Props of the invitation dialog. */
export interface InvitationProps {
  business: string
}

/** What the invitation dialog's action is asked to do. */
export type InvitationAnswer = 'join' | 'decline'

/**
 * SPEC §2 business dialog, §6: a business invitation is accepted through this dialog. Joining and
 * declining are the opener's action (with the answer); "Later" closes it and the invitation waits.
 */
export function InvitationDialog({
  props,
  loading,
  error,
  submit,
  close,
}: DialogContentProps<InvitationProps, InvitationAnswer>) {
  const { i18n } = useLingui()
  const { business } = props
  return (
    <DialogFrame
      title={<Trans>Join {business}?</Trans>}
      description={
        <Trans>
          {business} invites you to its business account. As a member you sign on the business's account, and
          its admins see the requests you send. Your own requests stay yours.
        </Trans>
      }
      actions={
        <>
          <Button variant="text" onClick={close} disabled={loading}>
            <Trans>Later</Trans>
          </Button>
          <Button variant="secondary" onClick={() => submit('decline')} disabled={loading}>
            <Trans>Decline</Trans>
          </Button>
          <BusyButton busy={loading} onClick={() => submit('join')}>
            <Trans>Join {business}</Trans>
          </BusyButton>
        </>
      }
    >
      {error ? <FormAlert>{i18n._(businessErrorMessage(errorCode(error)))}</FormAlert> : null}
    </DialogFrame>
  )
}
