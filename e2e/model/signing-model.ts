import { type AnyMachineSnapshot, assign, fromPromise } from 'xstate'
import { signingMachine } from '../../machines/signing/signing.machine.ts'
import type { SealChoice, SigningCredit, SigningEvent } from '../../machines/signing/signing.types.ts'
import type { BrowserModel } from './model-paths.ts'

// The model never runs the calls: each path sends their answers, which the real server gives in the browser.
const never = fromPromise<never, unknown>(() => new Promise<never>(() => undefined))

/**
 * The request and signer a `signing.start` prepares (the journey sets it up through the real API):
 * - `plain`: a request to an account with a free signature left, and to an outside signer;
 * - `spent`: the account's last free signature is used elsewhere while it names its signature;
 * - `exhausted`: an account with no free signature left;
 * - `seal`: the admin of a business seals with the business's seal;
 * - `part11`: a request of a business that signs under 21 CFR Part 11;
 * - `identification`: a request asking for a quality the signer does not hold;
 * - `secondFactor` / `noSecondFactor`: the sender asks for the signer's second factor, which they have or not;
 * - `qes`: a qualified signing of an identified account, whose first one registers the mobile number;
 * - `mismatch`: a qualified signing of an account whose name no longer matches its identification;
 * - `locked`: another signing holds the request while the account signs it.
 */
export type WorldKind =
  | 'plain'
  | 'spent'
  | 'exhausted'
  | 'seal'
  | 'part11'
  | 'identification'
  | 'secondFactor'
  | 'noSecondFactor'
  | 'qes'
  | 'mismatch'
  | 'locked'

/** A `signing.start` of the model: the event the app sends, and the world it starts in. */
export type ModelStart = Extract<SigningEvent, { type: 'signing.start' }> & { world: WorldKind }

const direct: SigningCredit = { isFreeUser: false, freeSignaturesRemaining: 0, isDirectSign: true }
const account: SigningCredit = { isFreeUser: true, freeSignaturesRemaining: 1, isDirectSign: false }
const spent: SigningCredit = { isFreeUser: true, freeSignaturesRemaining: 0, isDirectSign: false }

/** The seal the `seal` world's business has, and its admin seals with. */
export const modelSeal: SealChoice = { accountName: 'model-seal', label: 'Model Seal' }

const start = (credit: SigningCredit, world: WorldKind, seal?: SealChoice): ModelStart => ({
  type: 'signing.start',
  credit,
  world,
  ...(seal ? { seal } : {}),
})

/** An actor's answer, as the machine receives it. */
const done = (id: string, output: unknown) =>
  ({ type: `xstate.done.actor.${id}`, output }) as unknown as SigningEvent

/**
 * A call's refusal: with the server's code, or without one where the network failed (the journey makes the
 * browser's request for that one call fail: `page.route(...).abort('failed')`).
 */
const refused = (id: string, code?: string) =>
  ({
    type: `xstate.error.actor.${id}`,
    error: code ? { code } : { network: 'failed' },
  }) as unknown as SigningEvent

/**
 * The TANs and SMS passwords the journeys type: the one sent, another, the one sent once past its time, or (an
 * SMS password) the one sent after the account's name changed, so that it no longer matches its identification.
 */
export type CodeSample = 'sent' | 'wrong' | 'expired' | 'renamed'

/** The Part 11 passwords and second-factor codes the journeys type. */
export type SecretSample = 'right' | 'wrong'

/**
 * The context the model keeps besides the machine's: the world, whether its account has a mobile number, and
 * the SMS password typed.
 */
interface ModelContext {
  world?: WorldKind
  hasMobile?: boolean
  /** The SMS password the signer typed last (the machine does not keep it). */
  pwdotp?: CodeSample
  /** The last SMS password is past its time, until a new SMS is sent. */
  otpExpired?: boolean
}

