import { describe, expect, it } from 'vitest'
import { waitFor } from 'xstate'
import { selectIsSettled, selectToken } from '../../../machines/session/session.selectors.ts'
import type { ApiClient } from '../../../src/api/client.ts'
import { rememberedSessionKey, startSession } from '../../../src/app/session.ts'
import { MemoryStorage } from '../features/signing/memory-storage.ts'

const api = {
  request: async () => ({ id: 'u-1', email: 'ada@example.com', business: null }),
} as unknown as ApiClient

/** A tab of the app: storage of its own, and the storage every tab shares. */
async function openTab(shared: Storage) {
  const actor = startSession(api, new MemoryStorage(), shared)
  await waitFor(actor, selectIsSettled)
  return actor
}

describe('a session that lasts across tabs with remember-me (issue 12)', () => {
  it('opens a new tab signed in after a remember-me sign-in, and none after sign-out', async () => {
    const shared = new MemoryStorage()
    const first = await openTab(shared)
    first.send({ type: 'session.signIn', token: 'token-1', rememberMe: true })
    await waitFor(first, (s) => selectToken(s) === 'token-1')

    const second = await openTab(shared)
    expect(selectToken(second.getSnapshot())).toBe('token-1')

    second.send({ type: 'session.signOut' })
    expect(shared.getItem(rememberedSessionKey)).toBeNull()
    const third = await openTab(shared)
    expect(selectToken(third.getSnapshot())).toBeNull()
  })

  it('keeps a session without remember-me to its tab (SPEC §9)', async () => {
    const shared = new MemoryStorage()
    const first = await openTab(shared)
    first.send({ type: 'session.signIn', token: 'token-2', rememberMe: false })
    await waitFor(first, (s) => selectToken(s) === 'token-2')
    const second = await openTab(shared)
    expect(selectToken(second.getSnapshot())).toBeNull()
  })
})
