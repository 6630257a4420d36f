import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { apiPaths, apiUrl } from '../../contract/paths.ts'
import { openDatabase } from '../../server/db/open-database.ts'
import { jobs } from '../../server/db/schema/jobs.ts'
import { freePort } from './free-port.ts'
import { startSmtpTestServer } from './mail/smtp-test-server.ts'
import {
  documentTimestamp,
  makePdf,
  pdfsig,
  removeTemporaryDirectories,
  temporaryDirectory,
  trustStore,
} from './signing/pdf-tools.ts'
import {
  callApi,
  createDraft,
  kill,
  openRequestAt,
  readJson,
  signUpAt,
  spawnServer,
  uploadDocument,
} from './spawn-server.ts'
import { createTestDatabase, drivers } from './test-database.ts'

afterAll(removeTemporaryDirectories)

describe.each(drivers)('node server/index.ts on %s', (driver) => {
  it('creates DATA_DIR, serves, and exits 0 on SIGTERM', { timeout: 60_000 }, async () => {
    const testDatabase = await createTestDatabase(driver)
    const dataDir = join(testDatabase.dataDir, 'not-yet-there')
    const databaseUrl = testDatabase.database.driver === 'postgres' ? testDatabase.database.url : ''
    const server = spawnServer({ PORT: '0', DATA_DIR: dataDir, DATABASE_URL: databaseUrl })
    try {
      const url = await server.listening
      const response = await fetch(`${url}${apiUrl(apiPaths.datetime())}`)
      expect(response.status).toBe(200)
      expect(existsSync(dataDir)).toBe(true)
      expect(existsSync(join(dataDir, 'db'))).toBe(driver === 'pglite')

      server.child.kill('SIGTERM')
      const exit = await server.exited
      expect(exit).toMatchObject({ code: 0, signal: null })
      expect(exit.stdout).toContain('SIGTERM received')
    } finally {
      kill(server.child)
      await testDatabase.drop()
    }
  })
})

/** What became of one call of the traffic: its status, or the error of a connection the server refused. */
type Outcome = {
  kind: 'upload' | 'signing'
  requestId: string
  title: string
  status?: number
  error?: string
  /** Whether the answer or the error came after the server was told to stop. */
  afterSignal: boolean
}

/**
 * Issue 37 §4: SIGTERM drains. Uploads and signings are under way, and the mails of the requests signed before
 * are held by a mail server that does not answer, when the server is told to stop. Every call it answered is
 * kept, it refuses the rest cleanly, it hands back the mail jobs it could not finish (after JOB_HAND_BACK_SECONDS,
 * short here) and exits 0; started again on the same data it has every upload and signature, and sends every
 * promised mail at once.
 */
