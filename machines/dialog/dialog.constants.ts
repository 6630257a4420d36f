/** SPEC §9: stacking order (z-index) of dialogs, above overlays. */
export const DIALOG_Z_INDEX = 2000
