import { SNACKBAR_SWIPE_DISMISS_PX } from './snackbar.constants.ts'

/** Whether a horizontal swipe of `distancePx` (either direction) dismisses the snackbar (SPEC §9). */
export function isSwipeDismiss(distancePx: number): boolean {
  return Math.abs(distancePx) > SNACKBAR_SWIPE_DISMISS_PX
}
