import { assign, emit, fromPromise, setup } from 'xstate'
import { mobileIdMachine } from '../mobile-id/mobile-id.machine.ts'
import { hasSigningCredit } from './has-signing-credit.ts'
import type {
  MobileAesAttempt,
  MobileSigning,
  Part11Confirmation,
  Part11Meaning,
  SealChoice,
  SignAttempt,
  SigningContext,
  SigningCredit,
  SigningErrorCode,
  SigningEvent,
  SigningPresentation,
  SigningStep,
  SignOutcome,
  SignResultCode,
} from './signing.types.ts'

// Stand-ins so a caller that forgets machine.provide fails loudly instead of hanging.
const notProvided = (name: string) => () =>
  Promise.reject(new Error(`signing: actor ${name} was not provided`))

/** The server's code of a rejected call (an API error carries one), if any. */
function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined
  return typeof error.code === 'string' ? error.code : undefined
}

/** How the server refused a second-factor code given at signing, as the step that asks again says it. */
const secondFactorRefusals: Record<string, SigningErrorCode> = {
  'second_factor.invalid_code': 'signing.second_factor_invalid',
  'second_factor.code_used': 'signing.second_factor_used',
}

// Refusals of a qualified signing that registering a mobile number answers: none yet, or one that takes no SMS.
const mobileRefusals = new Set(['mobile_signing.mobile_missing', 'mobile_signing.mobile_invalid'])

/** The qualified signing the machine waits on in `mobileAes`, which only a sign answer with one enters. */
function startedMobileSigning(context: SigningContext): MobileSigning {
  if (context.mobileSigning === undefined) throw new Error('signing: no mobile signing was started')
  return context.mobileSigning
}

const present = (step: SigningStep) => ({ type: 'present', params: { step } }) as const

const busy = {
  tags: ['busy'],
  entry: { type: 'setLoading', params: { loading: true } },
  exit: { type: 'setLoading', params: { loading: false } },
} as const

/**
 * Signing and its full-screen overlays (SPEC §2, §4). Sealing with a seal of the signer's business is
 * confirmed first, naming the seal. The caller provides the effects: `sign` (POST /v3/sign or
 * /v3/direct/sign) answering a SignResultCode, `resendTan`, for a qualified signing confirmed on the phone
 * `proceedMobileAes`, `resendMobileAes` and `cancelMobileAes`, and `mobileId` (the mobile-id machine with its
 * calls), which registers an account's mobile number as a step when the first qualified signing finds none.
 * Each answer of the sign call routes to its overlay; an overlay's handler runs with `loading` set, the overlay
 * closes only on 'complete', and on failure `loading` is cleared, `errorCode` is set and the overlay stays so
 * the user can retry. A request whose sender asks for the signer's second factor at signing is refused until the
 * sign call carries a code of it: the signer is asked for one (`awaitingSecondFactor`, again after a wrong or used
 * one), or led to set one up when they have none (`settingUpSecondFactor`). Entering a step emits
 * `signing.present`, which the caller shows.
 */
