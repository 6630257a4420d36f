import { FetchError, ofetch } from 'ofetch'
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
  /** Wait before retry `attempt` (0-based); SPEC §8 backoff by default. */
  retryDelay: (attempt: number) => number
  /** @default setTimeout-based sleep */
  sleep?: (ms: number) => Promise<void>
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
  responseType?: 'json' | 'blob' | 'text'
  signal?: AbortSignal
  /** Maps whose keys are data and keep their case both ways (e.g. user attributes). */
  caseOptions?: CaseOptions
  /** Credentials for this request only (e.g. checking a token before the session keeps it). */
  auth?: { type: string; token: string }
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

function retryAfterMs(response: Response | undefined): number | undefined {
  const header = response?.headers.get('retry-after')
  if (!header) return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now())
}

function toApiError(error: unknown): ApiError {
  if (error instanceof FetchError) {
    const status = error.status ?? 0
    const body = error.data as Partial<ApiErrorBody> | undefined
    const retryAfter = retryAfterMs(error.response)
    if (body && typeof body === 'object' && typeof body.code === 'string') {
      const seconds = retryAfter === undefined ? undefined : Math.ceil(retryAfter / 1000)
      return new ApiError(status, body.code, body.message ?? error.message, body.field, seconds)
    }
    return new ApiError(status, status ? 'http.error' : 'network.unreachable', error.message)
  }
  return new ApiError(0, 'network.unreachable', error instanceof Error ? error.message : String(error))
}

/** The HTTP client of SPEC §7-8: auth header, case conversion, retries, 401 and 5xx handling. */
export function createApiClient(options: ApiClientOptions) {
  const sleep = options.sleep ?? sleepFor
  const fetcher = ofetch.create({ baseURL: options.baseURL ?? '/api', retry: 0 })

  async function request<T>(path: string, req: RequestOptions = {}): Promise<T> {
    const retries = req.retries ?? 1
    const auth = req.auth ?? options.auth()
    const isForm = typeof FormData !== 'undefined' && req.body instanceof FormData
    for (let attempt = 0; ; attempt++) {
      try {
        const data = await fetcher(path, {
          method: req.method ?? 'GET',
          body: (isForm ? req.body : toSnakeCase(req.body, req.caseOptions)) as
            | BodyInit
            | Record<string, unknown>
            | undefined,
          query: req.query,
          headers: auth ? { Authorization: `${auth.type} ${auth.token}` } : undefined,
          responseType: req.responseType ?? 'json',
          signal: req.signal,
        })
        return (
          req.responseType && req.responseType !== 'json' ? data : toCamelCase(data, req.caseOptions)
        ) as T
      } catch (error) {
        const status = error instanceof FetchError ? error.status : undefined
        const retryable = status !== undefined && (retryStatuses as readonly number[]).includes(status)
        if (retryable && attempt < retries) {
          const wait =
            status === 503
              ? (retryAfterMs((error as FetchError).response) ?? options.retryDelay(attempt))
              : options.retryDelay(attempt)
          await sleep(wait)
          continue
        }
        if (status === 401) options.onUnauthorized()
        else if (status !== undefined && status >= 500 && status !== 503) options.onServerError()
        throw toApiError(error)
      }
    }
  }

  return { request }
}

/** The client's type, for the app's context and the query hooks. */
export type ApiClient = ReturnType<typeof createApiClient>
