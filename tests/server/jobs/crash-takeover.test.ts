import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import { outboxDir } from '../../../server/providers/mail/create-mail-provider.ts'
import { type SmtpTestServer, startSmtpTestServer } from '../mail/smtp-test-server.ts'
import { kill, spawnServer } from '../spawn-server.ts'
import { createTestDatabase, drivers, type TestDatabase } from '../test-database.ts'

const messageId = (raw: string) => /^Message-ID: (.+)\r?$/im.exec(raw)?.[1]

/**
 * Issue 34 §2: a server process is killed (kill -9) while it sends mails, some of them received by the mail
 * server but not yet acknowledged. The next process takes the dead one's jobs once their lease has run
 * out by its clock (moved forward here, as a tester does, instead of waiting 30 s): every mail arrives, a repeat
 * as the same message, and once in the outbox.
 */
describe.each(drivers)('a server killed under mail traffic on %s', (driver) => {
  let database: TestDatabase | undefined
  let smtp: SmtpTestServer | undefined
  const children: ReturnType<typeof spawnServer>[] = []

  afterEach(async () => {
    for (const child of children.splice(0)) {
      kill(child.child)
      await child.exited
    }
    await smtp?.close()
    await database?.drop()
  })

  it("delivers every mail once the dead process's lease has run out, each as one message", {
    timeout: 120_000,
  }, async () => {
    database = await createTestDatabase(driver, { migrated: true })
    let stalling = true
    const mailServer = await startSmtpTestServer({ stalls: () => stalling })
    smtp = mailServer
    const env = {
      PORT: '0',
      DATA_DIR: database.dataDir,
      ...(database.database.driver === 'postgres' ? { DATABASE_URL: database.database.url } : {}),
      PUBLIC_URL: 'http://localhost',
      SMTP_URL: mailServer.url,
    }
    const start = async () => {
      const server = spawnServer(env)
      children.push(server)
      return { ...server, url: await server.listening }
    }

    const first = await start()
    const addresses = Array.from({ length: 30 }, (_, n) => `user${n}@example.com`)
    const answers = await Promise.all(
      addresses.map((email) =>
        fetch(`${first.url}${apiUrl(apiPaths.requestConfirmation())}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, flow: 'signup', lang: 'en-gb' }),
        }),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual(addresses.map(() => 204))
    // The mail lane is full of mails the mail server holds: the process dies with them claimed.
    await expect.poll(() => mailServer.received.length, { timeout: 10_000 }).toBe(4)
    kill(first.child)
    await first.exited
    stalling = false

    const second = await start()
    // Past the lease (30 s) the dead process took its mails for; the jobs due by then run at once.
    const moved = await fetch(`${second.url}${apiUrl(apiPaths.devClock())}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_seconds: 31 }),
    })
    expect(moved.status).toBe(200)
    // A mail is in the outbox once the mail server acknowledged it.
    const outbox = outboxDir(env.DATA_DIR)
    const files = async () => (await readdir(outbox)).filter((name) => name.endsWith('.eml'))
    await expect
      .poll(async () => (await files()).length, { timeout: 15_000, interval: 100 })
      .toBe(addresses.length)

    // The held mails were sent again, each as the message the mail server already had.
    const byAddress = new Map<string, (string | undefined)[]>()
    for (const mail of mailServer.received) {
      const to = mail.to[0] ?? ''
      byAddress.set(to, [...(byAddress.get(to) ?? []), messageId(mail.raw.toString('utf8'))])
    }
    expect([...byAddress.keys()].sort()).toEqual([...addresses].sort())
    expect([...byAddress.values()].filter((ids) => ids.length === 2)).toHaveLength(4)
    for (const ids of byAddress.values()) expect(new Set(ids).size).toBe(1)
    // The outbox keeps each once.
    const kept = await Promise.all((await files()).map((name) => readFile(join(outbox, name), 'utf8')))
    expect(new Set(kept.map(messageId)).size).toBe(addresses.length)
  })
})