describe.each(drivers)('node server/index.ts stopped under traffic on %s', (driver) => {
  it('finishes what it answered, hands back its jobs, and loses nothing', { timeout: 120_000 }, async () => {
    // Migrated already: creating the embedded database is what the tests before and after stop, not this one.
    const testDatabase = await createTestDatabase(driver, { migrated: true })
    let stalling = false
    const mailServer = await startSmtpTestServer({ stalls: () => stalling })
    const port = await freePort()
    const env = {
      PORT: String(port),
      DATA_DIR: testDatabase.dataDir,
      DATABASE_URL: testDatabase.database.driver === 'postgres' ? testDatabase.database.url : '',
      PUBLIC_URL: `http://localhost:${port}`,
      SMTP_URL: mailServer.url,
      JOB_HAND_BACK_SECONDS: '1',
    }
    const first = spawnServer(env)
    let second: ReturnType<typeof spawnServer> | undefined
    try {
      const url = await first.listening
      const owner = await signUpAt(url, env.DATA_DIR, 'owner@example.com', 'Correct-horse-42')
      // Four requests to sign and four drafts to upload into while the server runs, one of each after the signal.
      const prepared = await Promise.all(
        ['Lease', 'Loan', 'Offer', 'Order', 'Bond'].map(async (title) => ({
          title,
          id: await openRequestAt(url, owner, title, ['owner@example.com'], await makePdf(1)),
        })),
      )
      const drafts = await Promise.all(
        ['Invoice', 'Receipt', 'Quote', 'Memo', 'Note'].map(async (title) => ({
          title,
          id: await createDraft(url, owner, title, ['owner@example.com']),
        })),
      )
      const pdf = await makePdf(2)
      stalling = true
      let signalled = false

      const settle = (
        kind: Outcome['kind'],
        { id, title }: { id: string; title: string },
      ): Promise<Outcome> => {
        const base = { kind, requestId: id, title }
        const call =
          kind === 'signing'
            ? callApi(url, 'POST', apiPaths.sign(), owner, {
                signature_requests: [{ signature_request_id: id }],
                language: 'en',
              })
            : uploadDocument(url, owner, id, title, pdf)
        return call.then(
          (response) => ({ ...base, status: response.status, afterSignal: signalled }),
          (error: Error) => ({
            ...base,
            error: String((error.cause as { code?: string } | undefined)?.code ?? error.message),
            afterSignal: signalled,
          }),
        )
      }
      const traffic = [
        ...prepared.slice(0, 4).map((request) => settle('signing', request)),
        ...drafts.slice(0, 4).map((draft) => settle('upload', draft)),
      ]
      // Told to stop as the first call is answered, while the others are under way; two more come after.
      await Promise.race(traffic)
      signalled = true
      first.child.kill('SIGTERM')
      traffic.push(settle('signing', prepared[4] as (typeof prepared)[number]))
      traffic.push(settle('upload', drafts[4] as (typeof drafts)[number]))
      const outcomes = await Promise.all(traffic)
      // It ends while the mail server still holds the mails: it does not wait for them.
      const exit = await first.exited
      expect(exit).toMatchObject({ code: 0, signal: null })

      // Each call was answered in full, refused as the server stopped (503), or never got in: refused at
      // connect, sent on a kept-alive connection just as the server closed it (`other side closed`, which
      // a client cannot tell from a cut answer), or an upload still writing its body when the server closed
      // the connection (EPIPE). Below, such a call left nothing behind.
      for (const each of outcomes) {
        if (each.error === undefined) expect([200, 201, 503], JSON.stringify(each)).toContain(each.status)
        else
          expect(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'], JSON.stringify(each)).toContain(
            each.error,
          )
      }
      // Calls under way when the signal came were finished, not cut.
      expect(outcomes.filter((each) => each.afterSignal && (each.status ?? 0) < 300).length).toBeGreaterThan(
        0,
      )
      const signed = outcomes.filter((each) => each.kind === 'signing' && each.status === 200)
      const uploaded = outcomes.filter((each) => each.kind === 'upload' && each.status === 201)
      const refused = outcomes.filter((each) => (each.status ?? 503) === 503)
      expect(signed.length).toBeGreaterThan(0)

      // The mails the stalled mail server held were handed back, due at once, not left leased to a process
      // that is gone: the next process sends them without waiting out a lease (30 s).
      expect(exit.stdout).toContain('handing them back')
      const database = await openDatabase(testDatabase.database)
      const states = await database.db
        .select({ state: jobs.state, lockedUntil: jobs.lockedUntil })
        .from(jobs)
        .finally(() => database.close())
      expect(states.filter((job) => job.state === 'running')).toEqual([])
      expect(states.filter((job) => job.lockedUntil !== null)).toEqual([])

      stalling = false
      second = spawnServer(env)
      const again = await second.listening
      const dir = temporaryDirectory(`sigterm-${driver}`)
      const nssDir = trustStore(dir, await (await fetch(`${again}/api${apiPaths.pkiCa()}`)).text())
      type View = { statusOverall: string; documents: { id: string; title: string }[] }
      const view = async (id: string) =>
        readJson<View>(await callApi(again, 'GET', apiPaths.signatureRequest(id), owner))
      for (const { requestId, title } of uploaded) {
        expect((await view(requestId)).documents.map((document) => document.title)).toEqual([title])
      }
      // A refused call changed nothing: its draft has no document, its request is still to sign.
      for (const { kind, requestId } of refused) {
        const request = await view(requestId)
        if (kind === 'upload') expect(request.documents).toEqual([])
        else expect(request.statusOverall).toBe('OPEN')
      }
      for (const { requestId } of signed) {
        const request = await view(requestId)
        expect(request.statusOverall).toBe('SIGNED')
        const download = await callApi(
          again,
          'GET',
          apiPaths.documentDownload(request.documents[0]?.id ?? '', true),
          owner,
        )
        expect(download.status).toBe(200)
        const verdicts = await pdfsig(dir, new Uint8Array(await download.arrayBuffer()), nssDir)
        expect(verdicts).toEqual([
          { signature: 'Signature is Valid.', certificate: 'Certificate is Trusted.' },
          documentTimestamp,
        ])
      }
      // Every signed request's mail arrives.
      const mails = async () => {
        const outbox = await readJson<{ mails: { subject: string }[]; jobs: { kind: string }[] }>(
          await callApi(again, 'GET', apiPaths.outbox()),
        )
        return {
          pending: outbox.jobs.filter((job) => job.kind === 'mail').length,
          signed: outbox.mails
            .map((mail) => mail.subject)
            .filter((subject) => subject.endsWith(' is signed'))
            .sort(),
        }
      }
      await expect
        .poll(mails, { timeout: 20_000, interval: 100 })
        .toEqual({ pending: 0, signed: signed.map(({ title }) => `“${title}” is signed`).sort() })
    } finally {
      kill(first.child)
      if (second) {
        kill(second.child)
        await second.exited
      }
      await mailServer.close()
      await testDatabase.drop()
    }
  })
})

