import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type SimulatedClock } from 'xstate'
import { highestQuality } from '../../machines/identification/highest-quality.ts'
import { identificationMachine } from '../../machines/identification/identification.machine.ts'
import type {
  AppointmentStatus,
  HighestQuality,
  IdentificationEvent,
  IdentificationInfo,
  IdentificationPaymentConfirmation,
  IdentificationPaymentIntent,
  IdentificationRequest,
  QualityHolder,
} from '../../machines/identification/identification.types.ts'
import { identificationPollMs } from '../../machines/identification/identification-constants.ts'
import { identificationMethods } from '../../machines/identification/identification-methods.ts'
import { toIdentificationStatus } from '../../machines/identification/identification-status.ts'
import { isIdentificationOngoing } from '../../machines/identification/is-identification-ongoing.ts'
import { isMethodActivated } from '../../machines/identification/is-method-activated.ts'
import { settled } from './controlled-actor.ts'
import { walk } from './walk.ts'

interface Pending<T> {
  resolve: (value: T) => void
  reject: (error: unknown) => void
}

type ActorName =
  | 'checkCoverage'
  | 'createPayment'
  | 'confirmPayment'
  | 'startIdentification'
  | 'fetchIdentification'
  | 'fetchHighestQuality'

/** Test actors whose answers the test gives; records what each was asked. */
function controlledMachine() {
  const pending: Partial<Record<ActorName, Pending<unknown>>> = {}
  const calls: { actor: ActorName; input: unknown }[] = []
  const controlled = <T, I = IdentificationRequest>(actor: ActorName) =>
    fromPromise<T, I>(({ input }) => {
      calls.push({ actor, input })
      return new Promise<T>((resolve, reject) => {
        pending[actor] = { resolve: resolve as (value: unknown) => void, reject }
      })
    })
  const machine = identificationMachine.provide({
    actors: {
      checkCoverage: controlled<boolean>('checkCoverage'),
      createPayment: controlled<IdentificationPaymentIntent>('createPayment'),
      confirmPayment: controlled<boolean, IdentificationPaymentConfirmation>('confirmPayment'),
      startIdentification: controlled<IdentificationInfo>('startIdentification'),
      fetchIdentification: controlled<IdentificationInfo>('fetchIdentification'),
      fetchHighestQuality: controlled<HighestQuality, unknown>('fetchHighestQuality'),
    },
  })
  return { machine, pending, calls }
}

const done = (actor: ActorName, output: unknown) =>
  ({ type: `xstate.done.actor.${actor}`, output }) as unknown as IdentificationEvent
const failed = (actor: ActorName, error: unknown = new Error('network')) =>
  ({ type: `xstate.error.actor.${actor}`, error }) as unknown as IdentificationEvent
/** What the API client throws when the server wants a licence paid first. */
const paymentRequired = Object.assign(new Error('402'), {
  status: 402,
  code: 'identification.payment_required',
})
const info = (appointmentStatus: AppointmentStatus): IdentificationInfo => ({
  appointmentStatus,
  identUrl: 'https://ident.example/session/1',
})
const payment: IdentificationPaymentIntent = {
  id: 'pay-1',
  amount: 4900,
  currency: 'EUR',
  intent: { id: 'seti_1', clientSecret: 'seti_1_secret_x', publishableKey: null },
}
const after = (state: string) =>
  ({ type: `xstate.after.poll.identification.${state}` }) as unknown as IdentificationEvent

// Provider answers are offered only where that actor runs, so traversal stays small and exact.
const eventsByState: Record<string, IdentificationEvent[]> = {
  choosingLegislation: [
    { type: 'legislation.choose', legislation: 'eidas' },
    { type: 'legislation.choose', legislation: 'zertes' },
    { type: 'identification.resume', legislation: 'eidas', method: 'self' },
  ],
  checkingCoverage: [done('checkCoverage', true), done('checkCoverage', false), failed('checkCoverage')],
  choosingMethod: [
    { type: 'method.choose', method: 'video' },
    { type: 'method.choose', method: 'external-sc' },
    { type: 'legislation.change' },
    { type: 'payment.start' },
    { type: 'coverage.recheck' },
  ],
  creatingPayment: [done('createPayment', payment), failed('createPayment')],
  enteringCard: [{ type: 'payment.confirm', intentId: 'seti_1' }, { type: 'payment.cancel' }],
  confirmingPayment: [done('confirmPayment', true), failed('confirmPayment')],
  starting: [
    done('startIdentification', info('initialized')),
    failed('startIdentification'),
    failed('startIdentification', paymentRequired),
  ],
  awaitingAppointment: [after('awaitingAppointment')],
  polling: [
    ...(['initialized', 'unknown', 'inprogress', 'success', 'failure'] as const).map((s) =>
      done('fetchIdentification', info(s)),
    ),
    failed('fetchIdentification'),
  ],
  activatingQES: [after('activatingQES')],
  checkingQuality: [
    done('fetchHighestQuality', 'aes'),
    done('fetchHighestQuality', 'qes'),
    done('fetchHighestQuality', 'demo'),
    failed('fetchHighestQuality'),
  ],
  failure: [{ type: 'identification.retry' }],
  done: [],
}

