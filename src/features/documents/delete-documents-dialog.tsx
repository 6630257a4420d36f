import { Trans } from '@lingui/react/macro'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../ui/dialog/dialog-frame.tsx'
import { ErrorAlert } from './dialog-error-alert.tsx'

/** Props of the delete-documents dialog: what goes. */
export interface DeleteDocumentsProps {
  /** The titles of the documents, or of the request, that are deleted. */
  titles: string[]
  /** `request` deletes a whole request; `documents` takes documents off a draft. */
  kind: 'request' | 'documents'
}

/** SPEC §2 general dialog: delete a request, or take documents off a draft. */
export function DeleteDocumentsDialog({
  props,
  loading,
  error,
  submit,
  close,
}: DialogContentProps<DeleteDocumentsProps>) {
  return (
    <DialogFrame
      title={
        props.kind === 'request' ? (
          <Trans>Delete this request?</Trans>
        ) : (
          <Trans>Delete these documents?</Trans>
        )
      }
      description={
        props.kind === 'request' ? (
          <Trans>The request and its history are deleted for you. This cannot be undone.</Trans>
        ) : (
          <Trans>The documents are taken off this draft.</Trans>
        )
      }
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            <Trans>Cancel</Trans>
          </Button>
          <BusyButton busy={loading} onClick={() => submit()}>
            <Trans>Delete</Trans>
          </BusyButton>
        </>
      }
    >
      <ErrorAlert error={error} />
      <ul>
        {props.titles.map((title, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two documents may have the same title
          <li key={index}>{title}</li>
        ))}
      </ul>
    </DialogFrame>
  )
}
