import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { useSelector } from '@xstate/react'
import { useCallback, useLayoutEffect } from 'react'
import { overlayHostView } from '../../../machines/overlay/overlay-host.selectors.ts'
import { focusAfterClosing, rememberOpener } from '../dialog/focus-return.ts'
import { useBodyScrollLock } from '../dialog/use-body-scroll-lock.ts'
import { useClosings } from '../dialog/use-closings.ts'
import { type OverlayHostActor, overlayFailure } from './open-overlay.ts'
import styles from './overlay.module.css'
import type { OverlayRegistry } from './overlay-registry.ts'

/**
 * Renders the overlay host machine's active overlay (SPEC §2-4): full screen over a white scrim,
 * focus trapped inside, and neither an outside click nor Escape dismisses it; only its action
 * answering `complete` does. Rendered once, in the root layout.
 */
export function OverlayHost({ actor, overlays }: { actor: OverlayHostActor; overlays: OverlayRegistry }) {
  const view = useSelector(actor, overlayHostView)
  const Content = view.overlay ? overlays[view.overlay.name] : undefined
  const open = view.overlay !== null && Content !== undefined
  useBodyScrollLock(open)
  const submit = useCallback((value?: unknown) => actor.send({ type: 'overlay.action', value }), [actor])
  const closings = useClosings(open)
  useLayoutEffect(() => {
    if (open) rememberOpener()
  }, [open])
  return (
    <Dialog.Root
      // A fresh root after each close (see useClosings).
      key={closings}
      open={open}
      onInteractOutside={() => actor.send({ type: 'overlay.outsideClick' })}
      closeOnEscape={false}
      finalFocusEl={focusAfterClosing}
      closeOnInteractOutside={false}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop className={styles.scrim} />
        <Dialog.Positioner className={styles.positioner}>
          <Dialog.Content
            className={styles.content}
            aria-busy={view.loading}
            data-overlay={view.overlay?.name}
          >
            {view.overlay && Content ? (
              <Content
                key={view.overlay.id}
                props={view.overlay.props}
                loading={view.loading}
                error={view.error ? (overlayFailure(view.overlay.id) ?? view.error) : null}
                submit={submit}
              />
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
