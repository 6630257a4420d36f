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
  responseType?: 'json' | 'blob'
  signal?: AbortSignal
  /** Maps whose keys are data and keep their case both ways (e.g. user attributes). */
  caseOptions?: CaseOptions
  /** Credentials for this request only (e.g. checking a token before the session keeps it). */
  auth?: { type: string; token: string }
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

function retryAfterMs(response: Response): number | undefined {
  const header = response.headers.get('retry-after')
  if (!header) return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now())
}

/** `base` + `path` (which may carry a query already) + the defined entries of `query`. */
function urlOf(base: string, path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.append(key, String(value))
  }
  const search = params.size > 0 ? `${path.includes('?') ? '&' : '?'}${params}` : ''
  return `${base.replace(/\/$/, '')}/${path.replace(/^\//, '')}${search}`
}

/** A JSON body, or undefined when there is none (204, 202) or it is not JSON. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The API's error for a refused answer: its code, message and field, and the Retry-After in seconds. */
async function refusalOf(response: Response): Promise<ApiError> {
  const body = (await readJson(response)) as Partial<ApiErrorBody> | undefined
  const message = `${response.status} ${response.statusText}`.trim()
  if (body && typeof body === 'object' && typeof body.code === 'string') {
    const retryAfter = retryAfterMs(response)
    const seconds = retryAfter === undefined ? undefined : Math.ceil(retryAfter / 1000)
    return new ApiError(response.status, body.code, body.message ?? message, body.field, seconds)
  }
  return new ApiError(response.status, 'http.error', message)
}

/** The HTTP client of SPEC §7-8: auth header, case conversion, retries, 401 and 5xx handling. */
export function createApiClient(options: ApiClientOptions) {
  const sleep = options.sleep ?? sleepFor
  const base = options.baseURL ?? '/api'

  /** One try: the response, or an ApiError when the server could not be reached. */
  async function send(path: string, req: RequestOptions): Promise<Response> {
    const auth = req.auth ?? options.auth()
    const headers = new Headers({ Accept: req.responseType === 'blob' ? '*/*' : 'application/json' })
    if (auth) headers.set('Authorization', `${auth.type} ${auth.token}`)
    let body: BodyInit | undefined
    if (typeof FormData !== 'undefined' && req.body instanceof FormData) body = req.body
    else if (req.body !== undefined) {
      body = JSON.stringify(toSnakeCase(req.body, req.caseOptions))
      headers.set('Content-Type', 'application/json')
    }
    try {
      return await fetch(urlOf(base, path, req.query), {
        method: req.method ?? 'GET',
        headers,
        body,
        signal: req.signal,
      })
    } catch (error) {
      throw new ApiError(0, 'network.unreachable', error instanceof Error ? error.message : String(error))
    }
  }

  async function request<T>(path: string, req: RequestOptions = {}): Promise<T> {
    const retries = req.retries ?? 1
    for (let attempt = 0; ; attempt++) {
      const response = await send(path, req)
      if (response.ok) {
        if (req.responseType === 'blob') return (await response.blob()) as T
        return toCamelCase(await readJson(response), req.caseOptions) as T
      }
      const { status } = response
      if ((retryStatuses as readonly number[]).includes(status) && attempt < retries) {
        await response.body?.cancel()
        const wait = status === 503 ? retryAfterMs(response) : undefined
        await sleep(wait ?? options.retryDelay(attempt))
        continue
      }
      if (status === 401) options.onUnauthorized()
      else if (status >= 500 && status !== 503) options.onServerError()
      throw await refusalOf(response)
    }
  }

  return { request }
}

/** The client's type, for the app's context and the query hooks. */
export type ApiClient = ReturnType<typeof createApiClient>
