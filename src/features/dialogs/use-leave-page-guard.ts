import { useBlocker, useRouteContext } from '@tanstack/react-router'
import { openDialog } from '../../ui/dialog/open-dialog.ts'

/**
 * While `dirty`, navigating away asks first in the leave-page dialog (SPEC §2), and closing or
 * reloading the tab asks the browser's own question.
 */
export function useLeavePageGuard(dirty: boolean) {
  const { ui } = useRouteContext({ from: '__root__' })
  useBlocker({
    shouldBlockFn: async () => !(await openDialog(ui.dialogs, { name: 'leavePage', namespace: 'general' })),
    enableBeforeUnload: dirty,
    disabled: !dirty,
  })
}