describe('identification flow (SPEC §2, §4)', () => {
  it('walks every state and transition', async () => {
    const { machine, pending, calls } = controlledMachine()
    const resolve =
      (actor: ActorName) =>
      ({ event }: { event: unknown }) =>
        pending[actor]?.resolve((event as { output: unknown }).output)
    const reject =
      (actor: ActorName) =>
      ({ event }: { event: unknown }) =>
        pending[actor]?.reject((event as { error: unknown }).error)
    const tick = ({ clock }: { clock: SimulatedClock }) => clock.increment(identificationPollMs)
    const actors: ActorName[] = [
      'checkCoverage',
      'createPayment',
      'confirmPayment',
      'startIdentification',
      'fetchIdentification',
      'fetchHighestQuality',
    ]
    const exec = Object.fromEntries([
      ...actors.flatMap((a) => [
        [`xstate.done.actor.${a}`, resolve(a)],
        [`xstate.error.actor.${a}`, reject(a)],
      ]),
      ['xstate.after.poll.identification.awaitingAppointment', tick],
      ['xstate.after.poll.identification.activatingQES', tick],
    ])
    const coverage = await walk('identification', {
      machine,
      input: { signatureRequestId: 'sr-1' },
      events: (s) => eventsByState[s.value] ?? [],
      exec,
      serializeState: (s) =>
        JSON.stringify([
          s.value,
          s.context.legislation,
          s.context.method,
          s.context.isCovered,
          s.context.status,
          s.context.errorCode,
          s.context.payment?.id,
        ]),
      check: (s) => {
        expect(s.context.signatureRequestId).toBe('sr-1')
        if (s.context.legislation && s.context.isCovered !== undefined)
          expect(s.context.methods).toEqual(identificationMethods(s.context.legislation, s.context.isCovered))
        else expect(s.context.methods).toEqual([])
      },
      states: {
        choosingMethod: (s) => {
          expect(s.context.legislation).toBeDefined()
          expect(s.context.status).toBeUndefined()
        },
        creatingPayment: (s) => {
          expect(s.context.isCovered).toBe(false)
          expect(calls.at(-1)).toEqual({
            actor: 'createPayment',
            input: {
              legislation: s.context.legislation,
              method: s.context.method,
              signatureRequestId: 'sr-1',
            },
          })
        },
        enteringCard: (s) => expect(s.context.payment).toEqual(payment),
        confirmingPayment: (s) =>
          expect(calls.at(-1)).toMatchObject({
            actor: 'confirmPayment',
            input: { legislation: s.context.legislation, paymentId: 'pay-1', intentId: 'seti_1' },
          }),
        starting: (s) =>
          expect(calls.at(-1)).toEqual({
            actor: 'startIdentification',
            input: {
              legislation: s.context.legislation,
              method: s.context.method,
              signatureRequestId: 'sr-1',
            },
          }),
        awaitingAppointment: (s) => {
          // A resumed flow whose first poll failed knows no appointment yet.
          if (s.context.status === undefined && s.context.method === 'self') return
          expect(['initialized', 'inprogress']).toContain(s.context.status)
          expect(s.context.identUrl).toBe('https://ident.example/session/1')
        },
        activatingQES: (s) => expect(s.context.status).toBe('activatingQES'),
        failure: (s) => expect(s.context.status).toBe('failure'),
        done: (s) => expect(s.context.status).toBe('activatingQES'),
      },
    })
    expect(coverage.missingStates).toEqual([])
    expect(coverage.missingTransitions).toEqual([])
  })

  it('not covered: pays for one licence, then offers the covered methods; a declined card stays on the form', async () => {
    const { machine, pending } = controlledMachine()
    const actor = createActor(machine, { input: {} }).start()
    actor.send({ type: 'legislation.choose', legislation: 'zertes' })
    await settled(actor, () => pending.checkCoverage?.resolve(false))
    expect(actor.getSnapshot().context.methods).toEqual(['loc', 'external-sc'])
    actor.send({ type: 'payment.start' })
    await settled(actor, () => pending.createPayment?.resolve(payment))
    expect(actor.getSnapshot().value).toBe('enteringCard')
    actor.send({ type: 'payment.confirm', intentId: 'seti_1' })
    await settled(actor, () => pending.confirmPayment?.reject(new Error('402')))
    expect(actor.getSnapshot().value).toBe('enteringCard')
    expect(actor.getSnapshot().context.errorCode).toBe('identification.payment_declined')
    actor.send({ type: 'payment.confirm', intentId: 'seti_1' })
    expect(actor.getSnapshot().context.errorCode).toBeUndefined()
    await settled(actor, () => pending.confirmPayment?.resolve(true))
    expect(actor.getSnapshot().value).toBe('checkingCoverage')
    await settled(actor, () => pending.checkCoverage?.resolve(true))
    expect(actor.getSnapshot().value).toBe('choosingMethod')
    expect(actor.getSnapshot().context.methods).toEqual(['video', 'loc', 'auto'])
    // Covered: nothing more to buy.
    actor.send({ type: 'payment.start' })
    expect(actor.getSnapshot().value).toBe('choosingMethod')
  })

  it('not covered while the bank processes the licence payment: asks for coverage again once it is paid', async () => {
    const { machine, pending } = controlledMachine()
    const actor = createActor(machine, { input: {} }).start()
    actor.send({ type: 'legislation.choose', legislation: 'eidas' })
    await settled(actor, () => pending.checkCoverage?.resolve(false))
    actor.send({ type: 'coverage.recheck' })
    expect(actor.getSnapshot().value).toBe('checkingCoverage')
    await settled(actor, () => pending.checkCoverage?.resolve(true))
    expect(actor.getSnapshot().context.methods).toEqual(['video', 'self', 'id-austria'])
    // Covered: nothing to ask again.
    actor.send({ type: 'coverage.recheck' })
    expect(actor.getSnapshot().value).toBe('choosingMethod')
  })

  it('refuses a method the table does not offer', async () => {
    const { machine, pending } = controlledMachine()
    const actor = createActor(machine, { input: {} }).start()
    actor.send({ type: 'legislation.choose', legislation: 'eidas' })
    await settled(actor, () => pending.checkCoverage?.resolve(false))
    actor.send({ type: 'method.choose', method: 'video' })
    expect(actor.getSnapshot().value).toBe('choosingMethod')
    actor.send({ type: 'method.choose', method: 'id-austria' })
    expect(actor.getSnapshot().value).toBe('starting')
  })
})

