import { describe, expect, it } from 'vitest'
import { type AnyActorRef, createActor, fromPromise, type SnapshotFrom } from 'xstate'
import { signResultCodes } from '../../contract/signing.ts'
import { mobileIdMachine } from '../../machines/mobile-id/mobile-id.machine.ts'
import type {
  ConfirmCodeInput,
  MobileCodeSent,
  SendCodeInput,
} from '../../machines/mobile-id/mobile-id.types.ts'
import { hasSigningCredit } from '../../machines/signing/has-signing-credit.ts'
import { signingMachine } from '../../machines/signing/signing.machine.ts'
import { selectSigningOverlay } from '../../machines/signing/signing.selectors.ts'
import type {
  MobileAesAttempt,
  MobileSigning,
  SignAttempt,
  SigningCredit,
  SigningEvent,
  SignOutcome,
  SignResultCode,
} from '../../machines/signing/signing.types.ts'
import { settled } from './controlled-actor.ts'
import { walk } from './walk.ts'

interface Pending<T> {
  resolve: (value: T) => void
  reject: (error: unknown) => void
}

/** Test actors whose answers the test gives, one pending call per actor at a time. */
function controlledMachine() {
  const pending: {
    sign?: Pending<SignOutcome>
    resendTan?: Pending<number>
    proceedMobileAes?: Pending<SignOutcome>
    resendMobileAes?: Pending<number>
    cancelMobileAes?: Pending<void>
  } = {}
  const attempts: SignAttempt[] = []
  const mobileAttempts: MobileAesAttempt[] = []
  /** Numbers sent for registration, in E.164 as the mobile-id machine read them. */
  const registered: string[] = []
  const machine = signingMachine.provide({
    actors: {
      sign: fromPromise<SignOutcome, SignAttempt>(({ input }) => {
        attempts.push(input)
        return new Promise((resolve, reject) => {
          pending.sign = { resolve, reject }
        })
      }),
      resendTan: fromPromise<number>(
        () =>
          new Promise((resolve, reject) => {
            pending.resendTan = { resolve, reject }
          }),
      ),
      proceedMobileAes: fromPromise<SignOutcome, MobileAesAttempt>(({ input }) => {
        mobileAttempts.push(input)
        return new Promise((resolve, reject) => {
          pending.proceedMobileAes = { resolve, reject }
        })
      }),
      resendMobileAes: fromPromise<number, MobileSigning>(
        () =>
          new Promise((resolve, reject) => {
            pending.resendMobileAes = { resolve, reject }
          }),
      ),
      cancelMobileAes: fromPromise<void, MobileSigning>(
        () =>
          new Promise((resolve, reject) => {
            pending.cancelMobileAes = { resolve, reject }
          }),
      ),
      // The registration's own calls answer at once: its machine is walked on its own (mobile-id.test.ts).
      mobileId: mobileIdMachine.provide({
        actors: {
          sendCode: fromPromise<MobileCodeSent, SendCodeInput>(async ({ input }) => {
            registered.push(input.mobile)
            return { id: 'reg-1', maskedMobile: '+41••••••567', nextAt: 0 }
          }),
          confirmCode: fromPromise<{ mobile: string }, ConfirmCodeInput>(async () => ({
            mobile: registered.at(-1) ?? '',
          })),
        },
      }),
    },
  })
  return { machine, pending, attempts, mobileAttempts, registered }
}

const paying: SigningCredit = { isFreeUser: false, freeSignaturesRemaining: 0, isDirectSign: false }
const freeWithout: SigningCredit = { isFreeUser: true, freeSignaturesRemaining: 0, isDirectSign: false }
const directSigner: SigningCredit = { isFreeUser: false, freeSignaturesRemaining: 0, isDirectSign: true }

const done = (id: string, output: unknown) =>
  ({ type: `xstate.done.actor.${id}`, output }) as unknown as SigningEvent
const failed = (id: string, error: unknown = new Error('network')) =>
  ({ type: `xstate.error.actor.${id}`, error }) as unknown as SigningEvent
/** The server's refusal of a qualified signing to an account without a mobile number. */
const mobileMissing = { code: 'mobile_signing.mobile_missing' }
/** The registration child reached `registered` (the walk makes it so through the child's own events). */
const mobileRegistered = {
  type: 'xstate.snapshot.mobileId',
  snapshot: { value: 'registered' },
} as unknown as SigningEvent

