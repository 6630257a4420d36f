/** SPEC §9: a snackbar stays 3000 ms unless it says otherwise. */
export const SNACKBAR_DEFAULT_DURATION_MS = 3000

/** SPEC §9: a swipe longer than 50 px dismisses a snackbar. */
export const SNACKBAR_SWIPE_DISMISS_PX = 50
