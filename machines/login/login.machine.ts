import { assign, fromPromise, setup } from 'xstate'
import type {
  CodeInput,
  LoginContext,
  LoginEvent,
  PasskeyInput,
  PasswordInput,
  PasswordOutcome,
} from './login.types.ts'

const notProvided = (name: string) => () => Promise.reject(new Error(`login: actor ${name} was not provided`))

/** The refusal of the code step that means the sign-in must start again from the password. */
const isExpired = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === 'auth.sign_in_expired'

/**
 * Signing in (SPEC §2 /login, issue 42 §1, §2): the password, then, for an account with a second factor, a
 * code of its authenticator app, a recovery code or one of its passkeys; or a passkey alone instead of the
 * password. The caller provides `checkPassword` (POST /v1/login), `checkCode` (POST /v1/login/second-factor)
 * and `checkPasskey` (the browser's passkey prompt and POST /v1/login/passkey); at `signedIn` the token is in
 * the context, for the session. A refusal keeps the step and records the error; an expired sign-in goes back
 * to the password.
 */
export const loginMachine = setup({
  types: { context: {} as LoginContext, events: {} as LoginEvent },
  actors: {
    checkPassword: fromPromise<PasswordOutcome, PasswordInput>(notProvided('checkPassword')),
    checkCode: fromPromise<{ token: string }, CodeInput>(notProvided('checkCode')),
    checkPasskey: fromPromise<{ token: string }, PasskeyInput>(notProvided('checkPasskey')),
  },
  guards: {
    isSecondFactor: (_, params: { outcome: PasswordOutcome }) => params.outcome.kind === 'secondFactor',
    isExpired: (_, params: { error: unknown }) => isExpired(params.error),
  },
  actions: {
    keepRememberMe: assign((_, params: { rememberMe: boolean }) => ({ rememberMe: params.rememberMe })),
    keepChallenge: assign((_, params: { outcome: PasswordOutcome }) => ({
      challenge: params.outcome.kind === 'secondFactor' ? params.outcome.challenge : null,
      secondFactors: params.outcome.kind === 'secondFactor' ? params.outcome.secondFactors : [],
      failure: null,
    })),
    keepToken: assign((_, params: { token: string }) => ({ token: params.token, failure: null })),
    recordFailure: assign((_, params: { error: unknown }) => ({ failure: params.error })),
    forgetChallenge: assign({ challenge: null, secondFactors: [] }),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'login',
  context: { rememberMe: false, challenge: null, secondFactors: [], token: null, failure: null },
  initial: 'password',
  states: {
    password: {
      on: {
        'password.submit': {
          target: 'checkingPassword',
          actions: [
            'clearFailure',
            { type: 'keepRememberMe', params: ({ event }) => ({ rememberMe: event.rememberMe }) },
          ],
        },
        'passkey.start': {
          target: 'checkingPasskey',
          actions: [
            'clearFailure',
            { type: 'keepRememberMe', params: ({ event }) => ({ rememberMe: event.rememberMe }) },
          ],
        },
      },
    },
    checkingPasskey: {
      invoke: {
        src: 'checkPasskey',
        input: ({ context }) => ({ challenge: null, rememberMe: context.rememberMe }),
        onDone: {
          target: 'signedIn',
          actions: { type: 'keepToken', params: ({ event }) => ({ token: event.output.token }) },
        },
        onError: {
          target: 'password',
          actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    checkingPassword: {
      invoke: {
        src: 'checkPassword',
        input: ({ event }) => {
          if (event.type !== 'password.submit') throw new Error('login: no password to check')
          return { email: event.email, password: event.password, rememberMe: event.rememberMe }
        },
        onDone: [
          {
            guard: { type: 'isSecondFactor', params: ({ event }) => ({ outcome: event.output }) },
            target: 'secondFactor',
            actions: { type: 'keepChallenge', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            target: 'signedIn',
            actions: {
              type: 'keepToken',
              params: ({ event }) => ({ token: event.output.kind === 'token' ? event.output.token : '' }),
            },
          },
        ],
        onError: {
          target: 'password',
          actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    secondFactor: {
      on: {
        'code.submit': { target: 'checkingCode', actions: 'clearFailure' },
        'passkey.start': { target: 'checkingPasskeyFactor', actions: 'clearFailure' },
        'code.cancel': { target: 'password', actions: ['forgetChallenge', 'clearFailure'] },
      },
    },
    checkingCode: {
      invoke: {
        src: 'checkCode',
        input: ({ context, event }) => ({
          challenge: context.challenge ?? '',
          code: event.type === 'code.submit' ? event.code : '',
        }),
        onDone: {
          target: 'signedIn',
          actions: { type: 'keepToken', params: ({ event }) => ({ token: event.output.token }) },
        },
        onError: {
          target: 'factorRefused',
          actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    checkingPasskeyFactor: {
      invoke: {
        src: 'checkPasskey',
        input: ({ context }) => ({ challenge: context.challenge, rememberMe: context.rememberMe }),
        onDone: {
          target: 'signedIn',
          actions: { type: 'keepToken', params: ({ event }) => ({ token: event.output.token }) },
        },
        onError: {
          target: 'factorRefused',
          actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // A code and a passkey given as the second factor are refused alike: an expired sign-in starts again from
    // the password, any other refusal asks for the second factor again.
    factorRefused: {
      always: [
        {
          guard: { type: 'isExpired', params: ({ context }) => ({ error: context.failure }) },
          target: 'password',
          actions: 'forgetChallenge',
        },
        { target: 'secondFactor' },
      ],
    },
    signedIn: { type: 'final' },
  },
})
