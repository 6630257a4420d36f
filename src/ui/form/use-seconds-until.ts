import { useEffect, useState } from 'react'

/**
 * Seconds until `nextAt` (ms since the epoch), counting down each second to 0: when another code (a TAN, an
 * SMS) may be asked for.
 */
export function useSecondsUntil(nextAt: number | undefined): number {
  const secondsLeft = () => Math.max(0, Math.ceil(((nextAt ?? 0) - Date.now()) / 1000))
  const [left, setLeft] = useState(secondsLeft)
  // biome-ignore lint/correctness/useExhaustiveDependencies: secondsLeft reads nextAt, the one dependency
  useEffect(() => {
    setLeft(secondsLeft())
    const timer = setInterval(() => setLeft(secondsLeft()), 1000)
    return () => clearInterval(timer)
  }, [nextAt])
  return left
}