/** The server's refusals of a sign call whose sender asks for the signer's second factor. */
const secondFactorRefusals = [
  'signing.second_factor_required',
  'second_factor.invalid_code',
  'second_factor.code_used',
  'signing.second_factor_not_set_up',
]

const mobileSigning: MobileSigning = { id: 'ms-1', provider: 'mobileid', maskedMobile: '+41••••••567' }

const seal = { accountName: 'legal', label: 'Legal Department' }

const userEvents: SigningEvent[] = [
  { type: 'signing.start', credit: paying },
  { type: 'signing.start', credit: freeWithout },
  { type: 'signing.start', credit: directSigner },
  { type: 'signing.start', credit: paying, seal },
  { type: 'seal.confirm' },
  { type: 'signing.retry' },
  { type: 'tan.submit', tan: '123456' },
  { type: 'tan.resend' },
  { type: 'tan.retry' },
  { type: 'mobileAes.submit', pwdotp: '0000' },
  { type: 'mobileAes.resend' },
  { type: 'part11.submit', password: 'secret', signingName: 'Ada Lovelace', signingReason: 'Approval' },
  { type: 'secondFactor.submit', code: '123456' },
  { type: 'overlay.close' },
  { type: 'signing.leave' },
]

// Answers are offered only where an actor is running, so traversal stays small and exact.
function eventsFor(snapshot: SnapshotFrom<typeof signingMachine>): SigningEvent[] {
  if (snapshot.status === 'done') return []
  if (snapshot.matches('signing'))
    return [
      ...signResultCodes.map((result) =>
        done(
          'sign',
          result === 'tan_invalid'
            ? { result, tanTriesLeft: 3 }
            : result === 'mobile_aes'
              ? { result, mobileSigning }
              : { result },
        ),
      ),
      failed('sign'),
      failed('sign', mobileMissing),
      ...secondFactorRefusals.map((code) => failed('sign', { code })),
    ]
  if (snapshot.matches('registeringMobile')) return [mobileRegistered, ...userEvents]
  if (snapshot.matches({ mobileAes: 'proceeding' }))
    return [
      done('proceedMobileAes', { result: 'complete' }),
      done('proceedMobileAes', { result: 'tan_invalid', tanTriesLeft: 2 }),
      done('proceedMobileAes', { result: 'tan_expired' }),
      done('proceedMobileAes', { result: 'tan_locked' }),
      done('proceedMobileAes', { result: 'locked' }),
      failed('proceedMobileAes'),
    ]
  if (snapshot.matches({ mobileAes: 'resending' }))
    return [done('resendMobileAes', 60), failed('resendMobileAes')]
  if (snapshot.matches({ mobileAes: 'cancelling' }))
    return [done('cancelMobileAes', undefined), failed('cancelMobileAes')]
  if (snapshot.hasTag('busy')) return [done('resendTan', 60), failed('resendTan')]
  return userEvents
}

