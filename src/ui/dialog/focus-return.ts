import { mainContentId } from '../layouts/skip-link.tsx'

let opener: HTMLElement | null = null

const outsideDialogs = (element: Element) => !element.closest('[role="dialog"], [role="alertdialog"]')

/**
 * Called as a dialog or overlay opens: keeps the control that has the focus, the one that opened it. A
 * dialog opened while the focus is still in the one before it (a flow of several) keeps the first one's.
 */
export function rememberOpener(): void {
  const active = document.activeElement
  if (active instanceof HTMLElement && active !== document.body && outsideDialogs(active)) opener = active
}

/**
 * Where the focus goes when a dialog or overlay closes: back to the control that opened it, or to the page's
 * main content when that control has gone meanwhile (the Sign button of a request just signed).
 */
export function focusAfterClosing(): HTMLElement | null {
  return opener?.isConnected ? opener : document.getElementById(mainContentId)
}
