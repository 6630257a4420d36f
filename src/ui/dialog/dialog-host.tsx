import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { Fragment, useCallback, useEffect, useLayoutEffect, useReducer } from 'react'
import { dialogHostView } from '../../../machines/dialog/dialog-host.selectors.ts'
import dialogStyles from './dialog.module.css'
import { focusAfterClosing, rememberOpener } from './focus-return.ts'
import { type DialogHostActor, openedDialog } from './open-dialog.tsx'
import overlayStyles from './overlay.module.css'
import { useBodyScrollLock } from './use-body-scroll-lock.ts'
import { useClosings } from './use-closings.ts'

/**
 * Renders a dialog host machine's active dialog (SPEC §2-4) on an Ark UI dialog, once its content has
 * loaded: focus trapped inside, and the page body does not scroll meanwhile. A dialog sits over a dimmed
 * page, and Escape, an outside click and its close button close it unless it is not dismissible or its
 * action is running; an overlay fills the screen over a white scrim and only its action closes it.
 * Rendered once per layer, in the root layout.
 */
export function DialogHost({ actor }: { actor: DialogHostActor }) {
  const { t } = useLingui()
  const view = useSelector(actor, dialogHostView)
  const opened = view.dialog ? openedDialog(view.dialog.id) : undefined
  const [, loaded] = useReducer((count: number) => count + 1, 0)
  const ready = opened?.ready() === true
  useEffect(() => {
    if (opened && !ready) void opened.definition.load().then(loaded)
  }, [opened, ready])
  const open = view.dialog !== null && opened !== undefined && ready
  const dismissible = view.dialog?.close.dismissible === true && !view.loading
  const overlay = opened?.definition.layer === 'overlay'
  const styles = overlay ? overlayStyles : dialogStyles
  useBodyScrollLock(open && view.lockScroll)
  // Escape, an outside click and the close button ask; the content's own Cancel closes.
  const close = useCallback(() => actor.send({ type: 'dialog.close' }), [actor])
  const dismiss = useCallback(() => actor.send({ type: 'dialog.dismiss' }), [actor])
  const closings = useClosings(open)
  useLayoutEffect(() => {
    if (open) rememberOpener()
  }, [open])
  return (
    <Dialog.Root
      // A fresh root after each close (see useClosings).
      key={closings}
      open={open}
      onOpenChange={(details) => {
        if (!details.open) close()
      }}
      closeOnEscape={dismissible}
      finalFocusEl={() => focusAfterClosing(overlay ? 'overlay' : 'dialog')}
      closeOnInteractOutside={dismissible}
      // Each host's machine says when its dialog closes: the overlay closing beneath the TAN entry does not
      // take it along, as Ark would close a layer opened above one that closes.
      onRequestDismiss={(event) => event.preventDefault()}
      role={opened?.definition.role ?? 'dialog'}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop className={overlay ? overlayStyles.scrim : dialogStyles.backdrop} />
        <Dialog.Positioner className={styles.positioner}>
          <Dialog.Content
            className={styles.content}
            aria-busy={view.loading}
            data-dialog={overlay ? undefined : view.dialog?.name}
            data-overlay={overlay ? view.dialog?.name : undefined}
          >
            {view.dialog && opened ? (
              <Fragment key={view.dialog.id}>
                {opened.render({ loading: view.loading, failed: view.error !== null, close: dismiss })}
              </Fragment>
            ) : null}
            {dismissible ? (
              <Dialog.CloseTrigger className={dialogStyles.close} aria-label={t`Close`}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path
                    d="M6 6l12 12M18 6L6 18"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              </Dialog.CloseTrigger>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
