import { describe, expect, it } from 'vitest'
import { forceReload, isChunkLoadError, reloadGuardMs } from '../../../src/app/chunk-reload.ts'

function fakeLocation(href: string) {
  const replaced: string[] = []
  return { location: { href, replace: (url: string) => replaced.push(url) } as unknown as Location, replaced }
}

function memoryStorage(): Storage {
  const data = new Map<string, string>()
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
    clear: () => data.clear(),
    key: (i) => [...data.keys()][i] ?? null,
    get length() {
      return data.size
    },
  }
}

describe('SPEC §8/§9: a chunk load error forces one reload per 10 s', () => {
  it('SPEC §9: the reload guard lives 10 s', () => {
    expect(reloadGuardMs).toBe(10_000)
  })
  it('recognises the browsers’ chunk load errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    )
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
  })
  it('reloads with the force-reload parameter, then not again within 10 s, then again after', () => {
    const storage = memoryStorage()
    const first = fakeLocation('https://app.example/view/1?x=1')
    expect(forceReload(first.location, storage, 1_000)).toBe(true)
    expect(first.replaced).toEqual(['https://app.example/view/1?x=1&forceReload=1000'])
    const second = fakeLocation('https://app.example/view/1')
    expect(forceReload(second.location, storage, 1_000 + reloadGuardMs - 1)).toBe(false)
    expect(second.replaced).toEqual([])
    expect(forceReload(second.location, storage, 1_000 + reloadGuardMs)).toBe(true)
  })
})