describe('signing overlays (SPEC §2, §4)', () => {
  it('walks every state and transition', async () => {
    const { machine, pending, attempts, mobileAttempts } = controlledMachine()
    // The walk's done/error events are made real by settling the pending call of that actor.
    const exec = Object.fromEntries(
      (['sign', 'resendTan', 'proceedMobileAes', 'resendMobileAes', 'cancelMobileAes'] as const).flatMap(
        (key) => [
          [
            `xstate.done.actor.${key}`,
            ({ event }: { event: unknown }) => pending[key]?.resolve((event as { output: never }).output),
          ],
          [
            `xstate.error.actor.${key}`,
            ({ event }: { event: unknown }) => pending[key]?.reject((event as { error: unknown }).error),
          ],
        ],
      ),
    )
    // The registration reaches `registered` as the signer would get it there: a number, then the SMS code.
    const execs: Record<string, (step: { actor: AnyActorRef; event: unknown }) => unknown> = exec
    execs['xstate.snapshot.mobileId'] = async ({ actor }) => {
      const registration = actor.getSnapshot().children.mobileId
      await settled(registration, () =>
        registration.send({ type: 'number.submit', mobile: '079 123 45 67', country: 'CH' }),
      )
      await settled(registration, () => registration.send({ type: 'code.submit', secret: '123456' }))
    }
    const coverage = await walk('signing', {
      machine,
      events: eventsFor,
      exec,
      serializeState: (s) =>
        JSON.stringify([s.value, s.context.errorCode, s.context.signer, s.context.seal !== undefined]),
      check: (s) => {
        // SPEC §4: a handler runs with the loading flag, and only then.
        expect(s.context.loading).toBe(s.hasTag('busy'))
        if (s.value !== 'idle' && s.value !== 'done') expect(selectSigningOverlay(s)).toBeDefined()
      },
      states: {
        idle: (s) => expect(selectSigningOverlay(s)).toBeUndefined(),
        signing: (s) => {
          expect(s.context.errorCode).toBeUndefined()
          expect(attempts.at(-1)).toEqual({
            tan: s.context.tan,
            part11: s.context.part11,
            sealAccountName: s.context.seal?.accountName,
            secondFactorCode: s.context.secondFactorCode,
          })
        },
        // Asked for the second factor: a code refused before is said, and not kept.
        awaitingSecondFactor: (s) => {
          expect(selectSigningOverlay(s)).toBe('second-factor-entry')
          expect(s.context.secondFactorCode).toBeUndefined()
          expect([undefined, 'signing.second_factor_invalid', 'signing.second_factor_used']).toContain(
            s.context.errorCode,
          )
        },
        settingUpSecondFactor: (s) => expect(selectSigningOverlay(s)).toBe('second-factor-setup'),
        // A seal is applied only once the signer confirmed it, by its name.
        confirmingSeal: (s) => {
          expect(selectSigningOverlay(s)).toBe('seal-confirmation')
          expect(s.context.seal).toEqual(seal)
        },
        'awaitingTan.entry': (s) => expect(selectSigningOverlay(s)).toBe('tan-entry'),
        // A wrong TAN: the overlay of SPEC §2 says so with the tries left, and the entry comes again from it.
        tanInvalid: (s) => {
          expect(selectSigningOverlay(s)).toBe('tan-invalid')
          expect(s.context.errorCode).toBe('signing.tan_invalid')
        },
        'mobileAes.proceeding': () =>
          expect(mobileAttempts.at(-1)).toEqual({ mobileSigning, pwdotp: '0000' }),
        mobileAes: (s) => expect(s.context.mobileSigning).toEqual(mobileSigning),
        // Registering the number is a step of an account's qualified signing, never its failure.
        registeringMobile: (s) => {
          expect(s.context.signer).toBe('account')
          expect(s.context.errorCode).toBeUndefined()
          expect(selectSigningOverlay(s)).toBe('mobile-registration')
        },
        failure: (s) => {
          expect(s.context.errorCode).toBe('signing.failed')
          // A direct-link signer has no account to register a number with: the refusal is said.
          if (s.context.refusal !== undefined) expect(s.context.refusal).toBe(mobileMissing.code)
          expect(selectSigningOverlay(s)).toBe('signing-failure')
        },
        success: (s) => expect(selectSigningOverlay(s)).toBe('signing-success'),
        exhausted: (s) => expect(selectSigningOverlay(s)).toBe('exhausted-signatures'),
        part11Verification: (s) => expect(selectSigningOverlay(s)).toBe('part-11-verification'),
        // A direct-link signer is asked for the name and meaning only: the TAN confirms them.
        part11Meaning: (s) => {
          expect(s.context.signer).toBe('direct')
          expect(selectSigningOverlay(s)).toBe('part-11-verification')
        },
      },
    })
    expect(coverage.missingStates).toEqual([])
    expect(coverage.missingTransitions).toEqual([])
    // Hundreds of replayed paths: more than the default 20 s on a loaded machine.
  }, 120_000)
})