describe('node server/index.ts stopped while it starts', () => {
  it('finishes creating the embedded database, exits 0, and starts again from it', {
    timeout: 90_000,
  }, async () => {
    const testDatabase = await createTestDatabase('pglite')
    const env = { PORT: '0', DATA_DIR: testDatabase.dataDir }
    const first = spawnServer(env)
    try {
      // The database directory appears when its creation begins, long before the server listens.
      await expect
        .poll(() => existsSync(join(testDatabase.dataDir, 'db')) || first.child.exitCode !== null, {
          timeout: 60_000,
          interval: 10,
        })
        .toBe(true)
      expect(first.child.exitCode).toBeNull()
      first.child.kill('SIGTERM')
      const exit = await first.exited
      expect(exit).toMatchObject({ code: 0, signal: null })
      expect(exit.stdout).toContain('SIGTERM received')

      const second = spawnServer(env)
      try {
        const url = await second.listening
        expect((await fetch(`${url}${apiUrl(apiPaths.health())}`)).status).toBe(200)
        second.child.kill('SIGINT')
        expect(await second.exited).toMatchObject({ code: 0 })
      } finally {
        kill(second.child)
      }
    } finally {
      kill(first.child)
      await testDatabase.drop()
    }
  })
})

describe('node server/index.ts with a wrong configuration', () => {
  it.each([
    ['PORT', 'http'],
    ['APP_MODE', 'live'],
    ['DATABASE_URL', 'sqlite://signet.db'],
    ['KEY_ENCRYPTION_KEY', 'c2hvcnQ='],
  ])(
    'prints what is wrong with %s and exits 1 before starting anything',
    {
      timeout: 20_000,
    },
    async (variable, value) => {
      const dataDir = join(temporaryDirectory('wrong-configuration'), 'never-created')
      const server = spawnServer({ [variable]: value, DATA_DIR: dataDir })
      const exit = await server.exited
      expect(exit.code).toBe(1)
      expect(exit.stderr).toMatch(new RegExp(`^Invalid configuration: ${variable} must be`))
      expect(exit.stdout).toBe('')
      // Nothing started: the server makes DATA_DIR first thing.
      expect(existsSync(dataDir)).toBe(false)
    },
  )

  it('refuses to start in production without KEY_ENCRYPTION_KEY', { timeout: 20_000 }, async () => {
    const server = spawnServer({ APP_MODE: 'production', DATA_DIR: '/nonexistent/never-created' })
    const exit = await server.exited
    expect(exit.code).toBe(1)
    expect(exit.stderr).toBe(
      'Invalid configuration: KEY_ENCRYPTION_KEY must be set in production: 32 random bytes in base64 (openssl rand -base64 32), which seal the private keys at rest\n',
    )
  })
})
