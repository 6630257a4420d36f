/** The zoom steps of the viewer, in per cent of the page column's width. */
export const zoomLevels = [50, 75, 100, 125, 150, 200, 300] as const

/** A zoom step. */
export type ZoomLevel = (typeof zoomLevels)[number]

/** The zoom the viewer opens with: pages as wide as the column. */
export const defaultZoom: ZoomLevel = 100

/** The next step in `direction` (1 larger, -1 smaller), staying at the ends. */
export function stepZoom(zoom: ZoomLevel, direction: 1 | -1): ZoomLevel {
  const index = zoomLevels.indexOf(zoom) + direction
  return zoomLevels[Math.min(zoomLevels.length - 1, Math.max(0, index))] ?? zoom
}

/**
 * The image scale to ask the server for at a zoom: full size (100) up to 100 %, twice that above, so a
 * zoomed page stays sharp.
 */
export function imageScaleFor(zoom: ZoomLevel): number {
  return zoom > 100 ? 200 : 100
}
