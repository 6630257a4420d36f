// What the benchmarks share: printing milliseconds, percentiles of samples, a free port for a server, a call,
// and the in-process server the signing benches sign on.
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import { apiPaths, apiUrl } from '../contract/paths.ts'
import { loadConfig } from '../server/config.ts'
import type { OutgoingMail } from '../server/providers/mail/mail-provider.ts'
import { startServer } from '../server/server.ts'

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

/**
 * The real server in-process on the embedded database (or DATABASE_URL when set), in a new data directory named
 * after `name`, with free signatures enough for any run and its mails kept in memory: its URL, a JSON call as a
 * user, a sign-up that answers the new account's bearer token, and a close that removes the data directory; `database`
 * names the driver it runs on.
 */
export async function startSigningServer(name: string) {
  const dataDir = await mkdtemp(join(tmpdir(), `bench-${name}-`))
  const mails: OutgoingMail[] = []
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    DATA_DIR: dataDir,
    APP_MODE: 'development',
    FREE_SIGNATURES: '100000',
  })
  const server = await startServer(config, {
    logger: pino({ level: 'silent' }),
    staticDir: dataDir,
    mailProvider: { send: async (mail) => void mails.push(mail) },
    renderWorkers: 1,
  })
  const call = (method: string, path: string, token?: string, body?: unknown) =>
    callApi(server.url, method, path, token, body)
  return {
    url: server.url,
    database: config.database.driver,
    call,
    async signUp(email: string): Promise<string> {
      await call('POST', apiPaths.requestConfirmation(), undefined, { email, flow: 'signup' })
      let mail = mails.find((m) => m.to === email)
      while (mail === undefined) {
        await new Promise((resolve) => setTimeout(resolve, 5))
        mail = mails.find((m) => m.to === email)
      }
      return registerAccount(server.url, /token=([\w-]+)/.exec(mail.text)?.[1] ?? '')
    },
    async close() {
      await server.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
