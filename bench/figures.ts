// What the benchmarks share: printing milliseconds, percentiles of samples, a free port for a server, a call.
import { createServer } from 'node:net'
import { apiPaths, apiUrl } from '../contract/paths.ts'

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

/** Registers the account a confirmation link's `token` is for, as the sign-up screen does; answers its bearer token. */
export async function registerAccount(base: string, token: string): Promise<string> {
  const answer = (await callApi(base, 'POST', apiPaths.register(), undefined, {
    first_name: 'Bench',
    last_name: 'Signer',
    password: 'Correct-horse-42',
    token,
    gtc: true,
  })) as { token: string }
  return answer.token
}

/** An OPEN request of the account `email`, with `pdf` as its document, which they sign alone; answers its id. */
export async function openOwnRequest(
  base: string,
  token: string,
  email: string,
  title: string,
  pdf: Uint8Array,
  /** Further signers, after the user: the user's signature then leaves the request open. */
  others: readonly string[] = [],
): Promise<string> {
  const draft = (await callApi(base, 'POST', apiPaths.signatureRequests(), token, {
    title,
    signatures: [email, ...others].map((address) => ({ account_email: address })),
  })) as { id: string }
  const form = new FormData()
  form.set('file', new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), 'contract.pdf')
  const upload = await fetch(`${base}${apiUrl(apiPaths.signatureRequestDocuments(draft.id))}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`)
  await callApi(base, 'POST', apiPaths.initiateSignatureRequest(draft.id), token)
  return draft.id
}
