/** SPEC §9: the layer (z-index) of full-screen overlays, below dialogs. */
export const OVERLAY_Z_INDEX = 1900
