import { Trans } from '@lingui/react/macro'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../ui/dialog/dialog-frame.tsx'

/**
 * SPEC §2 connect an Austrian eID dialog: before the browser goes to ID Austria, what happens there and what
 * it gives.
 */
export function ConnectAustrianEidDialog({ loading, submit, close }: DialogContentProps) {
  return (
    <DialogFrame
      title={<Trans>Connect your Austrian eID</Trans>}
      description={
        <Trans>
          You sign in with ID Austria on its own page and confirm that your name and date of birth are passed
          to us. You then come back here, with the qualified electronic signature under EU law.
        </Trans>
      }
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            <Trans>Cancel</Trans>
          </Button>
          <BusyButton busy={loading} onClick={() => submit()}>
            <Trans>Continue to ID Austria</Trans>
          </BusyButton>
        </>
      }
    />
  )
}
