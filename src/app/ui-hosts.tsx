import { useSelector } from '@xstate/react'
import { lazy, Suspense, useState } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { dialogHostMachine } from '../../machines/dialog/dialog-host.machine.ts'
import type { overlayHostMachine } from '../../machines/overlay/overlay-host.machine.ts'
import { loadMessages } from '../i18n/i18n.ts'
import { SnackbarHost } from '../ui/snackbar/snackbar-host.tsx'
import type { UiActors } from './ui-actors.ts'

// The dialog and overlay hosts (Ark UI, focus trap, the dialogs' forms) load with the first
// dialog or overlay, not with the first screen; once loaded they stay, so closing animates and
// returns focus.
const DialogHost = lazy(async () => {
  const [{ DialogHost }, { dialogRegistry }] = await Promise.all([
    import('../ui/dialog/dialog-host.tsx'),
    import('../features/dialogs/dialog-registry.ts'),
    // The registry holds the dialogs and overlays of these features: their texts come with it.
    loadMessages('documents', 'signing', 'business'),
  ])
  return {
    default: (props: { ui: UiActors }) => <DialogHost actor={props.ui.dialogs} dialogs={dialogRegistry} />,
  }
})
const OverlayHost = lazy(async () => {
  const [{ OverlayHost }, { overlayRegistry }] = await Promise.all([
    import('../ui/overlay/overlay-host.tsx'),
    import('../features/dialogs/dialog-registry.ts'),
    // The registry holds the dialogs and overlays of these features: their texts come with it.
    loadMessages('documents', 'signing', 'business'),
  ])
  return {
    default: (props: { ui: UiActors }) => (
      <OverlayHost actor={props.ui.overlays} overlays={overlayRegistry} />
    ),
  }
})

const dialogOpen = (s: SnapshotFrom<typeof dialogHostMachine>) => s.context.dialog !== null
const overlayOpen = (s: SnapshotFrom<typeof overlayHostMachine>) => s.context.overlay !== null

function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value)
  if (value && !seen) setSeen(true)
  return seen || value
}

/** The overlay, dialog and snackbar hosts of SPEC §4, rendered once in the root layout. */
export function UiHosts({ ui }: { ui: UiActors }) {
  const dialogs = useOnceTrue(useSelector(ui.dialogs, dialogOpen))
  const overlays = useOnceTrue(useSelector(ui.overlays, overlayOpen))
  return (
    <>
      <Suspense fallback={null}>
        {overlays ? <OverlayHost ui={ui} /> : null}
        {dialogs ? <DialogHost ui={ui} /> : null}
      </Suspense>
      <SnackbarHost actor={ui.snackbars} />
    </>
  )
}
