import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activityPaths } from '../../../contract/activity.ts'
import { apiErrorSchema } from '../../../contract/errors.ts'
import { businessMembers } from '../../../server/db/schema/businesses.ts'
import { signatures, signatureUsages } from '../../../server/db/schema/signature-requests.ts'
import { featureDrivers } from '../test-database.ts'
import { type ActivityApp, startActivityApp } from './activity-app.ts'
import { type ActivityData, seedActivity } from './activity-data.ts'
import { costCentreHeader, readCsvExport } from './csv-export.ts'

describe.each(featureDrivers)('activity exports on %s', (driver) => {
  let app: ActivityApp
  let data: ActivityData
  beforeAll(async () => {
    app = await startActivityApp(driver)
    data = await seedActivity(app)
  })
  afterAll(async () => {
    await app?.stop()
  })

  /** The CSV at `path` as Grace downloads it: its file name, its raw text and its records. */
  const download = async (path: string) => readCsvExport(await app.call('GET', path, data.grace.token))

  it('exports the signatures of the range, one row per signature, oldest first', async () => {
    const csv = await download(activityPaths.activityExport(data.acme, 'signatures'))
    expect(csv.filename).toBe('signature_usage_2026-02-14_2026-03-15.csv')
    const [header, ...rows] = csv.records
    expect(header).toEqual([
      'Signed at (UTC)',
      'Signer',
      'E-mail',
      'Account type',
      'Request',
      'Request ID',
      'Signature ID',
      'Quality',
      'Seal',
    ])
    expect(
      rows.map(([at, signer, email, kind, title, , , quality, seal]) => [
        at,
        signer,
        email,
        kind,
        title,
        quality,
        seal,
      ]),
    ).toEqual([
      [
        '2026-02-14T00:00:00.000Z',
        'Grace Hopper',
        'grace@acme.example',
        'Admin',
        'Boundary start',
        'SES',
        '',
      ],
      ['2026-02-20T08:00:00.000Z', 'Grace Hopper', 'grace@acme.example', 'Admin', 'Board minutes', 'SES', ''],
      [
        '2026-03-02T10:00:00.000Z',
        'Alan Turing',
        'alan@acme.example',
        'Member',
        'Lease, "Draft 2"',
        'AES',
        '',
      ],
      ['2026-03-05T12:00:00.000Z', 'invoice-bot', '', 'API user', 'Invoice 42', 'AES', 'Acme Seal'],
      ['2026-03-10T09:00:00.000Z', 'Alan Turing', 'alan@acme.example', 'Member', 'Board minutes', 'QES', ''],
      ['2026-03-15T23:59:59.999Z', '', 'nameless@acme.example', 'Member', 'Last minute', 'SES', ''],
    ])
    expect(
      rows.every((row) => /^[0-9a-f-]{36}$/.test(row[5] ?? '') && /^[0-9a-f-]{36}$/.test(row[6] ?? '')),
    ).toBe(true)
    // RFC 4180: the field with a comma and quotes is quoted, its quotes doubled.
    expect(csv.text).toContain(',"Lease, ""Draft 2""",')
    expect(csv.text.startsWith('Signed at (UTC),Signer,E-mail,')).toBe(true)
  })

  it('keeps a title that begins like a formula from running in a spreadsheet', async () => {
    const csv = await download(
      `${activityPaths.activityExport(data.acme, 'signatures')}?start_date=2026-01-01&end_date=2026-01-31`,
    )
    expect(csv.filename).toBe('signature_usage_2026-01-01_2026-01-31.csv')
    expect(csv.records.slice(1).map((row) => row[4])).toEqual([
      'Old contract',
      `'=HYPERLINK("https://evil.example")`,
    ])
  })

  it('exports the cost centre report: every person with their signatures by quality', async () => {
    const csv = await download(`${activityPaths.activityExport(data.acme, 'signatures')}?group_by=member`)
    expect(csv.filename).toBe('cost_centre_report_2026-02-14_2026-03-15.csv')
    expect(csv.records).toEqual([
      costCentreHeader,
      ['Alan Turing', 'alan@acme.example', 'Member', '0', '1', '1', '0', '2'],
      ['Grace Hopper', 'grace@acme.example', 'Admin', '2', '0', '0', '0', '2'],
      ['invoice-bot', '', 'API user', '0', '1', '0', '1', '1'],
      ['', 'nameless@acme.example', 'Member', '1', '0', '0', '0', '1'],
    ])
    const january = await download(
      `${activityPaths.activityExport(data.acme, 'signatures')}?group_by=member&start_date=2026-01-01&end_date=2026-01-31`,
    )
    expect(january.filename).toBe('cost_centre_report_2026-01-01_2026-01-31.csv')
    expect(january.records.slice(1).map((row) => [row[0], row[7]])).toEqual([
      ['Alan Turing', '1'],
      ['Grace Hopper', '0'],
      ['invoice-bot', '0'],
      ['', '1'],
    ])
  })

  it('exports the identifications of the range, oldest first', async () => {
    const csv = await download(
      `${activityPaths.activityExport(data.acme, 'identifications')}?start_date=2026-03-01&end_date=2026-03-31`,
    )
    expect(csv.filename).toBe('identifications_2026-03-01_2026-03-31.csv')
    expect(csv.records).toEqual([
      ['Identified at (UTC)', 'Name', 'E-mail', 'Method'],
      ['2026-03-01T10:00:00.000Z', 'Alan Turing', 'alan@acme.example', 'zertes video'],
      ['2026-03-12T15:00:00.000Z', 'Grace Hopper', 'grace@acme.example', 'eidas robo'],
    ])
    const none = await download(
      `${activityPaths.activityExport(data.acme, 'identifications')}?start_date=2025-03-01&end_date=2025-03-31`,
    )
    expect(none.records).toEqual([['Identified at (UTC)', 'Name', 'E-mail', 'Method']])
  })

  it('streams an export longer than one read, each signature once, in order', async () => {
    // 1,201 signatures of one member on one request, many at the same instant: the export reads them in
    // batches and goes on after the last one it read, by time and then id.
    const busy = await app.person('busy@acme.example', { first: 'Busy', last: 'Bee' })
    await app.join(data.acme, busy, 'member')
    const request = await app.request(busy.id, 'Mass mailing', new Date('2026-03-07T00:00:00Z'))
    const values = Array.from({ length: 1201 }, (_, i) => ({
      requestId: request,
      signerId: busy.id,
      accountEmail: busy.email,
      status: 'SIGNED' as const,
      signedAt: new Date(Date.UTC(2026, 2, 7, 10, 0, Math.floor(i / 7))),
      quality: 'ses' as const,
    }))
    const ids = (await app.db.insert(signatures).values(values).returning({ id: signatures.id })).map(
      (r) => r.id,
    )
    const csv = await download(
      `${activityPaths.activityExport(data.acme, 'signatures')}?start_date=2026-03-07&end_date=2026-03-07`,
    )
    const rows = csv.records.slice(1)
    expect(rows).toHaveLength(1201)
    expect(new Set(rows.map((row) => row[5]))).toEqual(new Set([request]))
    expect(new Set(rows.map((row) => row[6]))).toEqual(new Set(ids))
    expect(rows.map((row) => row[0])).toEqual(values.map((value) => value.signedAt.toISOString()))
    // Within one instant, by id.
    const first = rows.slice(0, 7).map((row) => row[6] ?? '')
    expect(first).toEqual([...first].sort())
    await app.db.delete(signatures).where(eq(signatures.requestId, request))
    await app.db.delete(signatureUsages).where(eq(signatureUsages.requestId, request))
    await app.db.delete(businessMembers).where(eq(businessMembers.userId, busy.id))
  })

  it('refuses a wrong grouping or range, naming the parameter', async () => {
    const expectRefused = async (path: string, field: string) => {
      const response = await app.call('GET', path, data.grace.token)
      expect(response.status).toBe(400)
      expect(v.parse(apiErrorSchema, await response.json())).toMatchObject({ code: 'request.invalid', field })
    }
    const signaturesPath = activityPaths.activityExport(data.acme, 'signatures')
    await expectRefused(`${signaturesPath}?group_by=cost_centre`, 'group_by')
    await expectRefused(`${signaturesPath}?start_date=2026-03-10&end_date=2026-03-01`, 'end_date')
    await expectRefused(`${signaturesPath}?start_date=yesterday`, 'start_date')
    await expectRefused(
      `${activityPaths.activityExport(data.acme, 'identifications')}?end_date=2026-02-29`,
      'end_date',
    )
  })
})
