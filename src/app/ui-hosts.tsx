import { useSelector } from '@xstate/react'
import { lazy, Suspense, useState } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { dialogHostMachine } from '../../machines/dialog/dialog-host.machine.ts'
import { loadMessages } from '../i18n/i18n.ts'
import type { DialogHostActor } from '../ui/dialog/open-dialog.tsx'
import { SnackbarHost } from '../ui/snackbar/snackbar-host.tsx'
import type { UiActors } from './ui-actors.ts'

// The dialog host (Ark UI, focus trap) loads with the first dialog or overlay, not with the first
// screen; once loaded it stays, so closing animates and returns focus. Each dialog's content loads
// when it is first opened.
const DialogHost = lazy(async () => {
  const [{ DialogHost }] = await Promise.all([
    import('../ui/dialog/dialog-host.tsx'),
    // The dialogs and overlays are of these features: their texts come with the host.
    loadMessages('documents', 'signing', 'business'),
  ])
  return { default: DialogHost }
})

const dialogOpen = (s: SnapshotFrom<typeof dialogHostMachine>) => s.context.dialog !== null

function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value)
  if (value && !seen) setSeen(true)
  return seen || value
}

/** One layer's dialog host, loaded when its first dialog opens. */
function DialogLayer({ actor }: { actor: DialogHostActor }) {
  return useOnceTrue(useSelector(actor, dialogOpen)) ? <DialogHost actor={actor} /> : null
}

/** The overlay, dialog and snackbar hosts of SPEC §4, rendered once in the root layout. */
export function UiHosts({ ui }: { ui: UiActors }) {
  return (
    <>
      <Suspense fallback={null}>
        <DialogLayer actor={ui.overlays} />
        <DialogLayer actor={ui.dialogs} />
      </Suspense>
      <SnackbarHost actor={ui.snackbars} />
    </>
  )
}
