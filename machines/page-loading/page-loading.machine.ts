import { assign, type DoneActorEvent, fromPromise, setup } from 'xstate'
import type {
  PageFetchInput,
  PageFetchResult,
  PageLoadingContext,
  PageLoadingEvent,
  PageLoadingInput,
} from './page-loading.types.ts'
import { isLoadedStatus, isRetryableStatus } from './page-status.ts'
import { PAGE_MAX_RETRIES, retryDelay } from './retry-delay.ts'

type Answer = { context: PageLoadingContext; event: DoneActorEvent<PageFetchResult> }
type AnswerParams = { result: PageFetchResult; retriesLeft: boolean }

const answer = ({ context, event }: Answer): AnswerParams => ({
  result: event.output,
  retriesLeft: context.attempt < context.maxRetries,
})

const retriesLeft = ({ context }: { context: PageLoadingContext }) => ({
  retriesLeft: context.attempt < context.maxRetries,
})

/**
 * Loading one document page (SPEC §8-9): a failure or a 202 'still rendering' answer is retried
 * after 100 ms x 2^attempt (capped at 5 s), a 503 with Retry-After after that many seconds, up to
 * `maxRetries` retries; then the load fails until the user asks again. Other statuses fail at once.
 */
export const pageLoadingMachine = setup({
  types: {
    context: {} as PageLoadingContext,
    events: {} as PageLoadingEvent,
    input: {} as PageLoadingInput,
  },
  actors: {
    fetchPage: fromPromise<PageFetchResult, PageFetchInput>(() =>
      Promise.reject(new Error('page.fetch_not_provided')),
    ),
  },
  actions: {
    setData: assign((_, params: { result: PageFetchResult }) => ({
      data: params.result.data,
      status: params.result.status,
      error: null,
    })),
    setStatus: assign((_, params: { result: PageFetchResult }) => ({
      status: params.result.status,
      retryAfter: params.result.retryAfter ?? 0,
    })),
    clearStatus: assign({ status: null }),
    countRetry: assign(({ context }) => ({ attempt: context.attempt + 1 })),
    fail: assign({ error: 'page.load_failed' as const }),
    restart: assign({ attempt: 0, error: null, status: null }),
  },
  guards: {
    isLoaded: (_, params: AnswerParams) => isLoadedStatus(params.result.status),
    mustWaitRetryAfter: (_, params: AnswerParams) =>
      params.retriesLeft && params.result.status === 503 && params.result.retryAfter !== undefined,
    mayRetry: (_, params: AnswerParams) => params.retriesLeft && isRetryableStatus(params.result.status),
    hasRetriesLeft: (_, params: { retriesLeft: boolean }) => params.retriesLeft,
  },
  delays: {
    backoff: ({ context }) => retryDelay(context.attempt),
    retryAfter: ({ context }) => context.retryAfter * 1000,
  },
}).createMachine({
  id: 'pageLoading',
  context: ({ input }) => ({
    maxRetries: input.maxRetries ?? PAGE_MAX_RETRIES,
    attempt: 0,
    retryAfter: 0,
    data: undefined,
    status: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ attempt: context.attempt }),
        onDone: [
          {
            guard: { type: 'isLoaded', params: answer },
            target: 'loaded',
            actions: { type: 'setData', params: answer },
          },
          {
            guard: { type: 'mustWaitRetryAfter', params: answer },
            target: 'waitingRetryAfter',
            actions: { type: 'setStatus', params: answer },
          },
          {
            guard: { type: 'mayRetry', params: answer },
            target: 'backingOff',
            actions: { type: 'setStatus', params: answer },
          },
          { target: 'failed', actions: [{ type: 'setStatus', params: answer }, 'fail'] },
        ],
        onError: [
          {
            guard: { type: 'hasRetriesLeft', params: retriesLeft },
            target: 'backingOff',
            actions: 'clearStatus',
          },
          { target: 'failed', actions: ['clearStatus', 'fail'] },
        ],
      },
    },
    backingOff: {
      after: { backoff: { target: 'loading', actions: 'countRetry' } },
    },
    waitingRetryAfter: {
      after: { retryAfter: { target: 'loading', actions: 'countRetry' } },
    },
    loaded: { type: 'final' },
    failed: {
      on: { 'page.retry': { target: 'loading', actions: 'restart' } },
    },
  },
})
