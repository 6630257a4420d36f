import { FetchError, type FetchResponse, ofetch } from 'ofetch'
import { type CaseOptions, toCamelCase, toSnakeCase } from '../../contract/case.ts'
import type { ApiErrorBody } from '../../contract/errors.ts'

/** SPEC §7: statuses on which a request is tried again. */
export const retryStatuses = [408, 409, 425, 429, 500, 502, 503, 504] as const

/** An error answered by the API (or the network), with the server's stable code. */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly field?: string
  /** The server's Retry-After, in seconds, on 429 and 503 answers. */
  readonly retryAfterSeconds?: number
  constructor(status: number, code: string, message: string, field?: string, retryAfterSeconds?: number) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.field = field
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/** How the client reaches the app around it; the app provides these, tests provide their own. */
export interface ApiClientOptions {
  /** @default '/api' */
  baseURL?: string
  /** The auth type and token to send, if any (`Authorization: <type> <token>`). */
  auth: () => { type: string; token: string } | undefined
  /** SPEC §8: a 401 signs the user out; the app stores the path to resume. */
  onUnauthorized: () => void
  /** SPEC §8: a 5xx other than 503 that is not retried any more sends the user to /sorry. */
  onServerError: () => void
  /** A call other than GET that the server answered with success: something may have changed there. */
  onChanged?: () => void
  /** Wait before retry `attempt` (0-based); SPEC §8 backoff by default. */
  retryDelay: (attempt: number) => number
  /** @default setTimeout-based sleep */
  sleep?: (ms: number) => Promise<void>
  /** The server's time now (epoch ms), which a Retry-After date is counted from. @default `Date.now` */
  now?: () => number
}

/** One request's options. */
export interface RequestOptions {
  /** @default 'GET' */
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'
  body?: unknown
  query?: Record<string, string | number | boolean | undefined>
  /** How often to try again on a retry status; SPEC §7: once by default. */
  retries?: number
  /** @default 'json' */
  responseType?: 'json' | 'blob'
  signal?: AbortSignal
  /** Maps whose keys are data and keep their case both ways (e.g. user attributes). */
  caseOptions?: CaseOptions
  /** Credentials for this request only (e.g. checking a token before the session keeps it). */
  auth?: { type: string; token: string }
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

function retryAfterMs(headers: Headers, now: () => number): number | undefined {
  const header = headers.get('retry-after')
  if (!header) return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now())
}

/** The API's error for a refused answer: its code, message and field, and the Retry-After in seconds. */
function refusalOf(response: FetchResponse<unknown>, body: unknown, now: () => number): ApiError {
  const message = `${response.status} ${response.statusText}`.trim()
  const refusal = body as Partial<ApiErrorBody> | undefined
  if (refusal && typeof refusal === 'object' && typeof refusal.code === 'string') {
    const retryAfter = retryAfterMs(response.headers, now)
    const seconds = retryAfter === undefined ? undefined : Math.ceil(retryAfter / 1000)
    return new ApiError(response.status, refusal.code, refusal.message ?? message, refusal.field, seconds)
  }
  return new ApiError(response.status, 'http.error', message)
}

/**
 * The HTTP client of SPEC §7-8 on `ofetch`: its `retry` and `retryStatusCodes` say what is tried again,
 * its `onRequest` hook adds the credentials, and its `onResponseError` hook waits before a retry (the 503's
 * Retry-After, else the SPEC §8 backoff) or, once no retry is left, signs out on a 401 and sends a 5xx
 * other than 503 to /sorry. Bodies go in snake_case and answers come back in camelCase.
 */
export function createApiClient(options: ApiClientOptions) {
  const sleep = options.sleep ?? sleepFor
  const now = options.now ?? Date.now
  const $fetch = ofetch.create({
    baseURL: options.baseURL ?? '/api',
    retryStatusCodes: [...retryStatuses],
    // The wait before a retry is the onResponseError hook's, which knows the attempt and the 503.
    retryDelay: 0,
  })

  async function request<T>(path: string, req: RequestOptions = {}): Promise<T> {
    const retries = req.retries ?? 1
    const body =
      req.body === undefined || (typeof FormData !== 'undefined' && req.body instanceof FormData)
        ? req.body
        : toSnakeCase(req.body, req.caseOptions)
    try {
      const answer = await $fetch(path, {
        method: req.method ?? 'GET',
        query: req.query,
        body: body as BodyInit | Record<string, unknown> | undefined,
        responseType: req.responseType === 'blob' ? 'blob' : 'json',
        signal: req.signal,
        retry: retries,
        headers: { Accept: req.responseType === 'blob' ? '*/*' : 'application/json' },
        onRequest({ options: sent }) {
          const auth = req.auth ?? options.auth()
          if (auth) sent.headers.set('Authorization', `${auth.type} ${auth.token}`)
        },
        async onResponseError({ response, options: sent }) {
          const left = typeof sent.retry === 'number' ? sent.retry : 0
          if (left > 0 && (retryStatuses as readonly number[]).includes(response.status)) {
            const wait = response.status === 503 ? retryAfterMs(response.headers, now) : undefined
            await sleep(wait ?? options.retryDelay(retries - left))
            return
          }
          if (response.status === 401) options.onUnauthorized()
          else if (response.status >= 500 && response.status !== 503) options.onServerError()
        },
      })
      if ((req.method ?? 'GET') !== 'GET') options.onChanged?.()
      return (req.responseType === 'blob' ? answer : toCamelCase(answer, req.caseOptions)) as T
    } catch (error) {
      if (error instanceof FetchError && error.response !== undefined)
        throw refusalOf(error.response, error.data, now)
      throw new ApiError(0, 'network.unreachable', error instanceof Error ? error.message : String(error))
    }
  }

  return { request }
}

/** The client's type, for the app's context and the query hooks. */
export type ApiClient = ReturnType<typeof createApiClient>
