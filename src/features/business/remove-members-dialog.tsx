import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { errorCode, errorMessage } from '../../api/error-messages.ts'
import { Button } from '../../ui/button/button.tsx'
import { BusyButton, DialogFrame } from '../../ui/dialog/dialog-frame.tsx'
import type { DialogContentProps } from '../../ui/dialog/dialog-registry.ts'
import { FormAlert } from '../../ui/form/form-alert.tsx'

/** Props of the remove members dialog. */
export interface RemoveMembersProps {
  /** The addresses of the people to remove. */
  emails: readonly string[]
}

/** SPEC §2 business dialog: removing the selected people; the removal is the opener's action. */
export function RemoveMembersDialog({
  props,
  loading,
  error,
  submit,
  close,
}: DialogContentProps<RemoveMembersProps>) {
  const { i18n } = useLingui()
  const count = props.emails.length
  return (
    <DialogFrame
      title={<Plural value={count} one="Remove # person?" other="Remove # people?" />}
      description={
        <Trans>
          They leave the business and sign with their own accounts from now on. The requests they sent stay
          theirs.
        </Trans>
      }
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            <Trans>Cancel</Trans>
          </Button>
          <BusyButton busy={loading} onClick={() => submit()}>
            <Trans>Remove</Trans>
          </BusyButton>
        </>
      }
    >
      <ul>
        {props.emails.map((email) => (
          <li key={email}>{email}</li>
        ))}
      </ul>
      {error ? <FormAlert>{i18n._(errorMessage(errorCode(error)))}</FormAlert> : null}
    </DialogFrame>
  )
}
