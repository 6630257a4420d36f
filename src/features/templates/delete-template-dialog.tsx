import { Trans, useLingui } from '@lingui/react/macro'
import { errorCode } from '../../api/error-messages.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../ui/dialog/dialog-frame.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { templateErrorMessage } from './template-messages.ts'

/** Props of the delete-template dialog. */
export interface DeleteTemplateProps {
  title: string
  /** Whether the business's members lose it too. */
  shared: boolean
}

/** Asks before a template goes; requests started from it keep their documents. */
export function DeleteTemplateDialog({
  props,
  loading,
  error,
  submit,
  close,
}: DialogContentProps<DeleteTemplateProps>) {
  const { i18n } = useLingui()
  const { title } = props
  return (
    <DialogFrame
      title={<Trans>Delete “{title}”?</Trans>}
      description={
        props.shared ? (
          <Trans>
            The business’s members can no longer use it. Requests started from it stay as they are.
          </Trans>
        ) : (
          <Trans>Requests started from it stay as they are.</Trans>
        )
      }
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            <Trans>Cancel</Trans>
          </Button>
          <BusyButton busy={loading} onClick={() => submit()}>
            <Trans>Delete template</Trans>
          </BusyButton>
        </>
      }
    >
      {error ? <FormAlert>{i18n._(templateErrorMessage(errorCode(error)))}</FormAlert> : null}
    </DialogFrame>
  )
}
