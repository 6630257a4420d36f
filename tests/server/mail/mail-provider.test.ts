import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import { createApp } from '../../../server/app.ts'
import type { Database } from '../../../server/db/open-database.ts'
import type { JobWriter } from '../../../server/jobs/job-queue.ts'
import { newMailIdentity } from '../../../server/providers/mail/compose-mail.ts'
import { createMailProvider, outboxDir } from '../../../server/providers/mail/create-mail-provider.ts'
import { createMailQueue, mailJobHandler } from '../../../server/providers/mail/mail-queue.ts'
import { createOutbox } from '../../../server/providers/mail/outbox.ts'
import { testAppConfig } from '../test-app-config.ts'
import { featureDrivers } from '../test-database.ts'
import { startTestServer } from '../test-server.ts'
import { type SmtpTestServer, startSmtpTestServer } from './smtp-test-server.ts'

const logger = pino({ level: 'silent' })
const mail = {
  to: 'zoe@example.ch',
  subject: 'Bestätigen Sie Ihre Adresse – Signet',
  text: 'Grüezi\n\nhttp://localhost/signup/confirm?token=abc_DEF-123\n',
  html: '<p>Grüezi <a href="http://localhost/signup/confirm?token=abc_DEF-123">öffnen</a></p>',
}

describe('mail provider', () => {
  let dataDir: string
  let smtp: SmtpTestServer | undefined

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'signet-mail-'))
  })

  afterEach(async () => {
    await smtp?.close()
    smtp = undefined
    await rm(dataDir, { recursive: true, force: true })
  })

  const config = { appMode: 'development', publicUrl: 'https://sign.example.com' } as const

  it('writes an RFC 5322 multipart/alternative message to the outbox and reads it back', async () => {
    const provider = createMailProvider({ ...config, dataDir }, logger)
    await provider.send(mail)
    const [file] = await readdir(outboxDir(dataDir))
    expect(file).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{12}\.eml$/)
    const raw = await readFile(join(outboxDir(dataDir), file ?? ''), 'utf8')
    expect(raw).toMatch(/^From: Signet <no-reply@sign\.example\.com>\r\n/m)
    expect(raw).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/m)
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m)
    expect(raw).toMatch(/^Message-ID: <.+@sign\.example\.com>\r$/m)
    expect(raw).toMatch(/^MIME-Version: 1\.0\r$/m)
    expect(raw).not.toMatch(/[^\t\r\n -~]/)

    const [entry] = await createOutbox(outboxDir(dataDir)).list()
    expect(entry).toMatchObject({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    })
    expect(entry?.links).toEqual(['http://localhost/signup/confirm?token=abc_DEF-123'])
    expect(Number.isNaN(Date.parse(entry?.date ?? ''))).toBe(false)
  })

  it('reads plain ASCII parts back as they were sent', async () => {
    await createMailProvider({ ...config, dataDir }, logger).send({
      ...mail,
      text: 'Hello\nline two\n',
      html: '<p>Hi</p>',
    })
    const [entry] = await createOutbox(outboxDir(dataDir)).list()
    expect(entry).toMatchObject({ text: 'Hello\nline two\n', html: '<p>Hi</p>' })
  })

  it('lists the outbox newest first', async () => {
    const provider = createMailProvider({ ...config, dataDir }, logger)
    const posted = Date.parse('2026-11-25T10:00:00Z')
    for (const [minute, subject] of ['first', 'second', 'third'].entries()) {
      await provider.send({ ...mail, subject, identity: newMailIdentity(new Date(posted + minute * 60_000)) })
    }
    const mails = await createOutbox(outboxDir(dataDir)).list()
    expect(mails.map((m) => m.subject)).toEqual(['third', 'second', 'first'])
  })

  it('sends the same message through SMTP when SMTP_URL is set', async () => {
    smtp = await startSmtpTestServer()
    const provider = createMailProvider(
      { ...config, dataDir, smtpUrl: smtp.url, mailFrom: 'Signet <mail@sign.example.com>' },
      logger,
    )
    await provider.send(mail)
    expect(smtp.received).toHaveLength(1)
    const [received] = smtp.received
    expect(received?.from).toBe('mail@sign.example.com')
    expect(received?.to).toEqual([mail.to])
    const [file] = await readdir(outboxDir(dataDir))
    const written = await readFile(join(outboxDir(dataDir), file ?? ''))
    expect(received?.raw.toString('utf8').trimEnd()).toBe(written.toString('utf8').trimEnd())
  })

  it('sends a posted mail as the same message however often its job runs', async () => {
    smtp = await startSmtpTestServer()
    const provider = createMailProvider({ ...config, dataDir, smtpUrl: smtp.url }, logger)
    const payloads: unknown[] = []
    const queue = createMailQueue({
      enqueue: async (_writer, _kind, payload) => {
        payloads.push(payload)
      },
      wake: () => {},
    })
    // The job is only recorded here, not written anywhere.
    await queue.post({} as JobWriter, mail)
    const send = mailJobHandler(provider, { getBytes: async () => undefined }, async () => undefined)
    // A process died after sending, before it could record that: the job runs again.
    await send(payloads[0])
    await send(payloads[0])
    const header = (name: string) =>
      smtp?.received.map(({ raw }) => new RegExp(`^${name}: (.+)\r$`, 'im').exec(raw.toString('utf8'))?.[1])
    const [messageId, again] = header('Message-ID') ?? []
    expect(messageId).toMatch(/^<\d{8}T\d{9}Z-[0-9a-f]{12}@sign\.example\.com>$/)
    expect(again).toBe(messageId)
    const [date, sameDate] = header('Date') ?? []
    expect(sameDate).toBe(date)
    // The outbox keeps it once.
    expect(await readdir(outboxDir(dataDir))).toHaveLength(1)
  })

  it('writes no outbox in production and fails when the SMTP server refuses', async () => {
    smtp = await startSmtpTestServer()
    const url = smtp.url
    await smtp.close()
    smtp = undefined
    const provider = createMailProvider({ ...config, dataDir, appMode: 'production', smtpUrl: url }, logger)
    await expect(provider.send(mail)).rejects.toThrow()
    await expect(readdir(outboxDir(dataDir))).rejects.toThrow()
  })

  it('serves the dev outbox outside development only to calls with the operator token', async () => {
    const token = 'operator-token-of-the-staging-server-0123'
    const app = (operatorToken?: string) =>
      createApp({
        config: testAppConfig(dataDir, { appMode: 'staging', ...(operatorToken ? { operatorToken } : {}) }),
        db: {} as Database,
        logger,
        mail: { post: async () => {} },
        jobs: { enqueue: async () => {}, wake: () => {}, laneOf: () => undefined },
        staticDir: dataDir,
      })
    const read = (server: ReturnType<typeof app>, path: string, header?: string) =>
      server.request(apiUrl(path), { headers: header === undefined ? {} : { 'x-operator-token': header } })
    for (const path of [apiPaths.outbox(), apiPaths.outboxMail('x')]) {
      // Without a configured token nobody reads it, whatever they send.
      expect((await read(app(), path, token)).status).toBe(404)
      expect((await read(app(token), path)).status).toBe(404)
      expect((await read(app(token), path, `${token}x`)).status).toBe(404)
    }
    // With it, the outbox answers: here no mail of that id (the list also reads the database's jobs).
    const mail = await read(app(token), apiPaths.outboxMail('x'), token)
    expect(mail.status).toBe(404)
    expect(await mail.json()).toMatchObject({ code: 'outbox.mail_not_found' })
  })

  it('has no dev outbox route in production', async () => {
    const app = createApp({
      config: testAppConfig(dataDir, { appMode: 'production' }),
      // The outbox routes never touch the database.
      db: {} as Database,
      logger,
      mail: { post: async () => {} },
      jobs: { enqueue: async () => {}, wake: () => {}, laneOf: () => undefined },
      staticDir: dataDir,
    })
    for (const path of [apiPaths.outbox(), apiPaths.outboxMail('x')]) {
      const response = await app.request(apiUrl(path))
      expect(response.status).toBe(404)
      expect(await response.json()).toMatchObject({ code: 'route.not_found' })
    }
  })
})

