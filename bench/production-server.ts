import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { apiPaths, apiUrl } from '../contract/paths.ts'
import { parseMail } from '../server/providers/mail/parse-mail.ts'
import { a4, makePdf } from '../tests/fixtures/make-fixtures.ts'
import { startSmtpTestServer } from '../tests/server/mail/smtp-test-server.ts'
import { freePort } from './figures.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

/** A real server in production mode serving a built app, for the browser benches. */
export type ProductionServer = {
  base: string
  /** The server's process, whose CPU time a bench may read. */
  pid: number
  /** A user signed up as the app does it (the confirmation mail's token), with one request sent to them. */
  userWithRequest(email: string): Promise<{ token: string; requestId: string }>
  stop(): Promise<void>
}

/**
 * Starts the server on a free port with its own data and mail catcher, serving `dist` (the repository's own
 * dist/ when undefined, built first when there is none), and waits until it answers.
 */
export async function startProductionServer(dist: string | undefined): Promise<ProductionServer> {
  if (dist === undefined && !existsSync(join(root, 'dist/index.html'))) {
    const built = spawnSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    })
    if (built.status !== 0) throw new Error(`vite build failed (exit ${built.status})`)
  }
  const smtp = await startSmtpTestServer()
  const dataDir = await mkdtemp(join(tmpdir(), 'signet-bench-'))
  const port = await freePort()
  const base = `http://localhost:${port}`
  // The server serves ./dist of its working directory: for another build, a directory whose dist is that one.
  const serverDir = dist === undefined ? root : await mkdtemp(join(tmpdir(), 'signet-bench-cwd-'))
  if (dist !== undefined) await symlink(dist, join(serverDir, 'dist'))
  const server = spawn(process.execPath, [join(root, 'server/index.ts')], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_MODE: 'production',
      KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      PUBLIC_URL: base,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()))

  const call = async (path: string, init: RequestInit & { token?: string } = {}): Promise<unknown> => {
    const headers = new Headers(init.headers)
    if (init.token) headers.set('Authorization', `Bearer ${init.token}`)
    if (typeof init.body === 'string') headers.set('Content-Type', 'application/json')
    const response = await fetch(`${base}${apiUrl(path)}`, { ...init, headers })
    if (!response.ok)
      throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`)
    return response.status === 204 ? undefined : response.json()
  }

  const stop = async () => {
    server.kill('SIGTERM')
    await exited
    await smtp.close()
    await rm(dataDir, { recursive: true, force: true })
    if (serverDir !== root) await rm(serverDir, { recursive: true, force: true })
  }

  for (let tries = 0; ; tries++) {
    try {
      await call(apiPaths.datetime())
      break
    } catch (error) {
      if (tries > 600) {
        await stop()
        throw error
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  const userWithRequest = async (email: string) => {
    await call(apiPaths.requestConfirmation(), {
      method: 'POST',
      body: JSON.stringify({ email, flow: 'signup', confirm: '/signup/confirm', lang: 'en-gb' }),
    })
    let link: string | undefined
    for (let tries = 0; link === undefined && tries < 100; tries++) {
      const mail = smtp.received.find((m) => m.to.includes(email))
      link = mail && /https?:\/\/\S+token=[\w-]+/.exec(parseMail(mail.raw.toString('utf8')).text)?.[0]
      if (link === undefined) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    if (link === undefined) throw new Error('no confirmation mail arrived')
    const { token } = (await call(apiPaths.register(), {
      method: 'POST',
      body: JSON.stringify({
        first_name: 'Bea',
        last_name: 'Bench',
        password: 'Correct horse 42 battery',
        token: new URL(link).searchParams.get('token'),
        gtc: true,
        lang: 'en-gb',
      }),
    })) as { token: string }
    const { id } = (await call(apiPaths.signatureRequests(), {
      method: 'POST',
      token,
      body: JSON.stringify({ title: 'Service agreement', signatures: [{ account_email: email }] }),
    })) as { id: string }
    const form = new FormData()
    form.set(
      'file',
      new Blob([(await makePdf([a4, a4])) as BlobPart], { type: 'application/pdf' }),
      'Service agreement.pdf',
    )
    await call(apiPaths.signatureRequestDocuments(id), { method: 'POST', token, body: form })
    await call(apiPaths.initiateSignatureRequest(id), { method: 'POST', token })
    return { token, requestId: id }
  }

  return { base, pid: server.pid ?? 0, userWithRequest, stop }
}
