import { describe, expect, it } from 'vitest'
import { type SimulatedClock as Clock, createActor, SimulatedClock } from 'xstate'
import { parseExitRedirect } from '../../machines/redirect/parse-exit-redirect.ts'
import { redirectMachine } from '../../machines/redirect/redirect.machine.ts'
import type { RedirectEvent, RedirectInput } from '../../machines/redirect/redirect.types.ts'
import { countdownTickMs, redirectTimeoutSeconds } from '../../machines/redirect/redirect-constants.ts'
import { redirectTarget } from '../../machines/redirect/redirect-target.ts'
import { walk } from './walk.ts'

function tickSeconds(clock: Clock, seconds: number) {
  // The simulated clock fires each timer once per increment; the next tick is scheduled after it.
  for (let i = 0; i < seconds; i++) clock.increment(countdownTickMs)
}

const exitUrl = 'https://shop.example/done'

function recordingMachine() {
  const left: string[] = []
  const machine = redirectMachine.provide({ actions: { leave: (_, params) => void left.push(params.url) } })
  return { machine, left }
}

/** A redirect on a simulated clock for the last viewed request `r1`, told that `r1` was signed. */
function signedCountdown(input: Pick<RedirectInput, 'timeout'> & Partial<RedirectInput>) {
  const { machine, left } = recordingMachine()
  const clock = new SimulatedClock()
  const actor = createActor(machine, {
    clock,
    input: { lastViewedRequestId: 'r1', url: exitUrl, ...input },
  }).start()
  actor.send({ type: 'redirect.start', requestId: 'r1' })
  return { actor, clock, left }
}

describe('post-signing redirect machine (SPEC §4)', () => {
  it('walks every state and transition', async () => {
    const { machine, left } = recordingMachine()
    const input: RedirectInput = { lastViewedRequestId: 'r1', url: exitUrl, timeout: 2 }
    const tick = { type: 'xstate.after.tick.redirect.countingDown' } as unknown as RedirectEvent
    const events: RedirectEvent[] = [
      { type: 'redirect.start', requestId: 'r1' },
      { type: 'redirect.start', requestId: 'r2' },
      { type: 'redirect.cancel' },
      { type: 'redirect.leaveNow' },
      tick,
    ]
    const coverage = await walk('redirect', {
      machine,
      input,
      // A finished redirect takes no events; sending them would only log warnings.
      events: (s) => (s.status === 'done' ? [] : events),
      exec: {
        [tick.type]: ({ clock }: { clock: Clock }) => clock.increment(countdownTickMs),
      },
      serializeState: (s) => JSON.stringify([s.value, s.context.remaining]),
      check: (s) => {
        expect(s.context.remaining).toBeGreaterThanOrEqual(0)
        expect(s.context.remaining).toBeLessThanOrEqual(input.timeout)
      },
      states: {
        idle: (s) => expect(s.context.remaining).toBe(input.timeout),
        countingDown: (s) => expect(s.context.remaining).toBeGreaterThan(0),
        leaving: () => expect(left.at(-1)).toBe(exitUrl),
      },
    })
    expect(coverage.missingStates).toEqual([])
    expect(coverage.missingTransitions).toEqual([])
  })

  it('SPEC §4: the countdown decrements once per second and leaves to the exit URL at zero', () => {
    const { actor, clock, left } = signedCountdown({ timeout: redirectTimeoutSeconds.fallback })
    expect(actor.getSnapshot().context.remaining).toBe(45)
    clock.increment(999)
    expect(actor.getSnapshot().context.remaining).toBe(45)
    clock.increment(1)
    expect(actor.getSnapshot().context.remaining).toBe(44)
    tickSeconds(clock, 43)
    expect(actor.getSnapshot().context.remaining).toBe(1)
    expect(left).toEqual([])
    clock.increment(1000)
    expect(actor.getSnapshot().value).toBe('leaving')
    expect(left).toEqual([exitUrl])
  })

  it('SPEC §5: a timeout of 0 leaves immediately', () => {
    const { actor, left } = signedCountdown({ timeout: 0 })
    expect(actor.getSnapshot().value).toBe('leaving')
    expect(left).toEqual([exitUrl])
  })

  it('SPEC §4: it runs only if the request id equals the last viewed one', () => {
    const { actor, clock, left } = signedCountdown({ timeout: 10, lastViewedRequestId: 'r2' })
    tickSeconds(clock, 90)
    expect(actor.getSnapshot().value).toBe('idle')
    expect(left).toEqual([])
  })

  it('going back now leaves at once, and only once', () => {
    const { actor, clock, left } = signedCountdown({ timeout: 10 })
    tickSeconds(clock, 3)
    actor.send({ type: 'redirect.leaveNow' })
    expect(left).toEqual([exitUrl])
    tickSeconds(clock, 90)
    expect(actor.getSnapshot().value).toBe('leaving')
    expect(left).toEqual([exitUrl])
  })

  it('a cancelled countdown never leaves', () => {
    const { actor, clock, left } = signedCountdown({ timeout: 10 })
    tickSeconds(clock, 3)
    actor.send({ type: 'redirect.cancel' })
    tickSeconds(clock, 90)
    expect(actor.getSnapshot().value).toBe('cancelled')
    expect(left).toEqual([])
  })
})

