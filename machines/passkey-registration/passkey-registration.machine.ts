import { assign, fromPromise, setup } from 'xstate'
import type {
  CreatePasskeyInput,
  PasskeyRegistrationContext,
  PasskeyRegistrationEvent,
  RequestOptionsInput,
  SavePasskeyInput,
} from './passkey-registration.types.ts'

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`passkey registration: actor ${name} was not provided`))

// Naming the first passkey, another after one was added, or trying again after a refusal start alike. Each state
// that takes it still checks it against the machine's types (an unknown action name does not compile).
const add = {
  target: 'checkingPassword',
  actions: [
    'clearFailure',
    { type: 'keepName', params: ({ event }: { event: PasskeyRegistrationEvent }) => ({ name: event.name }) },
  ],
} as const

/**
 * Adding a passkey on /profile/security (issue 42 §2): the user names it and enters the password, the server
 * checks the password and answers the options (`requestOptions`), the browser asks the authenticator to make
 * the passkey (`createPasskey`), and the server keeps it under its name (`savePasskey`). Any step's refusal
 * ends in `failed` with the error for the screen to word; the user may try again from `added` or `failed`.
 * At `added` the caller's `announceAdded` runs (a snackbar, the lists read again).
 */
export const passkeyRegistrationMachine = setup({
  types: { context: {} as PasskeyRegistrationContext, events: {} as PasskeyRegistrationEvent },
  actors: {
    requestOptions: fromPromise<string, RequestOptionsInput>(notProvided('requestOptions')),
    createPasskey: fromPromise<string, CreatePasskeyInput>(notProvided('createPasskey')),
    savePasskey: fromPromise<void, SavePasskeyInput>(notProvided('savePasskey')),
  },
  actions: {
    keepName: assign((_, params: { name: string }) => ({ name: params.name })),
    keepOptions: assign((_, params: { options: string }) => ({ options: params.options })),
    keepCredential: assign((_, params: { credential: string }) => ({
      options: null,
      credential: params.credential,
    })),
    recordFailure: assign((_, params: { error: unknown }) => ({
      failure: params.error,
      options: null,
      credential: null,
    })),
    clearFailure: assign({ failure: null }),
    forget: assign({ name: '', options: null, credential: null }),
    announceAdded: () => {},
  },
}).createMachine({
  id: 'passkeyRegistration',
  context: { name: '', options: null, credential: null, failure: null },
  initial: 'naming',
  states: {
    naming: { on: { 'passkey.add': add } },
    checkingPassword: {
      tags: ['busy'],
      invoke: {
        id: 'requestOptions',
        src: 'requestOptions',
        input: ({ event }) => ({ password: event.type === 'passkey.add' ? event.password : '' }),
        onDone: {
          target: 'waitingForAuthenticator',
          actions: { type: 'keepOptions', params: ({ event }) => ({ options: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    waitingForAuthenticator: {
      tags: ['busy'],
      invoke: {
        id: 'createPasskey',
        src: 'createPasskey',
        input: ({ context }) => ({ options: context.options ?? '' }),
        onDone: {
          target: 'saving',
          actions: { type: 'keepCredential', params: ({ event }) => ({ credential: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'savePasskey',
        src: 'savePasskey',
        input: ({ context }) => ({ name: context.name, credential: context.credential ?? '' }),
        onDone: { target: 'added', actions: ['forget', 'announceAdded'] },
        onError: {
          target: 'failed',
          actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    added: { on: { 'passkey.add': add } },
    failed: { on: { 'passkey.add': add } },
  },
})
