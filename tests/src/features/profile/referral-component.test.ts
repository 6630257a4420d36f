import { afterEach, describe, expect, it } from 'vitest'
import { bootReferralComponent } from '../../../../src/features/profile/referral/referral-component.ts'

const referral = { productId: 'signet-ch', token: 'h.p.s', scriptUrl: '/api/sandbox/cello.js' }

/** A page that records the scripts added to it, found again by id. */
function page() {
  const scripts: { id: string; src: string; onerror: (error: unknown) => void }[] = []
  const host = {
    createElement: () => ({}),
    getElementById: (id: string) => scripts.find((script) => script.id === id) ?? null,
    head: { append: (script: (typeof scripts)[number]) => scripts.push(script) },
  } as unknown as Parameters<typeof bootReferralComponent>[2]
  return { host, scripts }
}

/** A stand-in of the loaded library: runs queued commands, recording what they asked. */
function loadLibrary(boot: (options: unknown) => Promise<void>) {
  const calls: unknown[] = []
  const library = {
    boot: async (options: unknown) => {
      calls.push(['boot', options])
      await boot(options)
    },
    shutdown: () => calls.push(['shutdown']),
  }
  const queued = globalThis.cello?.cmd as unknown as ((l: typeof library) => unknown)[]
  globalThis.cello = { cmd: { push: (command) => command(library) } }
  return { calls, done: Promise.all(queued.map((command) => command(library))) }
}

afterEach(() => {
  globalThis.cello = undefined
})

describe('the referral component (SPEC §7, §8)', () => {
  it('loads its script once and boots with the token and language, then shuts down', async () => {
    const { host, scripts } = page()
    bootReferralComponent(referral, 'de', host)
    const stop = bootReferralComponent(referral, 'fr', host)
    expect(scripts.map((script) => script.src)).toEqual(['/api/sandbox/cello.js'])
    const { calls, done } = loadLibrary(async () => {})
    await done
    stop()
    expect(calls).toEqual([
      ['boot', { productId: 'signet-ch', token: 'h.p.s', language: 'de' }],
      ['boot', { productId: 'signet-ch', token: 'h.p.s', language: 'fr' }],
      ['shutdown'],
    ])
  })

  it('logs a script that does not load and a boot that fails, and shows nothing', async () => {
    const { host, scripts } = page()
    const logged: string[] = []
    bootReferralComponent(referral, 'en', host, (message) => logged.push(message))
    scripts[0]?.onerror(new Event('error'))
    const { done } = loadLibrary(() => Promise.reject(new Error('bad token')))
    await done
    expect(logged).toEqual(['The referral component did not load', 'The referral component did not start'])
  })
})
