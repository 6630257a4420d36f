import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import type { Business } from '../../../contract/businesses.ts'
import type { User } from '../../../contract/user.ts'
import { guidanceMachine } from '../../../machines/guidance/guidance.machine.ts'
import {
  guidanceFacts,
  guidanceSdkUrl,
  guidanceService,
  type ScriptHost,
} from '../../../src/app/guidance-service.ts'

const user = {
  id: 'u-1',
  email: 'ann@example.test',
  attributes: { signer_identity_email: ['ann.signer@example.test'] },
  business: { id: 'b-1', name: 'Acme', role: 'admin', invitationId: null, paymentMethod: 'ACTIVE' },
} as unknown as User
const business = {
  id: 'b-1',
  userPilot: { enabled: true },
  activePricePlanId: 'team_v3',
  planStart: '2026-01-01T00:00:00.000Z',
} as unknown as Business

/** A page that records the scripts the adapter adds, and a stand-in of the SDK the script would define. */
function page() {
  const scripts: { src: string; onload: () => void }[] = []
  const host = {
    createElement: () => ({}),
    head: { append: (script: { src: string; onload: () => void }) => scripts.push(script) },
  } as unknown as ScriptHost
  const calls: unknown[][] = []
  const sdk = {
    identify: (...args: unknown[]) => calls.push(['identify', ...args]),
    anonymous: () => calls.push(['anonymous']),
    destroy: () => calls.push(['destroy']),
  }
  const load = () => {
    globalThis.userpilot = sdk
    for (const script of scripts) script.onload()
  }
  return { host, scripts, calls, load }
}

afterEach(() => {
  globalThis.userpilot = undefined
  globalThis.userpilotSettings = undefined
})

describe('the in-app guidance (SPEC §4, §6, §7)', () => {
  it('is told the business admin, the business plan and the business switch', () => {
    expect(guidanceFacts(user, business, 'de-ch')).toEqual({
      userId: 'u-1',
      email: 'ann@example.test',
      signerIdentityEmail: 'ann.signer@example.test',
      businessId: 'b-1',
      isBusinessAdmin: true,
      planId: 'team_v3',
      planStart: '2026-01-01T00:00:00.000Z',
      locale: 'de-ch',
      userPilotEnabled: true,
    })
  })

  it('takes the free plan of a user without a business, and nothing of a business they are only invited to', () => {
    const free = { ...user, business: null, attributes: { free_account_type: ['free_legacy'] } } as User
    expect(guidanceFacts(free, undefined, 'en-gb')).toMatchObject({
      businessId: null,
      isBusinessAdmin: false,
      planId: 'free_legacy',
      userPilotEnabled: false,
    })
    const invited = { ...user, business: { ...user.business, invitationId: 'inv-1' } } as User
    expect(guidanceFacts(invited, business, 'en-gb')).toMatchObject({
      businessId: null,
      userPilotEnabled: false,
    })
    expect(guidanceFacts(undefined, undefined, 'en-gb')).toMatchObject({ userId: null, planId: null })
  })

  it('loads the SDK with the token only when switched on, then hands it the user', async () => {
    const { host, scripts, calls, load } = page()
    const actor = createActor(
      guidanceMachine.provide({ actions: guidanceService('NX-98ii14b', host) }),
    ).start()
    const off = guidanceFacts(user, { ...business, userPilot: { enabled: false } } as Business, 'en-gb')
    actor.send({ type: 'guidance.sync', facts: off })
    expect(scripts).toEqual([])
    expect(globalThis.userpilotSettings).toBeUndefined()

    actor.send({ type: 'guidance.sync', facts: guidanceFacts(user, business, 'en-gb') })
    expect(scripts.map((s) => s.src)).toEqual([guidanceSdkUrl])
    expect(globalThis.userpilotSettings).toEqual({ token: 'NX-98ii14b' })
    load()
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    expect(calls).toEqual([
      [
        'identify',
        'u-1',
        {
          email: 'ann.signer@example.test',
          role: 'admin',
          plan_id: 'team_v3',
          plan_start: '2026-01-01T00:00:00.000Z',
          locale_code: 'en-gb',
          company: { id: 'b-1' },
        },
      ],
    ])
    actor.send({ type: 'guidance.sync', facts: off })
    await vi.waitFor(() => expect(calls.at(-1)).toEqual(['destroy']))
    expect(scripts).toHaveLength(1)
    actor.stop()
  })
})
