import { assign, fromPromise, setup } from 'xstate'
import { camelKey } from '../../contract/case.ts'
import type {
  RegisterAnswer,
  RegisterFailure,
  RegisterInput,
  SignupContext,
  SignupErrors,
  SignupEvent,
  SignupField,
  SignupInput,
} from './signup.types.ts'
import { type SignupStep, validateSignupStep } from './signup-validation.ts'

const fieldsOf: Record<SignupStep, readonly SignupField[]> = {
  name: ['firstName', 'lastName'],
  password: ['password'],
  terms: ['gtc'],
}

const tokenCodes = ['token.invalid', 'token.expired']

/** The failure a register call rejected with, whatever shape it came in. */
function failureOf(error: unknown): RegisterFailure {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') {
    const field = 'field' in error && typeof error.field === 'string' ? error.field : undefined
    return { code: error.code, field }
  }
  return { code: 'network.unreachable' }
}

/** The signup field a server error names (wire case), if it names one of ours. */
function fieldOf(failure: RegisterFailure): SignupField | undefined {
  const field = failure.field ? camelKey(failure.field) : undefined
  return Object.values(fieldsOf)
    .flat()
    .find((f) => f === field)
}

const failsOn = (step: SignupStep) => (_: unknown, params: { error: unknown }) => {
  const field = fieldOf(failureOf(params.error))
  return field !== undefined && fieldsOf[step].includes(field)
}

/**
 * The registration steps after the confirmed e-mail (SPEC §2 /signup/steps): name, password,
 * terms, then the register call. Back and next keep every value; next checks the step's fields
 * first. A refused registration returns to the step whose field the server named, with its code;
 * a used or expired link ends in `linkInvalid`. The caller provides the `register` actor.
 */
export const signupMachine = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
    input: {} as SignupInput,
  },
  actors: {
    /** POST /v1/register; rejects with a {@link RegisterFailure}-like error. */
    register: fromPromise<RegisterAnswer, RegisterInput>(() =>
      Promise.reject({ code: 'signup.register_not_provided' }),
    ),
  },
  actions: {
    change: assign(({ context }, params: { values: Partial<SignupContext['values']> }) => {
      const changed = Object.keys(params.values) as SignupField[]
      const errors = { ...context.errors }
      for (const field of changed) delete errors[field]
      return { values: { ...context.values, ...params.values }, errors }
    }),
    showStepErrors: assign(({ context }, params: { step: SignupStep }) => ({
      errors: validateSignupStep(params.step, context.values, context.email),
    })),
    clearErrors: assign({ errors: {} as SignupErrors, formError: null }),
    recordFailure: assign((_, params: { error: unknown }) => {
      const failure = failureOf(params.error)
      const field = fieldOf(failure)
      return field
        ? { errors: { [field]: failure.code } as SignupErrors, formError: null }
        : { errors: {}, formError: failure.code }
    }),
    keepAccountToken: assign((_, params: { answer: RegisterAnswer }) => ({
      accountToken: params.answer.token,
    })),
  },
  guards: {
    isStepValid: ({ context }, params: { step: SignupStep }) =>
      Object.keys(validateSignupStep(params.step, context.values, context.email)).length === 0,
    isLinkFailure: (_, params: { error: unknown }) => tokenCodes.includes(failureOf(params.error).code),
    failsOnName: failsOn('name'),
    failsOnPassword: failsOn('password'),
  },
}).createMachine({
  id: 'signup',
  context: ({ input }) => ({
    token: input.token,
    email: input.email,
    values: { firstName: '', lastName: '', password: '', gtc: false, lang: input.lang ?? 'en-gb' },
    errors: {},
    formError: null,
    accountToken: null,
  }),
  initial: 'name',
  states: {
    name: {
      on: {
        'signup.change': { actions: { type: 'change', params: ({ event }) => ({ values: event.values }) } },
        'signup.next': [
          {
            guard: { type: 'isStepValid', params: { step: 'name' } },
            target: 'password',
            actions: 'clearErrors',
          },
          { actions: { type: 'showStepErrors', params: { step: 'name' } } },
        ],
      },
    },
    password: {
      on: {
        'signup.change': { actions: { type: 'change', params: ({ event }) => ({ values: event.values }) } },
        'signup.next': [
          {
            guard: { type: 'isStepValid', params: { step: 'password' } },
            target: 'terms',
            actions: 'clearErrors',
          },
          { actions: { type: 'showStepErrors', params: { step: 'password' } } },
        ],
        'signup.back': { target: 'name', actions: 'clearErrors' },
      },
    },
    terms: {
      on: {
        'signup.change': { actions: { type: 'change', params: ({ event }) => ({ values: event.values }) } },
        'signup.next': [
          {
            guard: { type: 'isStepValid', params: { step: 'terms' } },
            target: 'registering',
            actions: 'clearErrors',
          },
          { actions: { type: 'showStepErrors', params: { step: 'terms' } } },
        ],
        'signup.back': { target: 'password', actions: 'clearErrors' },
      },
    },
    registering: {
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => ({ values: context.values, token: context.token }),
        onDone: {
          target: 'registered',
          actions: { type: 'keepAccountToken', params: ({ event }) => ({ answer: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isLinkFailure', params: ({ event }) => ({ error: event.error }) },
            target: 'linkInvalid',
          },
          {
            guard: { type: 'failsOnName', params: ({ event }) => ({ error: event.error }) },
            target: 'name',
            actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'failsOnPassword', params: ({ event }) => ({ error: event.error }) },
            target: 'password',
            actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'terms',
            actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    registered: { type: 'final' },
    linkInvalid: { type: 'final' },
  },
})