describe('SPEC §4: appointment status maps to the product status', () => {
  it.each([
    ['initialized', 'initialized'],
    ['unknown', 'initialized'],
    ['inprogress', 'inprogress'],
    ['success', 'activatingQES'],
    ['failure', 'failure'],
  ] as const)('%s becomes %s', (appointment, status) => {
    expect(toIdentificationStatus(appointment)).toBe(status)
  })
})

describe('SPEC §4: an identification is ongoing when a status is set while the highest quality is not qes', () => {
  it.each([
    [undefined, 'ses', false],
    [undefined, 'qes', false],
    ['initialized', 'ses', true],
    ['inprogress', 'aes', true],
    ['activatingQES', 'none', true],
    ['failure', 'demo', true],
    ['activatingQES', 'qes', false],
  ] as const)('status %s with quality %s: %s', (status, quality, ongoing) => {
    expect(isIdentificationOngoing(status, quality)).toBe(ongoing)
  })
})

describe('SPEC §4: highest quality', () => {
  const verified = (signatureQualities: QualityHolder['signatureQualities']): QualityHolder => ({
    emailVerified: true,
    signatureQualities,
  })
  it.each<[string, QualityHolder, HighestQuality]>([
    [
      'none unless the email is verified',
      { emailVerified: false, signatureQualities: { qes: { eidas: {} } } },
      'none',
    ],
    ['qes from an eidas entry', verified({ aes: { any: {} }, qes: { eidas: { quality: 'qes' } } }), 'qes'],
    ['qes from a zertes entry', verified({ qes: { zertes: {} } }), 'qes'],
    ['demo if its quality is demo', verified({ qes: { zertes: { quality: 'demo' } } }), 'demo'],
    [
      'qes when one of two entries is real',
      verified({ qes: { eidas: { quality: 'demo' }, zertes: { quality: 'qes' } } }),
      'qes',
    ],
    ['aes if present', verified({ ses: { any: {} }, aes: { any: {} } }), 'aes'],
    ['ses otherwise', verified({ ses: { any: {} } }), 'ses'],
    ['ses without any qualities', { emailVerified: true }, 'ses'],
  ])('%s', (_, user, quality) => {
    expect(highestQuality(user)).toBe(quality)
  })
})

describe('SPEC §2: identification methods offered', () => {
  it.each([
    ['eidas', true, ['video', 'self', 'id-austria']],
    ['eidas', false, ['id-austria', 'external-sc']],
    ['zertes', true, ['video', 'loc', 'auto']],
    ['zertes', false, ['loc', 'external-sc']],
  ] as const)('%s, covered %s: %j', (legislation, covered, methods) => {
    expect(identificationMethods(legislation, covered)).toEqual(methods)
  })
})

describe('the quality a method gives is active', () => {
  it.each([
    ['self', 'ses', false],
    ['self', 'aes', true],
    ['self', 'demo', true],
    ['video', 'aes', false],
    ['video', 'qes', true],
    ['auto', 'demo', true],
    [undefined, 'aes', false],
  ] as const)('%s with quality %s: %s', (method, quality, active) => {
    expect(isMethodActivated(method, quality)).toBe(active)
  })
})