/** The sign call's answers in `world`, as the real server gives them for what the signer sent. */
function signAnswers(s: AnyMachineSnapshot, world: WorldKind): SigningEvent[] {
  const c = s.context
  const tan = c.tan as CodeSample | undefined
  if (c.signer === 'direct') {
    if (world === 'part11' && c.part11 === undefined) return [done('sign', { result: 'part11_required' })]
    if (tan === undefined) return [done('sign', { result: 'tan_required' })]
    if (tan === 'expired') return [done('sign', { result: 'tan_expired' })]
    if (tan === 'wrong') {
      const left = (c.tanTriesLeft ?? 5) - 1
      return [
        left === 0
          ? done('sign', { result: 'tan_locked' })
          : done('sign', { result: 'tan_invalid', tanTriesLeft: left }),
      ]
    }
    if (world === 'identification') return [done('sign', { result: 'identification_required' })]
    return [done('sign', { result: 'complete' })]
  }
  switch (world) {
    case 'plain':
      return [done('sign', { result: 'complete' }), refused('sign')]
    case 'spent':
      return [done('sign', { result: 'exhausted' })]
    case 'seal':
      return [done('sign', { result: 'complete' })]
    case 'part11': {
      const password = c.part11?.password as SecretSample | undefined
      if (password === undefined) return [done('sign', { result: 'part11_required' })]
      return [done('sign', { result: password === 'right' ? 'complete' : 'part11_invalid' })]
    }
    case 'identification':
      return [done('sign', { result: 'identification_required' })]
    case 'secondFactor': {
      const code = c.secondFactorCode as SecretSample | undefined
      if (code === undefined) return [refused('sign', 'signing.second_factor_required')]
      return code === 'right'
        ? [done('sign', { result: 'complete' })]
        : [refused('sign', 'second_factor.invalid_code')]
    }
    case 'noSecondFactor':
      return [refused('sign', 'signing.second_factor_not_set_up')]
    case 'qes':
      return (s.context as ModelContext).hasMobile
        ? [
            done('sign', {
              result: 'mobile_aes',
              mobileSigning: { id: 'sms', provider: 'sms', maskedMobile: '' },
            }),
          ]
        : [refused('sign', 'mobile_signing.mobile_missing')]
    case 'mismatch':
      return [done('sign', { result: 'serial_mismatch' })]
    case 'locked':
      return [done('sign', { result: 'locked' })]
    default:
      return []
  }
}

/** What the SMS password typed in the mobile AES overlay is answered. */
function proceedAnswers(s: AnyMachineSnapshot, pwdotp: CodeSample): SigningEvent[] {
  if (pwdotp === 'expired') return [done('proceedMobileAes', { result: 'tan_expired' })]
  if (pwdotp === 'sent') return [done('proceedMobileAes', { result: 'complete' })]
  // Confirmed, the signing finds the qualified identity no longer matches: not signed, nothing more to confirm.
  if (pwdotp === 'renamed') return [done('proceedMobileAes', { result: 'serial_mismatch' })]
  const left = (s.context.tanTriesLeft ?? 5) - 1
  return [
    left === 0
      ? done('proceedMobileAes', { result: 'tan_locked' })
      : done('proceedMobileAes', { result: 'tan_invalid', tanTriesLeft: left }),
  ]
}

