import { type ChildProcess, spawn } from 'node:child_process'
import { watch } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'
import { toCamelCase } from '../../contract/case.ts'
import { apiPaths, apiUrl } from '../../contract/paths.ts'
import { outboxDir } from '../../server/providers/mail/create-mail-provider.ts'

const entry = fileURLToPath(new URL('../../server/index.ts', import.meta.url))

/** How a spawned server ended, with what it printed. */
export type Exit = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }

/** Runs `node server/index.ts` with `env` added to a clean environment. */
export function spawnServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk
  })
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
  })
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal, stdout, stderr }))
  })
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /^Signet listening on (http:\/\/\S+)$/m.exec(stdout)
      if (match?.[1]) resolve(match[1])
    })
    void exited.then((exit) => reject(new Error(`server exited before listening: ${JSON.stringify(exit)}`)))
  })
  // Only the tests that wait for the listening line care that it never came.
  listening.catch(() => undefined)
  return { child, exited, listening }
}

/** Kills the server at once unless it has ended. */
export function kill(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
}

/** Calls the API of the server at `url` (a spawned one's), with a bearer token and a JSON body if given. */
export function callApi(url: string, method: string, path: string, token?: string, body?: unknown) {
  return fetch(`${url}${apiUrl(path)}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

/** The JSON answer in camelCase, once its status is `status` (else the test fails with the body). */
export async function readJson<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text()
  expect(response.status, text).toBe(status)
  return toCamelCase(JSON.parse(text)) as T
}

/** The JSON answer in camelCase, once its status is `status`; throws otherwise (for scripts outside a test). */
async function answerOf(response: Response, status: number, what: string): Promise<Record<string, unknown>> {
  const text = await response.text()
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${text}`)
  return text === '' ? {} : (toCamelCase(JSON.parse(text)) as Record<string, unknown>)
}

/**
 * The outbox mail to `email` of the server at `url`, whose DATA_DIR is `dataDir`: looked for in the outbox
 * each time a mail lands there, until it comes (the outbox writes each mail whole, by a rename); gives up
 * after 10 s.
 */
async function outboxMailTo(url: string, dataDir: string, email: string): Promise<{ id: string }> {
  const dir = outboxDir(dataDir)
  await mkdir(dir, { recursive: true })
  const signal = AbortSignal.timeout(10_000)
  let giveUp = () => {}
  const gaveUp = new Promise<never>((_, reject) => {
    giveUp = () => reject(new Error(`no confirmation mail to ${email} in the outbox`))
  })
  signal.addEventListener('abort', giveUp)
  let landed = () => {}
  const watcher = watch(dir, { signal }, () => landed())
  try {
    for (;;) {
      // Waited for from before the look, so a mail that lands during it is not missed.
      const next = new Promise<void>((resolve) => {
        landed = resolve
      })
      const outbox = await answerOf(await callApi(url, 'GET', apiPaths.outbox()), 200, 'outbox')
      const mail = (outbox.mails as { id: string; to: string }[]).find((each) => each.to === email)
      if (mail !== undefined) return mail
      await Promise.race([next, gaveUp])
    }
  } finally {
    signal.removeEventListener('abort', giveUp)
    watcher.close()
  }
}

/**
 * Signs up `email` at the server at `url` (whose DATA_DIR is `dataDir`) as a person does, following the
 * confirmation link from the development outbox; answers the bearer token.
 */
export async function signUpAt(
  url: string,
  dataDir: string,
  email: string,
  password: string,
  firstName = 'Ada',
): Promise<string> {
  const requested = callApi(url, 'POST', apiPaths.requestConfirmation(), undefined, { email, flow: 'signup' })
  await answerOf(await requested, 204, 'confirmation')
  // The mail goes out through the job queue, soon after the answer.
  const mail = await outboxMailTo(url, dataDir, email)
  const { links } = await answerOf(await callApi(url, 'GET', apiPaths.outboxMail(mail.id)), 200, 'mail')
  const token = new URL((links as string[])[0] ?? '').searchParams.get('token')
  const body = { first_name: firstName, last_name: 'Muster', password, token, gtc: true }
  const registered = await answerOf(
    await callApi(url, 'POST', apiPaths.register(), undefined, body),
    201,
    'register',
  )
  return registered.token as string
}

/** Uploads `pdf` as `title` into the draft `requestId` as its owner (`token`); answers the response. */
export function uploadDocument(
  url: string,
  token: string,
  requestId: string,
  title: string,
  pdf: Uint8Array,
) {
  const form = new FormData()
  form.set('title', title)
  form.set('file', new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), 'document.pdf')
  return fetch(`${url}${apiUrl(apiPaths.signatureRequestDocuments(requestId))}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
}

/** A draft request of `token`'s to `signers` (addresses), with `message`; answers its id. */
export async function createDraft(
  url: string,
  token: string,
  title: string,
  signers: string[],
  message = '',
) {
  const body = { title, message, signatures: signers.map((email) => ({ account_email: email })) }
  const draft = await answerOf(
    await callApi(url, 'POST', apiPaths.signatureRequests(), token, body),
    201,
    'draft',
  )
  return draft.id as string
}

/** An OPEN request of `token`'s to `signers` with one uploaded document, `title` too; answers its id. */
export async function openRequestAt(
  url: string,
  token: string,
  title: string,
  signers: string[],
  pdf: Uint8Array,
) {
  const id = await createDraft(url, token, title, signers)
  await answerOf(await uploadDocument(url, token, id, title, pdf), 201, 'upload')
  await answerOf(await callApi(url, 'POST', apiPaths.initiateSignatureRequest(id), token), 200, 'initiate')
  return id
}
