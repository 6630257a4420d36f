import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url'
import { whenIdle } from '../ui/when-idle.ts'

/** Where a browser notes that it holds the font file of this build in its cache. */
const storageKey = 'webFont'

/**
 * Inter (src/ui/theme/fonts.css) without slowing a first visit: the pages use it only where the root element
 * says so (`data-font="inter"`, src/ui/theme/tokens.css). A browser that fetched the font before gets it at
 * once, from its cache. On a first visit the font does not compete with the app's code for the network: the
 * first screen shows in the system's sans-serif, the font is fetched once that screen has painted and the browser
 * is idle, and the next screen the user opens (a navigation, which redraws the page anyway) shows in Inter.
 */
export function startWebFont(
  root: HTMLElement,
  storage: Storage,
  onNextScreen: (show: () => void) => void,
): void {
  const showFont = () => {
    root.dataset.font = 'inter'
  }
  if (storage.getItem(storageKey) === interLatin) {
    showFont()
    return
  }
  const fetchFont = async () => {
    const response = await fetch(interLatin, { priority: 'low' })
    await response.arrayBuffer()
    if (!response.ok) return
    storage.setItem(storageKey, interLatin)
    onNextScreen(showFont)
  }
  afterFirstPaint(() => whenIdle(() => void fetchFont().catch(() => {})))
}

/**
 * Runs `run` once the page has painted its first text or image. Idle time alone comes sooner: React renders the
 * first screen in slices, and the browser is idle between them before anything is on the screen.
 */
function afterFirstPaint(run: () => void): void {
  if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
    run()
    return
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return
    observer.disconnect()
    run()
  })
  observer.observe({ type: 'paint', buffered: true })
}