/**
 * The signing machine as an account holder on the request page and an outside signer on the direct link sign
 * in Chromium, in each world of {@link WorldKind}: they start, type TANs, passwords and codes right, wrong or
 * too late, ask for new ones, close the overlays and leave the page. What each call answers follows from what
 * was typed and the world, as the real server answers it; a call's answer without the server's word is the
 * network failing for that one call.
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
      mobileId: never,
    } as never,
    actions: {
      // The model keeps the world a start prepared, and that the account registered its mobile number, in
      // the step each enters; it shows nothing.
      present: assign(({ context, event }) => ({
        world: event.type === 'signing.start' ? (event as ModelStart).world : (context as ModelContext).world,
        hasMobile: (context as ModelContext).hasMobile || event.type === 'xstate.snapshot.mobileId',
        // A new signing sends a new SMS.
        otpExpired: event.type === 'signing.start' ? false : (context as ModelContext).otpExpired,
      })),
      // A call starts with the event that asked for it and ends with its answer: the model notes the SMS
      // password typed, and whether it has expired.
      setLoading: assign(({ context, event }, params: { loading: boolean }) => {
        const answer = (event as { output?: { result?: string } }).output?.result
        return {
          loading: params.loading,
          ...(event.type === 'mobileAes.submit' ? { pwdotp: event.pwdotp as CodeSample } : {}),
          otpExpired:
            event.type === 'xstate.done.actor.resendMobileAes'
              ? false
              : (context as ModelContext).otpExpired ||
                (event.type === 'xstate.done.actor.proceedMobileAes' && answer === 'tan_expired'),
        }
      }),
    } as never,
  }),
  serializeState: (s) => {
    const c = s.context
    return JSON.stringify([
      s.value,
      s.status,
      c.signer,
      (c as ModelContext).world,
      (c as ModelContext).hasMobile,
      c.errorCode,
      c.tan,
      c.tanTriesLeft,
      c.tanMail !== undefined,
      c.part11?.password ?? c.part11 !== undefined,
      c.secondFactorCode,
      (c as ModelContext).pwdotp,
      (c as ModelContext).otpExpired,
    ])
  },
  events: (s: AnyMachineSnapshot): SigningEvent[] => {
    if (s.status === 'done') return []
    const world = (s.context as ModelContext).world ?? 'plain'
    const close = { type: 'overlay.close' } as const
    if (s.matches('idle'))
      return [
        start(direct, 'plain'),
        start(direct, 'part11'),
        start(direct, 'identification'),
        start(account, 'plain'),
        start(account, 'spent'),
        start(spent, 'exhausted'),
        start(account, 'seal', modelSeal),
        start(account, 'part11'),
        start(account, 'identification'),
        start(account, 'secondFactor'),
        start(account, 'noSecondFactor'),
        start(account, 'qes'),
        start(account, 'mismatch'),
        start(account, 'locked'),
      ] as SigningEvent[]
    if (s.matches('signing')) return signAnswers(s, world)
    if (s.matches('confirmingSeal')) return [{ type: 'seal.confirm' }, close]
    if (s.matches({ awaitingTan: 'resending' }))
      // The first TAN is mailed as the sign call asks for one; the network fails only for one asked again, once
      // the signer typed one.
      return s.context.tan !== undefined
        ? [done('resendTan', 0), refused('resendTan')]
        : [done('resendTan', 0)]
    if (s.matches({ awaitingTan: 'entry' }))
      return [
        { type: 'tan.submit', tan: 'wrong' satisfies CodeSample },
        { type: 'tan.submit', tan: 'sent' satisfies CodeSample },
        { type: 'tan.submit', tan: 'expired' satisfies CodeSample },
        { type: 'tan.resend' },
        close,
      ]
    if (s.matches('tanInvalid')) return [{ type: 'tan.retry' }, close]
    if (s.matches({ tanExpired: 'ready' })) return [{ type: 'tan.resend' }, close]
    if (s.matches({ tanExpired: 'resending' })) return [done('resendTan', 0), refused('resendTan')]
    if (s.matches('part11Verification'))
      return [
        {
          type: 'part11.submit',
          password: 'wrong' satisfies SecretSample,
          signingName: 'Olga',
          signingReason: 'Reviewed',
        },
        {
          type: 'part11.submit',
          password: 'right' satisfies SecretSample,
          signingName: 'Olga',
          signingReason: 'Reviewed',
        },
        close,
        // The signer follows a link elsewhere while the verification is asked for.
        { type: 'signing.leave' },
      ]
    if (s.matches('part11Meaning'))
      return [{ type: 'part11.submit', signingName: 'Otto Outside', signingReason: 'Reviewed' }, close]
    if (s.matches('awaitingSecondFactor'))
      return [
        { type: 'secondFactor.submit', code: 'wrong' satisfies SecretSample },
        { type: 'secondFactor.submit', code: 'right' satisfies SecretSample },
        close,
      ]
    if (s.matches('registeringMobile'))
      return [
        // The mobile-id machine registered the number the signer typed, with the code of its SMS.
        { type: 'xstate.snapshot.mobileId', snapshot: { value: 'registered' } } as unknown as SigningEvent,
        close,
      ]
    if (s.matches({ mobileAes: 'ready' })) {
      // A password past its time is not asked again: a new SMS is. A signing confirmed but not complete only
      // closes.
      if (s.context.errorCode === 'signing.not_complete') return [close]
      const samples: CodeSample[] = (s.context as ModelContext).otpExpired
        ? []
        : ['wrong', 'sent', 'expired', 'renamed']
      return [
        ...samples.map((pwdotp) => ({ type: 'mobileAes.submit', pwdotp }) as const),
        { type: 'mobileAes.resend' },
        close,
      ]
    }
    if (s.matches({ mobileAes: 'proceeding' })) {
      const typed = (s.context as ModelContext).pwdotp
      return typed ? [...proceedAnswers(s, typed), refused('proceedMobileAes')] : []
    }
    if (s.matches({ mobileAes: 'resending' })) return [done('resendMobileAes', 0), refused('resendMobileAes')]
    if (s.matches({ mobileAes: 'cancelling' }))
      // A confirmed signing is no longer cancelled: the server says it is closed.
      return s.context.errorCode === 'signing.not_complete'
        ? [refused('cancelMobileAes', 'mobile_signing.closed')]
        : [done('cancelMobileAes', undefined), refused('cancelMobileAes')]
    if (s.matches('failure')) return [{ type: 'signing.retry' }, close]
    if (s.matches('success')) return [close]
    // The overlays that only close: exhausted, TAN locked, serial mismatch, identification required, set up a
    // second factor.
    return [close]
  },
  unreachable: {},
}
