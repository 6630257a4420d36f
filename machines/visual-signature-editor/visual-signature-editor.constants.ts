/** How long the editor waits after the last change before the server draws the preview. */
export const PREVIEW_DELAY_MS = 250