describe('overlay handlers (SPEC §4)', () => {
  it('routes each answer of the sign call to its overlay', async () => {
    const overlays: Record<SignResultCode, string> = {
      complete: 'signing-success',
      tan_required: 'tan-entry',
      tan_invalid: 'tan-invalid',
      tan_expired: 'tan-expired',
      tan_locked: 'tan-locked',
      locked: 'signing-locked',
      exhausted: 'exhausted-signatures',
      serial_mismatch: 'serial-number-mismatch',
      mobile_aes: 'mobile-aes',
      part11_required: 'part-11-verification',
      part11_invalid: 'part-11-verification',
      identification_required: 'upgrade-standards',
    }
    for (const code of signResultCodes) {
      const { machine, pending } = controlledMachine()
      const actor = createActor(machine).start()
      actor.send({ type: 'signing.start', credit: paying })
      expect(actor.getSnapshot().context.loading).toBe(true)
      await settled(actor, () =>
        pending.sign?.resolve(code === 'mobile_aes' ? { result: code, mobileSigning } : { result: code }),
      )
      expect(selectSigningOverlay(actor.getSnapshot())).toBe(overlays[code])
      // Asked for a TAN, the machine mails one at once, with the loading flag; every other answer is shown.
      expect(actor.getSnapshot().context.loading).toBe(code === 'tan_required')
    }
  })

  it('asks for the second factor the sender requires, again after a wrong code, and signs with it', async () => {
    const { machine, pending, attempts } = controlledMachine()
    const actor = createActor(machine).start()
    actor.send({ type: 'signing.start', credit: paying })
    await settled(actor, () => pending.sign?.reject({ code: 'signing.second_factor_required' }))
    expect(selectSigningOverlay(actor.getSnapshot())).toBe('second-factor-entry')
    expect(actor.getSnapshot().context.errorCode).toBeUndefined()
    actor.send({ type: 'secondFactor.submit', code: '000000' })
    expect(attempts.at(-1)?.secondFactorCode).toBe('000000')
    await settled(actor, () => pending.sign?.reject({ code: 'second_factor.invalid_code' }))
    expect(selectSigningOverlay(actor.getSnapshot())).toBe('second-factor-entry')
    expect(actor.getSnapshot().context.errorCode).toBe('signing.second_factor_invalid')
    actor.send({ type: 'secondFactor.submit', code: '123456' })
    expect(attempts.at(-1)?.secondFactorCode).toBe('123456')
    await settled(actor, () => pending.sign?.resolve({ result: 'complete' }))
    expect(selectSigningOverlay(actor.getSnapshot())).toBe('signing-success')
  })

  it('leads a signer without a second factor to set one up', async () => {
    const { machine, pending } = controlledMachine()
    const actor = createActor(machine).start()
    actor.send({ type: 'signing.start', credit: paying })
    await settled(actor, () => pending.sign?.reject({ code: 'signing.second_factor_not_set_up' }))
    expect(selectSigningOverlay(actor.getSnapshot())).toBe('second-factor-setup')
    actor.send({ type: 'overlay.close' })
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('a failed handler clears the loading flag and the overlay stays for a retry', async () => {
    const { machine, pending } = controlledMachine()
    const actor = createActor(machine).start()
    actor.send({ type: 'signing.start', credit: paying })
    await settled(actor, () => pending.sign?.resolve({ result: 'mobile_aes', mobileSigning }))
    actor.send({ type: 'mobileAes.submit', pwdotp: '0000' })
    expect(actor.getSnapshot().context.loading).toBe(true)
    await settled(actor, () => pending.proceedMobileAes?.reject(new Error('offline')))
    expect(selectSigningOverlay(actor.getSnapshot())).toBe('mobile-aes')
    expect(actor.getSnapshot().context).toMatchObject({
      loading: false,
      errorCode: 'signing.mobile_aes_failed',
    })
    actor.send({ type: 'mobileAes.submit', pwdotp: '0000' })
    await settled(actor, () => pending.proceedMobileAes?.resolve({ result: 'complete' }))
    expect(selectSigningOverlay(actor.getSnapshot())).toBe('signing-success')
  })

  it('an overlay closes only when the result is complete', async () => {
    const { machine, pending } = controlledMachine()
    const actor = createActor(machine).start()
    actor.send({ type: 'signing.start', credit: paying })
    await settled(actor, () => pending.sign?.resolve({ result: 'mobile_aes', mobileSigning }))
    actor.send({ type: 'mobileAes.submit', pwdotp: '0000' })
    await settled(actor, () => pending.proceedMobileAes?.resolve({ result: 'tan_invalid', tanTriesLeft: 3 }))
    expect(selectSigningOverlay(actor.getSnapshot())).toBe('mobile-aes')
    expect(actor.getSnapshot().context).toMatchObject({
      loading: false,
      errorCode: 'signing.tan_invalid',
      tanTriesLeft: 3,
    })
    actor.send({ type: 'mobileAes.submit', pwdotp: '0000' })
    await settled(actor, () => pending.proceedMobileAes?.resolve({ result: 'locked' }))
    expect(selectSigningOverlay(actor.getSnapshot())).toBe('mobile-aes')
    expect(actor.getSnapshot().context).toMatchObject({ loading: false, errorCode: 'signing.not_complete' })
    actor.send({ type: 'overlay.close' })
    expect(actor.getSnapshot().context.loading).toBe(true)
    await settled(actor, () => pending.cancelMobileAes?.resolve())
    expect(selectSigningOverlay(actor.getSnapshot())).toBeUndefined()
  })

  it('a wrong TAN shows the TAN invalid overlay, then the entry with the tries left; a mail says when', async () => {
    const { machine, pending } = controlledMachine()
    const actor = createActor(machine).start()
    actor.send({ type: 'signing.start', credit: paying })
    await settled(actor, () => pending.sign?.resolve({ result: 'tan_required' }))
    // Asked for a TAN, the machine has one mailed at once.
    expect(actor.getSnapshot().matches({ awaitingTan: 'resending' })).toBe(true)
    await settled(actor, () => pending.resendTan?.resolve(60))
    expect(actor.getSnapshot().context.tanMail).toEqual({ nextAt: 60, count: 1 })
    actor.send({ type: 'tan.submit', tan: '000000' })
    await settled(actor, () => pending.sign?.resolve({ result: 'tan_invalid', tanTriesLeft: 4 }))
    expect(selectSigningOverlay(actor.getSnapshot())).toBe('tan-invalid')
    expect(actor.getSnapshot().context).toMatchObject({ errorCode: 'signing.tan_invalid', tanTriesLeft: 4 })
    actor.send({ type: 'tan.retry' })
    expect(selectSigningOverlay(actor.getSnapshot())).toBe('tan-entry')
    expect(actor.getSnapshot().context).toMatchObject({ errorCode: 'signing.tan_invalid', tanTriesLeft: 4 })
    actor.send({ type: 'tan.resend' })
    await settled(actor, () => pending.resendTan?.resolve(60))
    expect(actor.getSnapshot().context).toMatchObject({ errorCode: undefined, tanTriesLeft: undefined })
    expect(actor.getSnapshot().context.tanMail?.count).toBe(2)
  })

  it('a TAN is sent with the next sign attempt', async () => {
    const { machine, pending, attempts } = controlledMachine()
    const actor = createActor(machine).start()
    actor.send({ type: 'signing.start', credit: paying })
    await settled(actor, () => pending.sign?.resolve({ result: 'tan_required' }))
    await settled(actor, () => pending.resendTan?.resolve(60))
    actor.send({ type: 'tan.submit', tan: '654321' })
    expect(attempts).toEqual([{}, { tan: '654321' }])
  })

  it('under Part 11 a direct-link signer gives name and meaning, then confirms them with the TAN', async () => {
    const { machine, pending, attempts } = controlledMachine()
    const actor = createActor(machine).start()
    actor.send({ type: 'signing.start', credit: directSigner })
    await settled(actor, () => pending.sign?.resolve({ result: 'part11_required' }))
    expect(actor.getSnapshot().value).toBe('part11Meaning')
    actor.send({ type: 'part11.submit', signingName: 'Otto Outside', signingReason: 'Reviewed' })
    await settled(actor, () => pending.sign?.resolve({ result: 'tan_required' }))
    expect(selectSigningOverlay(actor.getSnapshot())).toBe('tan-entry')
    await settled(actor, () => pending.resendTan?.resolve(60))
    actor.send({ type: 'tan.submit', tan: '654321' })
    await settled(actor, () => pending.sign?.resolve({ result: 'complete' }))
    const meaning = { signingName: 'Otto Outside', signingReason: 'Reviewed' }
    expect(attempts).toEqual([{}, { part11: meaning }, { tan: '654321', part11: meaning }])
    expect(selectSigningOverlay(actor.getSnapshot())).toBe('signing-success')
  })
})

describe('the mobile number as a step of the first qualified signing (issue 39)', () => {
  it('asks an account without a number for it, registers it, and goes on to the SMS of the signature', async () => {
    const { machine, pending, attempts, registered } = controlledMachine()
    const actor = createActor(machine)
    const presented: string[] = []
    actor.on('signing.present', ({ step }) => presented.push(step))
    actor.start()
    actor.send({
      type: 'signing.start',
      credit: paying,
      part11Defaults: { signingName: 'Ada Lovelace', signingReason: '' },
    })
    await settled(actor, () => pending.sign?.reject(mobileMissing))
    expect(actor.getSnapshot().value).toBe('registeringMobile')
    expect(selectSigningOverlay(actor.getSnapshot())).toBe('mobile-registration')
    expect(actor.getSnapshot().context.errorCode).toBeUndefined()
    const registration = actor.getSnapshot().children.mobileId
    if (registration === undefined) throw new Error('the signing machine runs no mobile number registration')
    await settled(registration, () =>
      registration.send({ type: 'number.submit', mobile: '079 123 45 67', country: 'CH' }),
    )
    await settled(registration, () => registration.send({ type: 'code.submit', secret: '123456' }))
    // Registered in E.164; the same sign call goes again and now starts the SMS of the signature.
    expect(registered).toEqual(['+41791234567'])
    expect(actor.getSnapshot().value).toBe('signing')
    expect(attempts).toEqual([{}, {}])
    await settled(actor, () => pending.sign?.resolve({ result: 'mobile_aes', mobileSigning }))
    expect(selectSigningOverlay(actor.getSnapshot())).toBe('mobile-aes')
    expect(presented).toEqual(['signing', 'registeringMobile', 'signing', 'mobileAes'])
  })

  it('refuses a number that is no mobile number of the country chosen at the field, sending nothing', async () => {
    const { machine, pending, registered } = controlledMachine()
    const actor = createActor(machine).start()
    actor.send({ type: 'signing.start', credit: paying })
    await settled(actor, () => pending.sign?.reject(mobileMissing))
    const registration = actor.getSnapshot().children.mobileId
    if (registration === undefined) throw new Error('the signing machine runs no mobile number registration')
    // Refused at the field, synchronously: nothing is invoked.
    registration.send({ type: 'number.submit', mobile: '079 123 45 67', country: 'DE' })
    expect(registration?.getSnapshot().context).toMatchObject({
      errorCode: 'mobile_id.number_invalid',
      errorField: 'mobile',
    })
    expect(registered).toEqual([])
    actor.send({ type: 'overlay.close' })
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('tells a direct-link signer, who has no account to register with, why the signing failed', async () => {
    const { machine, pending } = controlledMachine()
    const actor = createActor(machine).start()
    actor.send({ type: 'signing.start', credit: directSigner })
    await settled(actor, () => pending.sign?.reject(mobileMissing))
    expect(actor.getSnapshot().value).toBe('failure')
    expect(actor.getSnapshot().context).toMatchObject({
      errorCode: 'signing.failed',
      refusal: 'mobile_signing.mobile_missing',
    })
  })

  it('keeps the name and meaning given for a Part 11 verification asked again after a wrong password', async () => {
    const { machine, pending } = controlledMachine()
    const actor = createActor(machine).start()
    actor.send({
      type: 'signing.start',
      credit: paying,
      part11Defaults: { signingName: 'Ada Lovelace', signingReason: '' },
    })
    await settled(actor, () => pending.sign?.resolve({ result: 'part11_required' }))
    expect(actor.getSnapshot().context.part11Defaults).toEqual({
      signingName: 'Ada Lovelace',
      signingReason: '',
    })
    actor.send({
      type: 'part11.submit',
      password: 'wrong',
      signingName: 'A. Lovelace',
      signingReason: 'Approved',
    })
    await settled(actor, () => pending.sign?.resolve({ result: 'part11_invalid' }))
    expect(actor.getSnapshot().context).toMatchObject({
      part11: undefined,
      part11Defaults: { signingName: 'A. Lovelace', signingReason: 'Approved' },
    })
  })
})

describe('SPEC §6: free users have a signing credit only if free_signatures_remaining > 0 or in a direct-sign session', () => {
  it.each([
    [{ isFreeUser: false, freeSignaturesRemaining: 0, isDirectSign: false }, true],
    [{ isFreeUser: true, freeSignaturesRemaining: 0, isDirectSign: false }, false],
    [{ isFreeUser: true, freeSignaturesRemaining: 1, isDirectSign: false }, true],
    [{ isFreeUser: true, freeSignaturesRemaining: 0, isDirectSign: true }, true],
    [{ isFreeUser: true, freeSignaturesRemaining: -1, isDirectSign: false }, false],
  ])('%j has credit: %s', (credit, expected) => {
    expect(hasSigningCredit(credit)).toBe(expected)
  })

  it('a free user without credit sees the exhausted overlay and nothing is signed', () => {
    const { machine, attempts } = controlledMachine()
    const actor = createActor(machine).start()
    actor.send({ type: 'signing.start', credit: freeWithout })
    expect(selectSigningOverlay(actor.getSnapshot())).toBe('exhausted-signatures')
    expect(attempts).toEqual([])
  })
})
