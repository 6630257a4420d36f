import type { QueryClient } from '@tanstack/react-query'

/** What one tab tells the others: that whoever is signed in there changed something on the server. */
interface Changed {
  who: string
}

/**
 * Tabs of the app in one browser tell each other when one of them changed something on the server, and each
 * tab of the same person then asks again for what it shows (issue 39: after signing in one tab, the other still
 * said Open). `who` is the account, or the direct-link signer, signed in in this tab; a tab signed in as
 * someone else ignores the news. Answers `changed`, which the API client calls after each write it made.
 */
export function syncTabs(queryClient: QueryClient, who: () => string | null): { changed: () => void } {
  if (typeof BroadcastChannel === 'undefined') return { changed: () => {} }
  const channel = new BroadcastChannel('signet-changes')
  channel.onmessage = (event: MessageEvent<Changed>) => {
    if (event.data.who === who()) void queryClient.invalidateQueries()
  }
  return {
    changed: () => {
      const current = who()
      if (current !== null) channel.postMessage({ who: current } satisfies Changed)
    },
  }
}
