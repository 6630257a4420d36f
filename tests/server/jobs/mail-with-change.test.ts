import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPaths } from '../../../contract/paths.ts'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { jobs } from '../../../server/db/schema/jobs.ts'
import { signatureRequests } from '../../../server/db/schema/signature-requests.ts'
import { a4, makePdf } from '../../fixtures/make-fixtures.ts'
import { type RequestApp, startRequestApp } from '../signature-requests/request-app.ts'
import { answer, uploaded } from '../signature-requests/requests-client.ts'
import { drivers } from '../test-database.ts'

/**
 * Issue 11 §3: the mail a change promises is written in the change's own transaction, so a sent request
 * always has its invitations on the way, and a mail that cannot be written leaves the request as it was.
 */
describe.each(drivers)('mails committed with their change on %s', (driver) => {
  let app: RequestApp
  let owner: string

  beforeAll(async () => {
    app = await startRequestApp(driver)
    owner = await app.account('sender@example.com')
  })

  afterAll(async () => {
    await app?.stop()
  })

  async function draft(title: string): Promise<SignatureRequestView> {
    const created = await answer<SignatureRequestView>(
      await app.call('POST', apiPaths.signatureRequests(), {
        token: owner,
        body: {
          title,
          signatures: [{ account_email: 'signer@example.com' }, { account_email: 'guest@example.com' }],
        },
      }),
      201,
    )
    await uploaded(await app.upload(owner, created.id, await makePdf([a4]), title))
    return created
  }

  const mailsTo = async (address: string) =>
    (await app.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, 'mail'))).filter(
      (job) => (job.payload as { to: string }).to === address,
    ).length

  it('sends a request together with an invitation job per signer', async () => {
    const request = await draft('Lease')
    const before = await mailsTo('guest@example.com')
    const sent = await app.call('POST', apiPaths.initiateSignatureRequest(request.id), { token: owner })
    expect(sent.status).toBe(200)
    expect(await mailsTo('guest@example.com')).toBe(before + 1)
    expect(await mailsTo('signer@example.com')).toBeGreaterThan(0)
  })

  it('leaves the request a draft, with no event, when its invitations cannot be written', async () => {
    const request = await draft('Deed')
    // The jobs table refuses mails for a moment, as a full disk or a lost connection would.
    await app.db.execute(sql.raw(`alter table jobs add constraint no_mail check (kind <> 'mail') not valid`))
    try {
      const refused = await app.call('POST', apiPaths.initiateSignatureRequest(request.id), { token: owner })
      expect(refused.status).toBe(500)
    } finally {
      await app.db.execute(sql.raw('alter table jobs drop constraint no_mail'))
    }
    const [stored] = await app.db
      .select({ status: signatureRequests.statusOverall })
      .from(signatureRequests)
      .where(eq(signatureRequests.id, request.id))
    expect(stored?.status).toBe('DRAFT')
    const events = await answer<{ events: { type: string }[] }>(
      await app.call('GET', apiPaths.signatureRequestEvents(request.id), { token: owner }),
    )
    expect(events.events.map((event) => event.type)).not.toContain('initiated')

    // Once mails can be written again, sending works and invites.
    const before = await mailsTo('guest@example.com')
    const sent = await app.call('POST', apiPaths.initiateSignatureRequest(request.id), { token: owner })
    expect(sent.status).toBe(200)
    expect(await mailsTo('guest@example.com')).toBe(before + 1)
  })
})
