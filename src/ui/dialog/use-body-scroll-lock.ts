import { useEffect } from 'react'

/** SPEC §2: the page body cannot scroll while a dialog or an overlay is open. */
export function useBodyScrollLock(locked: boolean) {
  useEffect(() => {
    if (!locked) return
    const body = document.body
    const count = Number(body.dataset.scrollLocked ?? 0) + 1
    body.dataset.scrollLocked = String(count)
    return () => {
      const left = Number(body.dataset.scrollLocked ?? 1) - 1
      if (left > 0) body.dataset.scrollLocked = String(left)
      else delete body.dataset.scrollLocked
    }
  }, [locked])
}
