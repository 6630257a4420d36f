import { type AnyMachineSnapshot, fromPromise } from 'xstate'
import { signingMachine } from '../../machines/signing/signing.machine.ts'
import type { SigningCredit, SigningEvent } from '../../machines/signing/signing.types.ts'
import type { BrowserModel } from './model-paths.ts'

// The model never runs the calls: each path sends their answers, which the real server gives in the browser.
const never = fromPromise<never, unknown>(() => new Promise<never>(() => undefined))

const direct: SigningCredit = { isFreeUser: false, freeSignaturesRemaining: 0, isDirectSign: true }
const account: SigningCredit = { isFreeUser: true, freeSignaturesRemaining: 5, isDirectSign: false }

/** An actor's answer, as the machine receives it. */
const done = (id: string, output: unknown) =>
  ({ type: `xstate.done.actor.${id}`, output }) as unknown as SigningEvent

/** Why a transition is not taken in the browser: only a broken server or network makes it happen. */
const fault =
  'only a failing server or network makes it (the contract has no such answer), and the journeys mock nothing'

/** The TANs the journeys type: the one mailed, or another. */
export type TanSample = 'mailed' | 'wrong'

/**
 * The signing machine as an account holder on the request page and an outside signer on the direct link sign
 * in Chromium: they start signing, type the mailed TAN or a wrong one, close the TAN entry and the overlays.
 * What the sign call answers follows from what was typed, as the real server answers it.
 */
export const signingModel: BrowserModel<typeof signingMachine> = {
  name: 'signing (browser)',
  machine: signingMachine.provide({
    actors: {
      sign: never,
      resendTan: never,
      proceedMobileAes: never,
      resendMobileAes: never,
      cancelMobileAes: never,
    } as never,
  }),
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.errorCode, s.context.signer, s.context.tan, s.status]),
  events: (s: AnyMachineSnapshot): SigningEvent[] => {
    if (s.status === 'done') return []
    const tan = s.context.tan as TanSample | undefined
    if (s.matches('idle'))
      return [
        { type: 'signing.start', credit: direct },
        { type: 'signing.start', credit: account },
      ]
    if (s.matches('signing')) {
      if (s.context.signer === 'account') return [done('sign', { result: 'complete' })]
      if (tan === undefined) return [done('sign', { result: 'tan_required' })]
      return tan === 'mailed'
        ? [done('sign', { result: 'complete' })]
        : [done('sign', { result: 'tan_invalid', tanTriesLeft: 4 })]
    }
    if (s.matches({ awaitingTan: 'resending' })) return [done('resendTan', 0)]
    if (s.matches({ awaitingTan: 'entry' }))
      return [
        { type: 'tan.submit', tan: 'wrong' satisfies TanSample },
        { type: 'tan.submit', tan: 'mailed' satisfies TanSample },
        { type: 'overlay.close' },
      ]
    if (s.matches('success')) return [{ type: 'overlay.close' }]
    return []
  },
  unreachable: {
    'signing.signing --xstate.done.actor.sign--> signing.failure': fault,
    'signing.awaitingTan.resending --xstate.error.actor.resendTan--> signing.awaitingTan.entry': fault,
    'signing.tanExpired.resending --xstate.error.actor.resendTan--> signing.tanExpired.ready': fault,
    'signing.mobileAes.proceeding --xstate.error.actor.proceedMobileAes--> signing.mobileAes.ready': fault,
    'signing.mobileAes.resending --xstate.error.actor.resendMobileAes--> signing.mobileAes.ready': fault,
    'signing.mobileAes.cancelling --xstate.error.actor.cancelMobileAes--> signing.idle': fault,
  },
}
