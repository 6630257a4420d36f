import { useBlocker, useRouteContext } from '@tanstack/react-router'
import { openDialog } from '../../ui/dialog/open-dialog.tsx'
import { appDialogs } from './app-dialogs.ts'

/**
 * While `dirty`, navigating away asks first in the leave-page dialog (SPEC §2), and closing or
 * reloading the tab asks the browser's own question. A change of the page's own search (the draft's
 * id going into the URL) stays on the page and asks nothing.
 */
export function useLeavePageGuard(dirty: boolean) {
  const { ui } = useRouteContext({ from: '__root__' })
  useBlocker({
    shouldBlockFn: async ({ current, next }) =>
      current.pathname !== next.pathname &&
      !(await openDialog(ui, appDialogs.leavePage, { props: undefined })),
    enableBeforeUnload: dirty,
    disabled: !dirty,
  })
}
