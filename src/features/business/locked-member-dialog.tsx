import { Trans } from '@lingui/react/macro'
import { Button } from '../../ui/button/button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../ui/dialog/dialog-frame.tsx'

/** Props of the locked member dialog. */
export interface LockedMemberProps {
  business: string
}

/**
 * SPEC §2 business dialog, §6: a member of a locked business (its trial ended without a payment method,
 * or it is blocked) learns that it pays for no signatures until its admins settle it.
 */
export function LockedMemberDialog({ props, close }: DialogContentProps<LockedMemberProps>) {
  const { business } = props
  return (
    <DialogFrame
      title={<Trans>{business} is locked</Trans>}
      description={
        <Trans>
          The business account needs a payment method from its admins. Until then you sign with your own free
          signatures; please let your admins know.
        </Trans>
      }
      actions={
        <Button onClick={close}>
          <Trans>OK</Trans>
        </Button>
      }
    />
  )
}
