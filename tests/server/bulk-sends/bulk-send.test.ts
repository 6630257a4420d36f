import { and, eq, like } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BulkCheck, BulkSendView } from '../../../contract/bulk-sends.ts'
import { toCamelCase } from '../../../contract/case.ts'
import type { DocumentInfo } from '../../../contract/documents.ts'
import { apiPaths } from '../../../contract/paths.ts'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import type { TemplateView } from '../../../contract/templates.ts'
import {
  bulkRowRequestId,
  bulkSendRowHandler,
  bulkSendRowJob,
} from '../../../server/bulk-sends/bulk-send-row-job.ts'
import { bulkSendRows, bulkSends } from '../../../server/db/schema/bulk-sends.ts'
import { signatureRequestEvents, signatureRequests } from '../../../server/db/schema/signature-requests.ts'
import { createJobQueue, type JobHandler } from '../../../server/jobs/job-queue.ts'
import { createMailQueue } from '../../../server/providers/mail/mail-queue.ts'
import { initiateSignatureRequest } from '../../../server/signature-requests/initiate-signature-request.ts'
import { draftFromTemplate } from '../../../server/templates/start-from-template.ts'
import { a4, makePdf } from '../../fixtures/make-fixtures.ts'
import { type RequestApp, startRequestApp } from '../signature-requests/request-app.ts'
import { featureDrivers } from '../test-database.ts'

const header = ['Employee email', 'Employee name', 'HR email', 'HR name', 'Employee date 1', 'language']

/**
 * Issue 41 §2: a file of rows checked before anything is sent, then a request per row through the durable jobs,
 * each row's request made and sent once, also when the process running it dies in the middle.
 */
