/**
 * Runs `run` once the browser is idle, after what it has to do now (the screen's first paint); where the browser
 * cannot tell (Safari), after a second.
 */
export function whenIdle(run: () => void): void {
  if (window.requestIdleCallback) window.requestIdleCallback(run)
  else setTimeout(run, 1000)
}
