import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { businessPaths } from '../contract/businesses.ts'
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
  /**
   * A business opened by `email` (its admin, whose session token is answered) with three members who joined and two
   * invited, each of the four having sent a request that two of them signed and one they have yet to sign; and a
   * request the admin sent to a signer outside, whose mailed direct link (path and query) is answered.
   */
  businessWithActivity(email: string): Promise<{ token: string; signerLink: string }>
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

  /** The first link in the latest mail to `email` that `pattern` matches, waiting up to 10 s for it. */
  const mailedLink = async (email: string, pattern: RegExp): Promise<string> => {
    for (let tries = 0; tries < 100; tries++) {
      for (const mail of smtp.received.filter((m) => m.to.includes(email)).reverse()) {
        const link = pattern.exec(parseMail(mail.raw.toString('utf8')).text)?.[0]
        if (link !== undefined) return link
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`no mail to ${email} with a link like ${pattern}`)
  }

  /** Signs `email` up as the app does (the confirmation mail's link); answers the session token. */
  const signUp = async (email: string, firstName: string, lastName: string): Promise<string> => {
    await call(apiPaths.requestConfirmation(), {
      method: 'POST',
      body: JSON.stringify({ email, flow: 'signup', confirm: '/signup/confirm', lang: 'en-gb' }),
    })
    const link = await mailedLink(email, /https?:\/\/\S+token=[\w-]+/)
    const { token } = (await call(apiPaths.register(), {
      method: 'POST',
      body: JSON.stringify({
        first_name: firstName,
        last_name: lastName,
        password: 'Correct horse 42 battery',
        token: new URL(link).searchParams.get('token'),
        gtc: true,
        lang: 'en-gb',
      }),
    })) as { token: string }
    return token
  }

  /** Sends `owner`'s request `title`, a two-page PDF, to `signatures` (as `POST /v3/signature-requests` takes them). */
  const send = async (owner: string, title: string, signatures: object[]): Promise<string> => {
    const { id } = (await call(apiPaths.signatureRequests(), {
      method: 'POST',
      token: owner,
      body: JSON.stringify({ title, signatures }),
    })) as { id: string }
    const form = new FormData()
    form.set(
      'file',
      new Blob([(await makePdf([a4, a4])) as BlobPart], { type: 'application/pdf' }),
      `${title}.pdf`,
    )
    await call(apiPaths.signatureRequestDocuments(id), { method: 'POST', token: owner, body: form })
    await call(apiPaths.initiateSignatureRequest(id), { method: 'POST', token: owner })
    return id
  }

  const sign = (token: string, requestId: string) =>
    call(apiPaths.sign(), {
      method: 'POST',
      token,
      body: JSON.stringify({ signature_requests: [{ signature_request_id: requestId }], language: 'en' }),
    })

  const userWithRequest = async (email: string) => {
    const token = await signUp(email, 'Bea', 'Bench')
    return { token, requestId: await send(token, 'Service agreement', [{ account_email: email }]) }
  }

  const businessWithActivity = async (email: string) => {
    const [local, domain] = email.split('@') as [string, string]
    const token = await signUp(email, 'Ada', 'Admin')
    const { id: businessId } = (await call(businessPaths.businesses(), {
      method: 'POST',
      token,
      body: JSON.stringify({
        name: 'Bench Treuhand AG',
        email,
        billing: { address1: 'Bahnhofstrasse 1', city: 'Zürich', postal_code: '8001', country: 'CH' },
      }),
    })) as { id: string }
    const members: { email: string; token: string }[] = []
    for (const [first, last] of [
      ['Max', 'Muster'],
      ['Lea', 'Lang'],
      ['Tim', 'Test'],
    ] as const) {
      const address = `${local}+${first.toLowerCase()}@${domain}`
      const memberToken = await signUp(address, first, last)
      await call(businessPaths.businessMembers(businessId), {
        method: 'POST',
        token,
        body: JSON.stringify({ users: [address] }),
      })
      await call(apiPaths.accept(), {
        method: 'POST',
        token: memberToken,
        body: JSON.stringify({ business_invite: true }),
      })
      members.push({ email: address, token: memberToken })
    }
    await call(businessPaths.businessMembers(businessId), {
      method: 'POST',
      token,
      body: JSON.stringify({ users: [`${local}+new1@${domain}`, `${local}+new2@${domain}`] }),
    })
    const people = [{ email, token }, ...members]
    for (const [index, sender] of people.entries()) {
      const signers = [sender, people[(index + 1) % people.length] as (typeof people)[number]]
      const requestId = await send(
        sender.token,
        `Contract ${index + 1}`,
        signers.map((signer) => ({ account_email: signer.email })),
      )
      for (const signer of signers) await sign(signer.token, requestId)
      await send(sender.token, `Offer ${index + 1}`, [{ account_email: sender.email }])
    }
    const outside = `${local}.outside@${domain}`
    const requestId = await send(token, 'Lease', [
      { signer_identity_data: { email_address: outside, first_name: 'Otto', last_name: 'Outside' } },
    ])
    const link = await mailedLink(outside, new RegExp(`https?://\\S+/view/${requestId}/\\S+token=[\\w-]+`))
    const url = new URL(link)
    return { token, signerLink: `${url.pathname}${url.search}` }
  }

  return { base, pid: server.pid ?? 0, userWithRequest, businessWithActivity, stop }
}
