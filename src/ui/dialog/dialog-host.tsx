import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useCallback, useLayoutEffect } from 'react'
import { dialogHostView } from '../../../machines/dialog/dialog-host.selectors.ts'
import styles from './dialog.module.css'
import type { DialogRegistry } from './dialog-registry.ts'
import { focusAfterClosing, rememberOpener } from './focus-return.ts'
import { type DialogHostActor, dialogFailure } from './open-dialog.ts'
import { useBodyScrollLock } from './use-body-scroll-lock.ts'
import { useClosings } from './use-closings.ts'

/**
 * Renders the dialog host machine's active dialog (SPEC §2-4) on an Ark UI dialog: focus trapped
 * inside, Escape and an outside click close it unless it is not dismissible or its action is
 * running, and the page body does not scroll meanwhile. Rendered once, in the root layout.
 */
export function DialogHost({ actor, dialogs }: { actor: DialogHostActor; dialogs: DialogRegistry }) {
  const { t } = useLingui()
  const view = useSelector(actor, dialogHostView)
  const definition = view.dialog ? dialogs[view.dialog.name] : undefined
  const open = view.dialog !== null && definition !== undefined
  const dismissible = definition?.dismissible !== false && !view.loading
  useBodyScrollLock(open && view.lockScroll)
  const close = useCallback(() => actor.send({ type: 'dialog.close' }), [actor])
  const submit = useCallback((value?: unknown) => actor.send({ type: 'dialog.action', value }), [actor])
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
      finalFocusEl={focusAfterClosing}
      closeOnInteractOutside={dismissible}
      role={definition?.role ?? 'dialog'}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop className={styles.backdrop} />
        <Dialog.Positioner className={styles.positioner}>
          <Dialog.Content className={styles.content} aria-busy={view.loading} data-dialog={view.dialog?.name}>
            {view.dialog && definition ? (
              <definition.component
                key={view.dialog.id}
                props={view.dialog.props}
                loading={view.loading}
                error={view.error ? (dialogFailure(view.dialog.id) ?? view.error) : null}
                submit={submit}
                close={close}
              />
            ) : null}
            {dismissible ? (
              <Dialog.CloseTrigger className={styles.close} aria-label={t`Close`}>
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
