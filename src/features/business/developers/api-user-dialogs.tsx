import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { Button } from '../../../ui/button/button.tsx'
import type { DialogContentProps } from '../../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../../ui/dialog/dialog-frame.tsx'
import { TextField } from '../../../ui/form/text-field.tsx'
import styles from '../business.module.css'
import { ConfirmFrame } from '../confirm-frame.tsx'

/** Props of the dialogs about one API user. */
export interface ApiUserProps {
  username: string
}

/** Props of the dialog that shows a new key. */
export interface ApiKeyProps extends ApiUserProps {
  apiKey: string
  /** The secret its request callbacks are signed with, new with each key. */
  callbackSecret: string
}

/**
 * Shows an API user's new key, this once: the server keeps only its hash. Closed by its button only, so a
 * stray click does not lose the key before it is copied.
 */
export function ApiKeyDialog({ props, submit }: DialogContentProps<ApiKeyProps>) {
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    await navigator.clipboard.writeText(props.apiKey)
    setCopied(true)
  }
  return (
    <DialogFrame
      title={<Trans>The key of {props.username}</Trans>}
      description={
        <Trans>
          Copy the key now and keep it where your integration reads its secrets. It is not shown again: if it
          is lost, reset it to get a new one.
        </Trans>
      }
      actions={
        <>
          <Button variant="secondary" onClick={() => void copy()}>
            {copied ? <Trans>Copied</Trans> : <Trans>Copy key</Trans>}
          </Button>
          {/* Done is its action: nothing else closes it (not dismissible). */}
          <Button onClick={() => submit()}>
            <Trans>Done</Trans>
          </Button>
        </>
      }
    >
      <TextField
        label={<Trans>API key</Trans>}
        readOnly
        value={props.apiKey}
        className={styles.secret}
        onFocus={(e) => e.currentTarget.select()}
      />
      <TextField
        label={<Trans>Callback secret</Trans>}
        helper={
          <Trans>
            Callbacks of the requests it sends are signed with this secret (header Signet-Signature,
            HMAC-SHA256).
          </Trans>
        }
        readOnly
        value={props.callbackSecret}
        className={styles.secret}
        onFocus={(e) => e.currentTarget.select()}
      />
    </DialogFrame>
  )
}

/** Confirms a new key for an API user: the old one stops working at once. */
export function ResetApiKeyDialog({ props, ...dialog }: DialogContentProps<ApiUserProps>) {
  return (
    <ConfirmFrame
      dialog={dialog}
      title={<Trans>Reset the key of {props.username}?</Trans>}
      description={
        <Trans>
          The current key and every token made with it stop working at once. Give the new key to the
          integration that uses this API user.
        </Trans>
      }
      confirm={<Trans>Reset key</Trans>}
    />
  )
}

/** Confirms removing an API user. */
export function DeleteApiUserDialog({ props, ...dialog }: DialogContentProps<ApiUserProps>) {
  return (
    <ConfirmFrame
      dialog={dialog}
      title={<Trans>Remove {props.username}?</Trans>}
      description={
        <Trans>
          Its key stops working at once. The requests it sent and signed stay with the business; its name is
          not given to another API user.
        </Trans>
      }
      confirm={<Trans>Remove</Trans>}
    />
  )
}
