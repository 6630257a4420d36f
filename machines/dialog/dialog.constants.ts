/** SPEC §9: stacking order (z-index) of dialogs, above overlays. */
export const DIALOG_Z_INDEX = 2000
/** SPEC §9: the layer (z-index) of full-screen overlays, below dialogs. */
export const OVERLAY_Z_INDEX = 1900
