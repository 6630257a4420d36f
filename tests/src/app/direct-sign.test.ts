import { describe, expect, it } from 'vitest'
import { waitFor } from 'xstate'
import { selectDirectSign, selectIsSettled, selectRole } from '../../../machines/session/session.selectors.ts'
import type { ApiClient } from '../../../src/api/client.ts'
import {
  directAuth,
  directLinkStorageKey,
  directToken,
  openDirectSignLink,
  readDirectLink,
} from '../../../src/app/direct-sign.ts'
import { startSession } from '../../../src/app/session.ts'
import { MemoryStorage } from '../features/signing/memory-storage.ts'

const api = {
  request: async () => ({ id: 'u-1', email: 'ada@example.com', business: null }),
} as unknown as ApiClient

function session(storage: Storage) {
  return startSession(api, storage, new MemoryStorage())
}

describe('a direct link opens its direct-sign session before the guard decides (SPEC §3, §6)', () => {
  it('a visitor with the link becomes the nas role, and the token is kept for reloads', async () => {
    const storage = new MemoryStorage()
    const actor = session(storage)
    await openDirectSignLink(actor, { pathname: '/view/r-1/s-1', search: { token: 'secret' } }, storage)
    expect(selectRole(actor.getSnapshot())).toBe('nas')
    expect(selectDirectSign(actor.getSnapshot())).toEqual({ userId: 's-1', requestId: 'r-1' })
    expect(readDirectLink(storage)).toEqual({ requestId: 'r-1', userId: 's-1', token: 'secret' })
    expect(directToken({ userId: 's-1', requestId: 'r-1' }, storage)).toBe('secret')

    // A reload starts a new session; the kept token opens it again without the token in the address.
    const reloaded = session(storage)
    await openDirectSignLink(reloaded, { pathname: '/view/r-1/s-1', search: {} }, storage)
    expect(selectDirectSign(reloaded.getSnapshot())).toEqual({ userId: 's-1', requestId: 'r-1' })
  })

  it('leaves the session alone on other paths and without any token', async () => {
    const storage = new MemoryStorage()
    const actor = session(storage)
    await openDirectSignLink(actor, { pathname: '/view/r-1', search: { token: 'secret' } }, storage)
    await openDirectSignLink(actor, { pathname: '/dashboard', search: { token: 'secret' } }, storage)
    await openDirectSignLink(actor, { pathname: '/view/r-1/s-1', search: {} }, storage)
    const snapshot = await waitFor(actor, selectIsSettled)
    expect(selectRole(snapshot)).toBe('unauthenticated')
    expect(storage.getItem(directLinkStorageKey)).toBeNull()
  })

  it('a kept token of another link does not open this one', async () => {
    const storage = new MemoryStorage()
    storage.setItem(
      directLinkStorageKey,
      JSON.stringify({ requestId: 'r-1', userId: 's-1', token: 'secret' }),
    )
    const actor = session(storage)
    await openDirectSignLink(actor, { pathname: '/view/r-2/s-2', search: {} }, storage)
    expect(selectRole(await waitFor(actor, selectIsSettled))).toBe('unauthenticated')
    expect(directToken({ userId: 's-2', requestId: 'r-2' }, storage)).toBe('')
  })

  it('replaces an account session in this tab, and another link replaces the direct-sign session', async () => {
    const storage = new MemoryStorage()
    storage.setItem(
      'accessToken',
      JSON.stringify({ token: 't', rememberMe: false, expiresAt: Date.now() + 60_000 }),
    )
    const actor = session(storage)
    expect(selectRole(await waitFor(actor, selectIsSettled))).toBe('user')
    await openDirectSignLink(actor, { pathname: '/view/r-1/s-1', search: { token: 'one' } }, storage)
    expect(selectDirectSign(actor.getSnapshot())).toEqual({ userId: 's-1', requestId: 'r-1' })
    expect(storage.getItem('accessToken')).toBeNull()
    await openDirectSignLink(actor, { pathname: '/view/r-2/s-2', search: { token: 'two' } }, storage)
    expect(selectDirectSign(actor.getSnapshot())).toEqual({ userId: 's-2', requestId: 'r-2' })
    expect(directToken({ userId: 's-2', requestId: 'r-2' }, storage)).toBe('two')
  })

  it('authorises direct calls with Basic base64(user id:request id)', () => {
    expect(directAuth({ userId: 's-1', requestId: 'r-1' })).toEqual({ type: 'Basic', token: btoa('s-1:r-1') })
  })
})

describe('the direct-sign identification routes continue the link kept in this tab (issue 16)', () => {
  const kept = (storage: Storage, requestId = 'r-1', userId = 's-1') =>
    storage.setItem(directLinkStorageKey, JSON.stringify({ requestId, userId, token: 'secret' }))

  it('the provider sends the browser back to a route without the token: the kept link opens the session', async () => {
    const storage = new MemoryStorage()
    kept(storage)
    const actor = session(storage)
    await openDirectSignLink(
      actor,
      { pathname: '/direct-sign/identification/eidas/self', search: {} },
      storage,
    )
    expect(selectRole(actor.getSnapshot())).toBe('nas')
    expect(selectDirectSign(actor.getSnapshot())).toEqual({ userId: 's-1', requestId: 'r-1' })
  })

  it('the landing of another request or signer, or no kept link, opens nothing', async () => {
    const ids = ['7f9c1f4e-1b2a-4c3d-8e5f-6a7b8c9d0e1f', '0b7c2d4e-8f61-4a2b-9c3d-5e6f7a8b9c0d'] as const
    const storage = new MemoryStorage()
    kept(storage, ids[0], ids[1])
    const actor = session(storage)
    await openDirectSignLink(
      actor,
      { pathname: `/direct-sign/identification/${ids[1]}/${ids[0]}`, search: {} },
      storage,
    )
    expect(selectRole(await waitFor(actor, selectIsSettled))).toBe('unauthenticated')

    const empty = session(new MemoryStorage())
    await openDirectSignLink(
      empty,
      { pathname: '/direct-sign/identification/zertes', search: {} },
      new MemoryStorage(),
    )
    expect(selectRole(await waitFor(empty, selectIsSettled))).toBe('unauthenticated')

    await openDirectSignLink(
      actor,
      { pathname: `/direct-sign/identification/${ids[0]}/${ids[1]}`, search: {} },
      storage,
    )
    expect(selectDirectSign(actor.getSnapshot())).toEqual({ userId: ids[1], requestId: ids[0] })
  })
})
