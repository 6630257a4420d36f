import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { apiPaths, apiUrl } from '../../contract/paths.ts'
import type { SignatureRequestView } from '../../contract/signature-requests.ts'
import type { SignAnswer } from '../../contract/signing.ts'
import { tokenFromLink } from './accounts/accounts-client.ts'
import { freePort } from './free-port.ts'
import {
  documentTimestamp,
  makePdf,
  pdfsig,
  removeTemporaryDirectories,
  temporaryDirectory,
  trustStore,
} from './signing/pdf-tools.ts'
import { callApi, kill, readJson, spawnServer } from './spawn-server.ts'
import { createTestDatabase, type TestDatabase } from './test-database.ts'

type Server = ReturnType<typeof spawnServer> & { url: string }
type OutboxEntry = { id: string; to: string; subject: string }

/**
 * Issue 11 §4: two server processes on one PostgreSQL database (and one DATA_DIR, as a shared volume) behind
 * a balancer, driven at once. Whatever one process learns, the other knows; signatures that land at the same
 * moment on different processes both count; every mail goes out once.
 */
describe('two server processes on one PostgreSQL database', () => {
  let database: TestDatabase
  let servers: Server[] = []
  let dir: string
  let nssDir: string

  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    if (database.database.driver !== 'postgres') throw new Error('PostgreSQL expected')
    const ports = [await freePort(), await freePort()]
    const env = {
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.database.url,
      // The first process plays the balancer's address, where the certificates name the OCSP responder.
      PUBLIC_URL: `http://localhost:${ports[0]}`,
    }
    // Started at once, as a deploy starts them: they migrate and create the PKI side by side.
    const started = ports.map((port) => spawnServer({ ...env, PORT: String(port) }))
    const urls = await Promise.all(started.map((server) => server.listening))
    servers = started.map((server, index) => ({ ...server, url: urls[index] ?? '' }))
    dir = temporaryDirectory('two-processes')
    const pems = await Promise.all(
      servers.map(async ({ url }) => (await fetch(`${url}${apiUrl(apiPaths.pkiCa())}`)).text()),
    )
    expect(pems[0]).toBe(pems[1])
    nssDir = trustStore(dir, pems[0] ?? '')
  }, 120_000)

  afterAll(async () => {
    for (const server of servers) kill(server.child)
    await Promise.all(servers.map((server) => server.exited))
    await database?.drop()
    removeTemporaryDirectories()
  })

  const [a, b] = [0, 1]
  const call = (server: number, method: string, path: string, token?: string, body?: unknown) =>
    callApi(servers[server]?.url ?? '', method, path, token, body)
  const json = readJson
  const outbox = async (server: number) =>
    (await json<{ mails: OutboxEntry[] }>(await call(server, 'GET', apiPaths.outbox()))).mails
  const mailsTo = async (to: string, subject: RegExp) =>
    (await outbox(a)).filter((mail) => mail.to === to && subject.test(mail.subject))

  /** Signs `email` up through `server`: the confirmation mail is read from the other process's outbox. */
  async function signUp(server: number, email: string): Promise<void> {
    expect(
      (await call(server, 'POST', apiPaths.requestConfirmation(), undefined, { email, flow: 'signup' }))
        .status,
    ).toBe(204)
    const mail = await vi.waitFor(
      async () => {
        const found = (await outbox(1 - server)).find((m) => m.to === email)
        if (found === undefined) throw new Error(`no mail to ${email} yet`)
        return json<{ links: string[] }>(await call(1 - server, 'GET', apiPaths.outboxMail(found.id)))
      },
      { timeout: 10_000, interval: 100 },
    )
    const token = tokenFromLink(mail.links[0] ?? '')
    const body = { first_name: 'Ada', last_name: 'Lovelace', password: 'Correct-horse-42', token, gtc: true }
    expect((await call(server, 'POST', apiPaths.register(), undefined, body)).status).toBe(201)
  }

  async function login(server: number, email: string): Promise<string> {
    const body = { email, password: 'Correct-horse-42' }
    return (await json<{ token: string }>(await call(server, 'POST', apiPaths.login(), undefined, body)))
      .token
  }

  it('signs up on one process and signs in on the other', { timeout: 60_000 }, async () => {
    await signUp(a, 'owner@example.com')
    const token = await login(b, 'owner@example.com')
    const user = await json<{ email: string }>(await call(a, 'GET', apiPaths.user(), token))
    expect(user.email).toBe('owner@example.com')
  })

  it('takes two signatures at the same moment on different processes, both valid, each mail once', {
    timeout: 120_000,
  }, async () => {
    await signUp(b, 'first@example.com')
    await signUp(a, 'second@example.com')
    const owner = await login(a, 'owner@example.com')
    const first = await login(b, 'first@example.com')
    const second = await login(a, 'second@example.com')

    const draft = await json<SignatureRequestView>(
      await call(a, 'POST', apiPaths.signatureRequests(), owner, {
        title: 'Joint venture',
        signatures: [{ account_email: 'first@example.com' }, { account_email: 'second@example.com' }],
      }),
      201,
    )
    const form = new FormData()
    form.set('title', 'Joint venture')
    form.set(
      'file',
      new Blob([(await makePdf(2)) as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
      'jv.pdf',
    )
    const upload = await fetch(`${servers[b]?.url}${apiUrl(apiPaths.signatureRequestDocuments(draft.id))}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}` },
      body: form,
    })
    expect(upload.status, await upload.clone().text()).toBe(201)
    await json(await call(b, 'POST', apiPaths.initiateSignatureRequest(draft.id), owner))

    const sign = (server: number, token: string) =>
      call(server, 'POST', apiPaths.sign(), token, {
        signature_requests: [{ signature_request_id: draft.id }],
        language: 'en',
      })
    const answers = await Promise.all([sign(a, first), sign(b, second)])
    const results = await Promise.all(answers.map((answer) => json<SignAnswer>(answer)))
    expect(results.map(({ results: [result] }) => result?.result)).toEqual(['complete', 'complete'])

    const done = await json<SignatureRequestView>(
      await call(b, 'GET', apiPaths.signatureRequest(draft.id), owner),
    )
    expect(done.statusOverall).toBe('SIGNED')
    const documentId = done.documents[0]?.id ?? ''
    const download = await fetch(
      `${servers[a]?.url}${apiUrl(apiPaths.documentDownload(documentId))}?signed=true`,
      {
        headers: { authorization: `Bearer ${owner}` },
      },
    )
    expect(download.status).toBe(200)
    const signed = new Uint8Array(await download.arrayBuffer())
    const valid = { signature: 'Signature is Valid.', certificate: 'Certificate is Trusted.' }
    expect(await pdfsig(dir, signed, nssDir)).toEqual([valid, valid, documentTimestamp])

    // Each invitation and each "signed" mail went out once, whichever process ran its job.
    await vi.waitFor(
      async () => {
        for (const to of ['owner@example.com', 'first@example.com', 'second@example.com']) {
          expect(await mailsTo(to, /Joint venture.*signed|signed.*Joint venture/i), to).toHaveLength(1)
        }
      },
      { timeout: 15_000, interval: 200 },
    )
    for (const to of ['first@example.com', 'second@example.com']) {
      expect(await mailsTo(to, /Joint venture/), to).toHaveLength(2)
    }
  })
})