describe('parseExitRedirect (SPEC §5)', () => {
  it('SPEC §9: the countdown ticks every 1 s', () => {
    expect(countdownTickMs).toBe(1000)
  })

  it.each([
    [undefined, 45],
    ['', 45],
    ['soon', 45],
    ['0', 0],
    [0, 0],
    ['-5', 10],
    ['1', 10],
    ['9', 10],
    ['10', 10],
    ['30', 30],
    [45, 45],
    ['90', 90],
    ['91', 90],
    ['600', 90],
    ['12.6', 13],
  ])(
    'SPEC §5: redirect timeout %j is clamped to 10..90, 0 immediate, default 45 → %d',
    (timeout, seconds) => {
      expect(parseExitRedirect({ timeout }).timeout).toBe(seconds)
    },
  )

  it.each([
    ['https://shop.example/done', 'https://shop.example/done'],
    ['http://shop.example/done?x=1', 'http://shop.example/done?x=1'],
    ['javascript:alert(1)', undefined],
    ['data:text/html,hi', undefined],
    ['ftp://files.example/', undefined],
    ['/relative/path', undefined],
    ['not a url', undefined],
    [42, undefined],
  ])('SPEC §5: exit URL %j must parse as http or https, else it is ignored', (exit, expected) => {
    expect(parseExitRedirect({ exitUrl: exit }).exitUrl).toBe(expected)
  })

  it('SPEC §5: error and decline URLs fall back to the exit URL', () => {
    expect(parseExitRedirect({ exitUrl, errorUrl: 'javascript:x' })).toEqual({
      exitUrl,
      errorUrl: exitUrl,
      declineUrl: exitUrl,
      timeout: 45,
      shouldDeclineRedirect: false,
    })
    expect(
      parseExitRedirect({
        exitUrl,
        errorUrl: 'https://shop.example/error',
        declineUrl: 'https://shop.example/declined',
        shouldDeclineRedirect: 'true',
      }),
    ).toMatchObject({
      errorUrl: 'https://shop.example/error',
      declineUrl: 'https://shop.example/declined',
      shouldDeclineRedirect: true,
    })
    expect(parseExitRedirect({})).toEqual({ timeout: 45, shouldDeclineRedirect: false })
  })

  it('picks the target by how the flow ended', () => {
    const settings = parseExitRedirect({ exitUrl, errorUrl: 'https://shop.example/error' })
    expect(redirectTarget(settings, 'signed')).toBe(exitUrl)
    expect(redirectTarget(settings, 'error')).toBe('https://shop.example/error')
    expect(redirectTarget(settings, 'declined')).toBeUndefined()
    expect(redirectTarget({ ...settings, shouldDeclineRedirect: true }, 'declined')).toBe(exitUrl)
  })
})