describe.each(featureDrivers)('bulk send on %s', (driver) => {
  let app: RequestApp
  let owner: string
  let outsider: string
  let template: TemplateView
  let clock = new Date()
  const logger = pino({ level: 'silent' })

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const text = await response.text()
    expect(response.status, text).toBe(status)
    return toCamelCase(JSON.parse(text)) as T
  }
  const bulk = (token: string, body: unknown, id = template.id) =>
    app.call('POST', apiPaths.templateBulk(id), { token, body })
  const upload = (token: string, name: string, content: string | Uint8Array, send = false) => {
    const form = new FormData()
    form.set('send', String(send))
    form.set('file', new Blob([content as Uint8Array<ArrayBuffer>]), name)
    return app.request(apiPaths.templateBulk(template.id), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
  }
  /** A queue of another process on the same database that runs the bulk send's rows with `run`. */
  const process = (run?: (real: JobHandler) => JobHandler, places?: number) => {
    const queue = createJobQueue({ db: app.db, handlers: {}, logger, now: () => clock })
    const real = bulkSendRowHandler({
      db: app.db,
      now: () => clock,
      mail: createMailQueue(queue),
      publicUrl: 'http://localhost',
      logger,
      storage: app.storage,
      renderer: undefined,
      limits: { documentBytes: 1e7, requestBytes: 1e7 },
      tempDir: app.tempDir,
    })
    const handlers = { [bulkSendRowJob]: { lane: 'bulk' as const, run: run?.(real) ?? real } }
    return createJobQueue({ db: app.db, handlers, logger, now: () => clock, concurrency: { bulk: places } })
  }
  /** A template of the owner's with one two-page document and the roles Employee and HR. */
  const makeTemplate = async (title: string) => {
    const draft = await json<SignatureRequestView>(
      await app.call('POST', apiPaths.signatureRequests(), { token: owner, body: { title: 'Upload' } }),
      201,
    )
    const document = await json<DocumentInfo>(
      await app.upload(owner, draft.id, await makePdf([a4, a4]), 'Employment contract'),
      201,
    )
    const box = { document_id: document.id, page: 0, width: 240, height: 112 }
    return json<TemplateView>(
      await app.call('POST', apiPaths.templates(), {
        token: owner,
        body: {
          title,
          documents: [{ id: document.id }],
          roles: [
            {
              name: 'Employee',
              document_signatures: [{ ...box, x: 40, y: 40 }],
              form_fields: [
                { kind: 'date', document_id: document.id, page: 1, x: 40, y: 400, width: 120, height: 20 },
              ],
            },
            { name: 'HR', sequence: 2, document_signatures: [{ ...box, x: 300, y: 40 }] },
          ],
        },
      }),
      201,
    )
  }

  beforeAll(async () => {
    app = await startRequestApp(driver)
    owner = await app.account('ada@bulk.example')
    outsider = await app.account('otto@bulk.example')
    template = await makeTemplate('Employment contract')
  })

  afterAll(async () => {
    await app?.stop()
  })

  it('names every refused cell, in every row, before anything is sent', async () => {
    const check = await json<BulkCheck>(
      await bulk(owner, {
        columns: header,
        rows: [
          ['emma@example.com', 'Emma Muster', 'hank@example.com', 'Hank', '2027-01-31', 'de-ch'],
          ['', 'No One', 'hank@example.com', '', '', ''],
          ['not-an-address', '', 'hank@example.com', '', '31.01.2027', 'klingon'],
          ['same@example.com', '', 'SAME@example.com', '', '', ''],
          ['', '', '', '', '', ''],
        ],
        send: false,
      }),
    )
    expect(check).toEqual({
      valid: 1,
      refused: 3,
      errors: [
        { row: 2, column: 'Employee email', problem: 'required' },
        { row: 3, column: 'language', problem: 'language' },
        { row: 3, column: 'Employee email', problem: 'email' },
        { row: 3, column: 'Employee date 1', problem: 'date' },
        { row: 4, column: 'HR email', problem: 'email_twice' },
      ],
    })
    expect(
      await app.db.select().from(signatureRequests).where(like(signatureRequests.title, '% – %')),
    ).toEqual([])
  })

  it('refuses a file it cannot take with a 4xx naming what is wrong', async () => {
    const refusal = async (response: Response, status: number) =>
      json<{ code: string; field?: string }>(response, status)
    expect(
      await refusal(await bulk(owner, { columns: ['Employee email', 'Boss email'], rows: [] }), 422),
    ).toMatchObject({ code: 'bulk_send.unknown_column', field: 'Boss email' })
    expect(
      await refusal(await bulk(owner, { columns: ['Employee email'], rows: [['a@b.ch']] }), 422),
    ).toMatchObject({
      code: 'bulk_send.missing_column',
      field: 'HR email',
    })
    expect(await refusal(await bulk(owner, { columns: header, rows: [] }), 422)).toMatchObject({
      code: 'bulk_send.no_rows',
    })
    expect(await refusal(await bulk(outsider, { columns: header, rows: [] }), 404)).toMatchObject({
      code: 'template.not_found',
    })
    expect(await refusal(await upload(owner, 'rows.txt', 'a,b'), 415)).toMatchObject({
      code: 'bulk_send.unsupported_file',
    })
    expect(
      await refusal(await upload(owner, 'rows.csv', 'x'.repeat(5 * 1024 * 1024 + 1)), 413),
    ).toMatchObject({
      code: 'bulk_send.file_too_large',
    })
    const many = `${header.join(',')}\n${'a@b.ch,,c@d.ch,,,\n'.repeat(5001)}`
    expect(await refusal(await upload(owner, 'rows.csv', many), 422)).toMatchObject({
      code: 'bulk_send.too_many_rows',
    })
    expect(await refusal(await upload(owner, 'rows.xlsx', 'PK not a zip'), 422)).toMatchObject({
      code: 'bulk_send.unreadable_file',
    })
  })

  it('reads a CSV file with semicolons and counts its rows as the file does', async () => {
    const csv = `\uFEFF${header.join(';')}\r\nemma@example.com;Emma;hank@example.com;;2027-01-31;\r\nbad;;hank@example.com;;;\r\n`
    expect(await json<BulkCheck>(await upload(owner, 'rows.csv', csv))).toEqual({
      valid: 1,
      refused: 1,
      errors: [{ row: 3, column: 'Employee email', problem: 'email' }],
    })
  })

  it('sends each row once, also when the process running it dies after sending and before recording', async () => {
    const rows = Array.from({ length: 6 }, (_, n) => [
      `person${n}@example.com`,
      `Person ${n}`,
      'hank@example.com',
      'Hank HR',
      '',
      '',
    ])
    rows.push(['broken', '', 'hank@example.com', '', '', ''])
    const sent = await json<BulkSendView>(await bulk(owner, { columns: header, rows }), 201)
    expect(sent).toMatchObject({ total: 7, queued: 6, sent: 0, refused: 1, finishedAt: null })
    clock = new Date()
    expect(
      await json<BulkSendView>(await app.call('GET', apiPaths.bulkSend(sent.id), { token: outsider }), 404),
    ).toMatchObject({ code: 'bulk_send.not_found' })

    // The first process makes and sends row 4's request, then dies before it records the row.
    const first = process((real) => async (payload) => {
      const { row } = payload as { row: number }
      if (row !== 4) return real(payload)
      const [stored] = await app.db
        .select({ input: bulkSendRows.input, ownerId: bulkSends.ownerId })
        .from(bulkSendRows)
        .innerJoin(bulkSends, eq(bulkSends.id, bulkSendRows.bulkSendId))
        .where(and(eq(bulkSendRows.bulkSendId, sent.id), eq(bulkSendRows.row, row)))
      if (stored?.input == null) throw new Error('no row 4')
      const services = {
        db: app.db,
        now: () => clock,
        mail: createMailQueue(createJobQueue({ db: app.db, handlers: {}, logger, now: () => clock })),
        publicUrl: 'http://localhost',
        logger,
        storage: app.storage,
        renderer: undefined,
        limits: { documentBytes: 1e7, requestBytes: 1e7 },
        tempDir: app.tempDir,
      }
      const caller = { userId: stored.ownerId, email: 'ada@bulk.example', ip: '127.0.0.1', groupIds: [] }
      const requestId = bulkRowRequestId(sent.id, row)
      await draftFromTemplate(services, caller, template.id, { ...stored.input, send: false }, { requestId })
      await initiateSignatureRequest(services, caller, requestId)
      throw new Error('killed')
    })
    await first.runDue()
    expect(
      await json<BulkSendView>(await app.call('GET', apiPaths.bulkSend(sent.id), { token: owner })),
    ).toMatchObject({ queued: 1, sent: 5, failed: 0, refused: 1, finishedAt: null })

    // Another process takes the job once it is due again, and finds the request sent.
    clock = new Date(clock.getTime() + 60 * 60 * 1000)
    await process().runDue()
    const done = await json<BulkSendView>(await app.call('GET', apiPaths.bulkSend(sent.id), { token: owner }))
    expect(done).toMatchObject({ total: 7, queued: 0, sent: 6, failed: 0, refused: 1 })
    expect(done.finishedAt).not.toBeNull()
    expect(done.errors).toEqual([{ row: 7, column: 'Employee email', problem: 'email' }])

    const requestId = bulkRowRequestId(sent.id, 4)
    const initiated = await app.db
      .select()
      .from(signatureRequestEvents)
      .where(
        and(eq(signatureRequestEvents.requestId, requestId), eq(signatureRequestEvents.type, 'initiated')),
      )
    expect(initiated).toHaveLength(1)
    const made = await app.db
      .select()
      .from(signatureRequests)
      .where(like(signatureRequests.title, 'Employment contract – %'))
    expect(made).toHaveLength(6)
    expect(made.every((r) => r.statusOverall === 'OPEN')).toBe(true)

    // Run again, nothing changes.
    await process().runDue()
    expect(
      await app.db
        .select()
        .from(signatureRequests)
        .where(like(signatureRequests.title, 'Employment contract – %')),
    ).toHaveLength(6)

    const result = await app.call('GET', apiPaths.bulkSendResult(sent.id), { token: owner })
    expect(result.status).toBe(200)
    expect(result.headers.get('content-type')).toContain('text/csv')
    const lines = (await result.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe('row,request_id,status,error')
    expect(lines.slice(1).map((line) => line.split(',')[2])).toEqual([
      'sent',
      'sent',
      'sent',
      'sent',
      'sent',
      'sent',
      'refused',
    ])
    expect(lines[4]).toBe(`4,${requestId},sent,`)
    expect(lines[7]).toBe('7,,refused,Employee email: email')
  })

  it('fails the rows left when their template is deleted in the middle, and sends the rows before', async () => {
    const lease = await makeTemplate('Lease')
    const rows = Array.from({ length: 3 }, (_, n) => [
      `tenant${n}@example.com`,
      '',
      'hank@example.com',
      '',
      '',
      '',
    ])
    const sent = await json<BulkSendView>(await bulk(owner, { columns: header, rows }, lease.id), 201)
    // One row at a time: the first is sent, then the template goes before the second is made.
    const one = process(
      (real) => async (payload) => {
        if ((payload as { row: number }).row === 2)
          expect((await app.call('DELETE', apiPaths.template(lease.id), { token: owner })).status).toBe(204)
        return real(payload)
      },
      1,
    )
    await one.runDue()
    const done = await json<BulkSendView>(await app.call('GET', apiPaths.bulkSend(sent.id), { token: owner }))
    expect(done).toMatchObject({ total: 3, queued: 0, sent: 1, failed: 2, refused: 0 })
    expect(done.finishedAt).not.toBeNull()
  })
})
