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

/** The pixel density page images are made for (SPEC §9: densities 1 and 2): 2 on a high-density screen. */
function screenDensity(): 1 | 2 {
  return typeof window !== 'undefined' && window.devicePixelRatio >= 1.5 ? 2 : 1
}

/**
 * The image scale to ask the server for at a zoom: full size (100) up to 100 %, twice that above, so a
 * zoomed page stays sharp; both doubled on a high-density screen.
 */
export function imageScaleFor(zoom: ZoomLevel, density: 1 | 2 = screenDensity()): number {
  return (zoom > 100 ? 200 : 100) * density
}
