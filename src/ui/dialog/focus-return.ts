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
 * Where the focus goes when a dialog or overlay closes: into the one that stays open on the other layer (the
 * TAN entry above the signing overlay that just closed, which would take the focus leaving it for a click
 * outside and close too); else back to the control that opened it, or to the page's main content when that
 * control has gone meanwhile (the Sign button of a request just signed).
 */
export function focusAfterClosing(layer: 'dialog' | 'overlay'): HTMLElement | null {
  const other = document.querySelector<HTMLElement>(
    layer === 'overlay' ? '[data-dialog][data-state="open"]' : '[data-overlay][data-state="open"]',
  )
  if (other) {
    const active = document.activeElement
    return active instanceof HTMLElement && other.contains(active) ? active : other
  }
  return opener?.isConnected ? opener : document.getElementById(mainContentId)
}
