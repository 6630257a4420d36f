import { Trans } from '@lingui/react/macro'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../ui/dialog/dialog-frame.tsx'

/** Props of the upgrade standards dialog. */
export interface UpgradeStandardsProps {
  /** The quality the signer asked for and does not hold yet. */
  quality: 'aes' | 'qes'
  /** The request asks for this quality: a simple signature is not offered. */
  required?: boolean
}

/** What the upgrade standards dialog submits: add the standard, or sign with a simple signature. */
export type UpgradeStandardsChoice = 'upgrade' | 'simple'

/**
 * SPEC §2 upgrade standards dialog: the signer wants an advanced or qualified signature but has not
 * been identified for it; they add the standard in their profile or sign with a simple signature.
 */
export function UpgradeStandardsDialog({
  props,
  loading,
  submit,
  close,
}: DialogContentProps<UpgradeStandardsProps, UpgradeStandardsChoice>) {
  return (
    <DialogFrame
      title={<Trans>Upgrade your signature standard</Trans>}
      description={
        props.required ? (
          props.quality === 'qes' ? (
            <Trans>
              This request asks for a qualified electronic signature. Identify yourself for it, then come back
              here to sign.
            </Trans>
          ) : (
            <Trans>
              This request asks for an advanced electronic signature. Identify yourself for it, then come back
              here to sign.
            </Trans>
          )
        ) : props.quality === 'qes' ? (
          <Trans>
            You chose to sign with a qualified electronic signature, which needs an identification first.
          </Trans>
        ) : (
          <Trans>
            You chose to sign with an advanced electronic signature, which needs an identification first.
          </Trans>
        )
      }
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            <Trans>Cancel</Trans>
          </Button>
          {props.required ? null : (
            <Button variant="secondary" onClick={() => submit('simple')} disabled={loading}>
              <Trans>Sign with a simple signature</Trans>
            </Button>
          )}
          <BusyButton busy={loading} onClick={() => submit('upgrade')}>
            <Trans>Upgrade standard</Trans>
          </BusyButton>
        </>
      }
    />
  )
}
