import { Trans, useLingui } from '@lingui/react/macro'
import { deletionGraceDays } from '../../../contract/businesses.ts'
import { errorCode, errorMessage } from '../../api/error-messages.ts'
import { Button } from '../../ui/button/button.tsx'
import { BusyButton, DialogFrame } from '../../ui/dialog/dialog-frame.tsx'
import type { DialogContentProps } from '../../ui/dialog/dialog-registry.ts'
import { FormAlert } from '../../ui/form/form-alert.tsx'

/** Props of the delete and revoke-delete business dialogs. */
export interface DeleteBusinessProps {
  business: string
  /** The scheduled day, written for the user's language, when taking a deletion back. */
  date?: string
}

/** SPEC §2: scheduling the business's deletion, which waits 30 days; the action is the opener's. */
export function DeleteBusinessDialog({
  props,
  loading,
  error,
  submit,
  close,
}: DialogContentProps<DeleteBusinessProps>) {
  const { i18n } = useLingui()
  const { business } = props
  return (
    <DialogFrame
      title={<Trans>Delete {business}?</Trans>}
      description={
        <Trans>
          The business is deleted in {deletionGraceDays} days; until then any admin can take this back. Then
          its members become individual users, and the requests they sent stay theirs. Every admin gets a
          mail.
        </Trans>
      }
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            <Trans>Cancel</Trans>
          </Button>
          <BusyButton busy={loading} onClick={() => submit()}>
            <Trans>Delete business</Trans>
          </BusyButton>
        </>
      }
    >
      {error ? <FormAlert>{i18n._(errorMessage(errorCode(error)))}</FormAlert> : null}
    </DialogFrame>
  )
}

/** SPEC §2: taking a scheduled deletion back. */
export function RevokeDeleteBusinessDialog({
  props,
  loading,
  error,
  submit,
  close,
}: DialogContentProps<DeleteBusinessProps>) {
  const { i18n } = useLingui()
  const { business, date } = props
  return (
    <DialogFrame
      title={<Trans>Keep {business}?</Trans>}
      description={
        <Trans>The deletion planned for {date} is cancelled, and everything stays as it is.</Trans>
      }
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            <Trans>Cancel</Trans>
          </Button>
          <BusyButton busy={loading} onClick={() => submit()}>
            <Trans>Keep the business</Trans>
          </BusyButton>
        </>
      }
    >
      {error ? <FormAlert>{i18n._(errorMessage(errorCode(error)))}</FormAlert> : null}
    </DialogFrame>
  )
}
