import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'
import { toCamelCase } from '../../contract/case.ts'
import { apiUrl } from '../../contract/paths.ts'

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