describe.each(featureDrivers)('mail of account calls through SMTP on %s', (driver) => {
  it('sends the confirmation mail of a signup through a real SMTP server', { timeout: 60_000 }, async () => {
    const smtp = await startSmtpTestServer()
    const dataDir = await mkdtemp(join(tmpdir(), 'signet-mail-'))
    const server = await startTestServer(driver, {
      mailProvider: createMailProvider(
        { appMode: 'development', dataDir, publicUrl: 'http://localhost', smtpUrl: smtp.url },
        logger,
      ),
    })
    try {
      const response = await fetch(`${server.url}${apiUrl(apiPaths.requestConfirmation())}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'new@example.com', flow: 'signup', lang: 'it' }),
      })
      expect(response.status).toBe(204)
      await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5000 })
      const raw = smtp.received[0]?.raw.toString('utf8') ?? ''
      expect(raw).toMatch(/^To: new@example\.com\r$/m)
      // The outbox keeps a mail once it went out.
      const entry = await vi.waitFor(async () => {
        const [kept] = await createOutbox(outboxDir(dataDir)).list()
        if (kept === undefined) throw new Error('not in the outbox yet')
        return kept
      })
      expect(entry?.subject).toBe('Confermi il Suo indirizzo e-mail per Signet')
      expect(entry?.links[0]).toMatch(/^http:\/\/localhost\/signup\/confirm\?token=/)
    } finally {
      await server.stop()
      await smtp.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
