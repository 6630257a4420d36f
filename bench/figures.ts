// What the benchmarks share: printing milliseconds, percentiles of samples, a free port for a server, a call.
import { createServer } from 'node:net'
import { apiUrl } from '../contract/paths.ts'

/** `12.3 ms`. */
export const ms = (value: number) => `${value.toFixed(1)} ms`

/** The `p`th percentile (0-100) of `values` (nearest rank); NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/** A JSON call to the API of the server at `base` as `token`; throws on any answer but 2xx, answers its JSON. */
export async function callApi(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${base}${apiUrl(path)}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`)
  return text === '' ? undefined : JSON.parse(text)
}