export const signingMachine = setup({
  types: {
    context: {} as SigningContext,
    events: {} as SigningEvent,
    emitted: {} as SigningPresentation,
    children: {} as {
      sign: 'sign'
      resendTan: 'resendTan'
      proceedMobileAes: 'proceedMobileAes'
      resendMobileAes: 'resendMobileAes'
      cancelMobileAes: 'cancelMobileAes'
      mobileId: 'mobileId'
    },
  },
  actors: {
    sign: fromPromise<SignOutcome, SignAttempt>(notProvided('sign')),
    /** Mails a TAN (or finds the last one still fresh); answers when another may be mailed (epoch ms). */
    resendTan: fromPromise<number>(notProvided('resendTan')),
    /** Confirms the qualified signing with the SMS password; answers the sign call's outcome. */
    proceedMobileAes: fromPromise<SignOutcome, MobileAesAttempt>(notProvided('proceedMobileAes')),
    /** Sends a new SMS password; answers when another may be asked for (epoch ms). */
    resendMobileAes: fromPromise<number, MobileSigning>(notProvided('resendMobileAes')),
    /** Cancels the waiting qualified signing: nothing is signed. */
    cancelMobileAes: fromPromise<void, MobileSigning>(notProvided('cancelMobileAes')),
    /** Registers the account's mobile number (machines/mobile-id), with the caller's calls provided. */
    mobileId: mobileIdMachine,
  },
  guards: {
    lacksCredit: (_, params: { credit: SigningCredit }) => !hasSigningCredit(params.credit),
    isSealing: (_, params: { seal: SealChoice | undefined }) => params.seal !== undefined,
    isResult: (_, params: { result: SignResultCode; expected: SignResultCode }) =>
      params.result === params.expected,
    /** The answer is `expected`, and a direct-link signer signs (who confirms Part 11 with a TAN). */
    isDirectResult: ({ context }, params: { result: SignResultCode; expected: SignResultCode }) =>
      context.signer === 'direct' && params.result === params.expected,
    /** An account's qualified signing needs a mobile number it may register now (a direct-link signer cannot). */
    needsMobile: ({ context }, params: { code: string | undefined }) =>
      context.signer === 'account' && params.code !== undefined && mobileRefusals.has(params.code),
    isRegistered: (_, params: { registered: boolean }) => params.registered,
    /** The sign call was refused with `expected`, the server's code. */
    isRefusal: (_, params: { code: string | undefined; expected: string }) => params.code === params.expected,
    /** The sign call refused the second-factor code it carried: wrong, or used before. */
    isWrongSecondFactor: (_, params: { code: string | undefined }) =>
      params.code !== undefined && Object.hasOwn(secondFactorRefusals, params.code),
  },
  actions: {
    present: emit((_, params: { step: SigningStep }) => ({
      type: 'signing.present' as const,
      step: params.step,
    })),
    setLoading: assign((_, params: { loading: boolean }) => ({ loading: params.loading })),
    startAttempt: assign(
      (
        _,
        params: {
          credit: SigningCredit
          seal: SealChoice | undefined
          part11Defaults: Part11Meaning | undefined
        },
      ) => ({
        signer: params.credit.isDirectSign ? ('direct' as const) : ('account' as const),
        tan: undefined,
        part11: undefined,
        errorCode: undefined,
        tanTriesLeft: undefined,
        seal: params.seal,
        part11Defaults: params.part11Defaults,
        mobileSigning: undefined,
        refusal: undefined,
        secondFactorCode: undefined,
      }),
    ),
    setSecondFactorCode: assign((_, params: { code: string }) => ({ secondFactorCode: params.code })),
    /** A refused code is asked for again, without keeping it, saying why it was refused. */
    wrongSecondFactor: assign((_, params: { code: string | undefined }) => ({
      secondFactorCode: undefined,
      errorCode: secondFactorRefusals[params.code ?? ''] ?? ('signing.second_factor_invalid' as const),
    })),
    setTan: assign((_, params: { tan: string }) => ({ tan: params.tan })),
    /** The confirmation goes with the next sign call; asked again, the verification starts from its name and meaning. */
    setPart11: assign((_, params: Part11Confirmation) => ({
      part11: params,
      part11Defaults: { signingName: params.signingName, signingReason: params.signingReason },
    })),
    setMobileSigning: assign((_, params: { mobileSigning: MobileSigning | undefined }) => ({
      mobileSigning: params.mobileSigning,
    })),
    /** The sign call was refused: the failure says why, by the server's code. */
    setRefusal: assign((_, params: { refusal: string | undefined }) => ({
      errorCode: 'signing.failed' as const,
      refusal: params.refusal,
    })),
    /** A wrong password: the confirmation is asked for again, without keeping what was typed. */
    wrongPart11: assign({ part11: undefined, errorCode: 'signing.part11_invalid' as const }),
    setError: assign((_, params: { errorCode: SigningErrorCode }) => ({ errorCode: params.errorCode })),
    clearError: assign({ errorCode: undefined }),
    wrongTan: assign((_, params: { triesLeft: number | undefined }) => ({
      errorCode: 'signing.tan_invalid' as const,
      tanTriesLeft: params.triesLeft,
    })),
    tanMailed: assign(({ context }, params: { nextAt: number }) => ({
      errorCode: undefined,
      tanTriesLeft: undefined,
      tanMail: { nextAt: params.nextAt, count: (context.tanMail?.count ?? 0) + 1 },
    })),
  },
}).createMachine({
  id: 'signing',
  context: { loading: false },
  initial: 'idle',
  // The user went to another page: the flow ends there, whatever it was doing (SPEC §2).
  on: { 'signing.leave': { target: '.idle' } },
  states: {
    idle: {
      on: {
        'signing.start': [
          {
            guard: { type: 'lacksCredit', params: ({ event }) => ({ credit: event.credit }) },
            target: 'exhausted',
            actions: {
              type: 'startAttempt',
              params: ({ event }) => ({
                credit: event.credit,
                seal: event.seal,
                part11Defaults: event.part11Defaults,
              }),
            },
          },
          {
            guard: { type: 'isSealing', params: ({ event }) => ({ seal: event.seal }) },
            target: 'confirmingSeal',
            actions: {
              type: 'startAttempt',
              params: ({ event }) => ({
                credit: event.credit,
                seal: event.seal,
                part11Defaults: event.part11Defaults,
              }),
            },
          },
          {
            target: 'signing',
            actions: {
              type: 'startAttempt',
              params: ({ event }) => ({
                credit: event.credit,
                seal: event.seal,
                part11Defaults: event.part11Defaults,
              }),
            },
          },
        ],
      },
    },
    // A seal signs for the whole organisation: the signer confirms the seal, by name, before it is applied.
    confirmingSeal: {
      entry: present('confirmingSeal'),
      on: {
        'seal.confirm': { target: 'signing' },
        'overlay.close': { target: 'idle' },
      },
    },
    signing: {
      ...busy,
      entry: [present('signing'), busy.entry, 'clearError'],
      invoke: {
        id: 'sign',
        src: 'sign',
        input: ({ context }) => ({
          tan: context.tan,
          part11: context.part11,
          sealAccountName: context.seal?.accountName,
          secondFactorCode: context.secondFactorCode,
        }),
        onDone: [
          {
            guard: {
              type: 'isResult',
              params: ({ event }) => ({ result: event.output.result, expected: 'complete' }),
            },
            target: 'success',
          },
          {
            guard: {
              type: 'isResult',
              params: ({ event }) => ({ result: event.output.result, expected: 'tan_required' }),
            },
            // A TAN is mailed when the sign call asks for one (unless the last mail's still stands, which the
            // server says); later ones only when the signer asks.
            target: 'awaitingTan.resending',
          },
          {
            // A wrong TAN is said in the TAN invalid overlay (SPEC §2), then at the field, with the tries left.
            guard: {
              type: 'isResult',
              params: ({ event }) => ({ result: event.output.result, expected: 'tan_invalid' }),
            },
            target: 'tanInvalid',
            actions: { type: 'wrongTan', params: ({ event }) => ({ triesLeft: event.output.tanTriesLeft }) },
          },
          {
            guard: {
              type: 'isResult',
              params: ({ event }) => ({ result: event.output.result, expected: 'tan_expired' }),
            },
            target: 'tanExpired',
          },
          {
            guard: {
              type: 'isResult',
              params: ({ event }) => ({ result: event.output.result, expected: 'tan_locked' }),
            },
            target: 'tanLocked',
          },
          {
            guard: {
              type: 'isResult',
              params: ({ event }) => ({ result: event.output.result, expected: 'locked' }),
            },
            target: 'signingLocked',
          },
          {
            guard: {
              type: 'isResult',
              params: ({ event }) => ({ result: event.output.result, expected: 'exhausted' }),
            },
            target: 'exhausted',
          },
          {
            guard: {
              type: 'isResult',
              params: ({ event }) => ({ result: event.output.result, expected: 'serial_mismatch' }),
            },
            target: 'serialMismatch',
          },
          {
            // A qualified signing started on the phone: the answer names it (the caller's sign refuses one that
            // does not).
            guard: {
              type: 'isResult',
              params: ({ event }) => ({ result: event.output.result, expected: 'mobile_aes' }),
            },
            target: 'mobileAes',
            actions: {
              type: 'setMobileSigning',
              params: ({ event }) => ({ mobileSigning: event.output.mobileSigning }),
            },
          },
          {
            // A direct-link signer gives the name and meaning here; the TAN asked next confirms them.
            guard: {
              type: 'isDirectResult',
              params: ({ event }) => ({ result: event.output.result, expected: 'part11_required' }),
            },
            target: 'part11Meaning',
          },
          {
            guard: {
              type: 'isResult',
              params: ({ event }) => ({ result: event.output.result, expected: 'part11_required' }),
            },
            target: 'part11Verification',
          },
          {
            guard: {
              type: 'isResult',
              params: ({ event }) => ({ result: event.output.result, expected: 'identification_required' }),
            },
            target: 'identificationRequired',
          },
          {
            guard: {
              type: 'isResult',
              params: ({ event }) => ({ result: event.output.result, expected: 'part11_invalid' }),
            },
            target: 'part11Verification',
            actions: 'wrongPart11',
          },
        ],
        onError: [
          {
            // The sender asks for the signer's second factor right before the signature is applied.
            guard: {
              type: 'isRefusal',
              params: ({ event }) => ({
                code: codeOf(event.error),
                expected: 'signing.second_factor_required',
              }),
            },
            target: 'awaitingSecondFactor',
          },
          {
            guard: { type: 'isWrongSecondFactor', params: ({ event }) => ({ code: codeOf(event.error) }) },
            target: 'awaitingSecondFactor',
            actions: { type: 'wrongSecondFactor', params: ({ event }) => ({ code: codeOf(event.error) }) },
          },
          {
            // Asked for a second factor they do not have yet, the signer is led to set one up.
            guard: {
              type: 'isRefusal',
              params: ({ event }) => ({
                code: codeOf(event.error),
                expected: 'signing.second_factor_not_set_up',
              }),
            },
            target: 'settingUpSecondFactor',
          },
          {
            // Registering the number is a step of the first qualified signing, not a failure.
            guard: { type: 'needsMobile', params: ({ event }) => ({ code: codeOf(event.error) }) },
            target: 'registeringMobile',
          },
          {
            target: 'failure',
            actions: { type: 'setRefusal', params: ({ event }) => ({ refusal: codeOf(event.error) }) },
          },
        ],
      },
    },
    // The mobile-id machine runs as a child; once the number is registered, the signing goes on with it.
    registeringMobile: {
      entry: present('registeringMobile'),
      invoke: {
        id: 'mobileId',
        src: 'mobileId',
        onSnapshot: {
          guard: {
            type: 'isRegistered',
            params: ({ event }) => ({ registered: event.snapshot.value === 'registered' }),
          },
          target: 'signing',
        },
      },
      on: { 'overlay.close': { target: 'idle' } },
    },
    // The signer confirms with a code of their second factor; the sign call that carries it signs.
    awaitingSecondFactor: {
      entry: present('awaitingSecondFactor'),
      on: {
        'secondFactor.submit': {
          target: 'signing',
          actions: { type: 'setSecondFactorCode', params: ({ event }) => ({ code: event.code }) },
        },
        'overlay.close': { target: 'idle' },
      },
    },
    // No second factor yet: the step leads to /profile/security to set one up (leaving the page ends the flow).
    settingUpSecondFactor: {
      entry: present('settingUpSecondFactor'),
      on: { 'overlay.close': { target: 'idle' } },
    },
    awaitingTan: {
      entry: present('awaitingTan'),
      initial: 'entry',
      states: {
        entry: {
          on: {
            'tan.submit': {
              target: '#signing.signing',
              actions: { type: 'setTan', params: ({ event }) => ({ tan: event.tan }) },
            },
            'tan.resend': { target: 'resending' },
          },
        },
        resending: {
          ...busy,
          invoke: {
            id: 'resendTan',
            src: 'resendTan',
            onDone: {
              target: 'entry',
              actions: { type: 'tanMailed', params: ({ event }) => ({ nextAt: event.output }) },
            },
            onError: {
              target: 'entry',
              actions: { type: 'setError', params: { errorCode: 'signing.tan_resend_failed' } },
            },
          },
        },
      },
      on: { 'overlay.close': { target: 'idle' } },
    },
    tanInvalid: {
      entry: present('tanInvalid'),
      on: { 'tan.retry': { target: 'awaitingTan' }, 'overlay.close': { target: 'idle' } },
    },
    tanExpired: {
      entry: present('tanExpired'),
      initial: 'ready',
      states: {
        ready: {
          on: { 'tan.resend': { target: 'resending' } },
        },
        resending: {
          ...busy,
          invoke: {
            id: 'resendTan',
            src: 'resendTan',
            onDone: {
              target: '#signing.awaitingTan',
              actions: { type: 'tanMailed', params: ({ event }) => ({ nextAt: event.output }) },
            },
            onError: {
              target: 'ready',
              actions: { type: 'setError', params: { errorCode: 'signing.tan_resend_failed' } },
            },
          },
        },
      },
      on: { 'overlay.close': { target: 'idle' } },
    },
    tanLocked: {
      entry: present('tanLocked'),
      on: { 'overlay.close': { target: 'idle' } },
    },
    signingLocked: {
      entry: present('signingLocked'),
      on: { 'overlay.close': { target: 'idle' } },
    },
    exhausted: {
      entry: present('exhausted'),
      on: { 'overlay.close': { target: 'idle' } },
    },
    serialMismatch: {
      entry: present('serialMismatch'),
      on: { 'overlay.close': { target: 'idle' } },
    },
    identificationRequired: {
      entry: present('identificationRequired'),
      on: { 'overlay.close': { target: 'idle' } },
    },
    mobileAes: {
      entry: present('mobileAes'),
      initial: 'ready',
      states: {
        ready: {
          on: {
            'mobileAes.submit': { target: 'proceeding' },
            'mobileAes.resend': { target: 'resending' },
            'overlay.close': { target: 'cancelling' },
          },
        },
        proceeding: {
          ...busy,
          invoke: {
            id: 'proceedMobileAes',
            src: 'proceedMobileAes',
            // Only mobileAes.submit enters this state; the one-time password is not kept in context.
            input: ({ context, event }) => ({
              mobileSigning: startedMobileSigning(context),
              pwdotp: event.type === 'mobileAes.submit' ? event.pwdotp : '',
            }),
            onDone: [
              {
                guard: {
                  type: 'isResult',
                  params: ({ event }) => ({ result: event.output.result, expected: 'complete' }),
                },
                target: '#signing.success',
              },
              {
                // A wrong password is said in the overlay itself, with the tries left.
                guard: {
                  type: 'isResult',
                  params: ({ event }) => ({ result: event.output.result, expected: 'tan_invalid' }),
                },
                target: 'ready',
                actions: {
                  type: 'wrongTan',
                  params: ({ event }) => ({ triesLeft: event.output.tanTriesLeft }),
                },
              },
              {
                guard: {
                  type: 'isResult',
                  params: ({ event }) => ({ result: event.output.result, expected: 'tan_expired' }),
                },
                target: 'ready',
                actions: { type: 'setError', params: { errorCode: 'signing.otp_expired' } },
              },
              {
                guard: {
                  type: 'isResult',
                  params: ({ event }) => ({ result: event.output.result, expected: 'tan_locked' }),
                },
                target: '#signing.tanLocked',
              },
              {
                target: 'ready',
                actions: { type: 'setError', params: { errorCode: 'signing.not_complete' } },
              },
            ],
            onError: {
              target: 'ready',
              actions: { type: 'setError', params: { errorCode: 'signing.mobile_aes_failed' } },
            },
          },
        },
        resending: {
          ...busy,
          invoke: {
            id: 'resendMobileAes',
            src: 'resendMobileAes',
            input: ({ context }) => startedMobileSigning(context),
            onDone: {
              target: 'ready',
              actions: { type: 'tanMailed', params: ({ event }) => ({ nextAt: event.output }) },
            },
            onError: {
              target: 'ready',
              actions: { type: 'setError', params: { errorCode: 'signing.tan_resend_failed' } },
            },
          },
        },
        // Closing the overlay declines the signing on the server too; it ends there either way.
        cancelling: {
          ...busy,
          invoke: {
            id: 'cancelMobileAes',
            src: 'cancelMobileAes',
            input: ({ context }) => startedMobileSigning(context),
            onDone: { target: '#signing.idle' },
            onError: { target: '#signing.idle' },
          },
        },
      },
    },
    part11Verification: {
      entry: present('part11Verification'),
      on: {
        'part11.submit': {
          target: 'signing',
          actions: {
            type: 'setPart11',
            params: ({ event }) => ({
              password: event.password,
              signingName: event.signingName,
              signingReason: event.signingReason,
            }),
          },
        },
        'overlay.close': { target: 'idle' },
      },
    },
    // 21 CFR Part 11 for a direct-link signer: the printed name and meaning, sent on to the TAN entry.
    part11Meaning: {
      entry: present('part11Meaning'),
      on: {
        'part11.submit': {
          target: 'signing',
          actions: {
            type: 'setPart11',
            params: ({ event }) => ({ signingName: event.signingName, signingReason: event.signingReason }),
          },
        },
        'overlay.close': { target: 'idle' },
      },
    },
    success: {
      entry: present('success'),
      on: { 'overlay.close': { target: 'done' } },
    },
    failure: {
      entry: present('failure'),
      on: {
        'signing.retry': { target: 'signing' },
        'overlay.close': { target: 'idle' },
      },
    },
    done: { type: 'final' },
  },
})
