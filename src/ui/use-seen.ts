import { type RefObject, useEffect, useState } from 'react'

/**
 * Whether `target` has come near the visible part of `root` (the window when none; within `margin`): what is
 * drawn only for those who look (a document's page images, the activity's charts) starts once it has, and is
 * kept. Without IntersectionObserver everything counts as seen.
 */
export function useSeen(
  target: RefObject<Element | null>,
  root?: RefObject<Element | null>,
  margin = '600px 0px',
): boolean {
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    const element = target.current
    if (seen || element === null) return
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true)
          observer.disconnect()
        }
      },
      { root: root?.current ?? null, rootMargin: margin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [seen, target, root, margin])
  return seen
}
