import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ActivityTab,
  activityPageSchemas,
  activityPaths,
  monthlyStatisticsSchema,
} from '../../../contract/activity.ts'
import { businessPaths, businessStatisticsSchema } from '../../../contract/businesses.ts'
import { toCamelCase } from '../../../contract/case.ts'
import { apiErrorSchema } from '../../../contract/errors.ts'
import { featureDrivers } from '../test-database.ts'
import { type ActivityApp, startActivityApp } from './activity-app.ts'
import { type ActivityData, seedActivity } from './activity-data.ts'

describe.each(featureDrivers)('business activity on %s', (driver) => {
  let app: ActivityApp
  let data: ActivityData
  beforeAll(async () => {
    app = await startActivityApp(driver)
    data = await seedActivity(app)
  })
  afterAll(async () => {
    await app?.stop()
  })

  async function list<T extends ActivityTab>(tab: T, query = '', token = data.grace.token) {
    const response = await app.call('GET', `${activityPaths.activities(data.acme, tab)}${query}`, token)
    expect(response.status, await response.clone().text()).toBe(200)
    return v.parse(activityPageSchemas[tab], toCamelCase(await response.json()))
  }
  async function expectError(
    path: string,
    token: string | undefined,
    status: number,
    code: string,
    field?: string,
  ) {
    const response = await app.call('GET', path, token)
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(status)
    const body = v.parse(apiErrorSchema, await response.json())
    expect(body.code).toBe(code)
    if (field !== undefined) expect(body.field).toBe(field)
  }
  const titles = (items: readonly { title: string | null }[]) => items.map((item) => item.title)

  it('lists the signatures the business’s people gave in the last 30 days, newest first', async () => {
    const page = await list('signatures')
    expect(page).toMatchObject({
      page: 0,
      size: 25,
      total: 6,
      sort: 'signed_at,desc',
      startDate: '2026-02-14',
      endDate: '2026-03-15',
    })
    expect(page.items.map((s) => [s.signedAt, s.signerName, s.title])).toEqual([
      ['2026-03-15T23:59:59.999Z', null, 'Last minute'],
      ['2026-03-10T09:00:00.000Z', 'Alan Turing', 'Board minutes'],
      ['2026-03-05T12:00:00.000Z', 'invoice-bot', 'Invoice 42'],
      ['2026-03-02T10:00:00.000Z', 'Alan Turing', 'Lease, "Draft 2"'],
      ['2026-02-20T08:00:00.000Z', 'Grace Hopper', 'Board minutes'],
      ['2026-02-14T00:00:00.000Z', 'Grace Hopper', 'Boundary start'],
    ])
    // The API user's row: no address of its own, the seal it signed with.
    expect(page.items[2]).toMatchObject({
      signerKind: 'api',
      signerEmail: null,
      quality: 'aes',
      sealName: 'Acme Seal',
    })
    expect(page.items[3]).toMatchObject({
      signerKind: 'member',
      signerEmail: 'alan@acme.example',
      quality: 'aes',
      sealName: null,
    })
    expect(page.items[4]).toMatchObject({ signerKind: 'admin', signerEmail: 'grace@acme.example' })
  })

  it('covers the days asked for, both included, and only them', async () => {
    const day = await list('signatures', '?start_date=2026-03-02&end_date=2026-03-02')
    expect(titles(day.items)).toEqual(['Lease, "Draft 2"'])
    expect(day).toMatchObject({ total: 1, startDate: '2026-03-02', endDate: '2026-03-02' })
    const winter = await list('signatures', '?start_date=2026-01-01&end_date=2026-02-13&sort=signed_at,asc')
    expect(titles(winter.items)).toEqual([
      'Old contract',
      '=HYPERLINK("https://evil.example")',
      'Before the range',
    ])
    // Only an end: the 30 days up to it.
    const upToMarch = await list('signatures', '?end_date=2026-03-01')
    expect(upToMarch).toMatchObject({ startDate: '2026-01-31', endDate: '2026-03-01', total: 3 })
  })

  it('pages through the signatures', async () => {
    const pages = await Promise.all([0, 1, 2, 3].map((n) => list('signatures', `?size=2&page=${n}`)))
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 2, 0])
    expect(pages.every((p) => p.total === 6 && p.size === 2)).toBe(true)
    expect(pages.flatMap((p) => titles(p.items))).toEqual(titles((await list('signatures')).items))
    expect(new Set(pages.flatMap((p) => p.items.map((s) => s.id))).size).toBe(6)
  })

  it('sorts the signatures by every column, either way', async () => {
    expect(titles((await list('signatures', '?sort=title,asc')).items)).toEqual([
      'Board minutes',
      'Board minutes',
      'Boundary start',
      'Invoice 42',
      'Last minute',
      'Lease, "Draft 2"',
    ])
    expect(titles((await list('signatures', '?sort=title,desc')).items)[0]).toBe('Lease, "Draft 2"')
    expect((await list('signatures', '?sort=signed_at,asc')).items[0]?.title).toBe('Boundary start')
    // Names and addresses without case; who has none comes last either way.
    const byName = await list('signatures', '?sort=signer_name,asc')
    expect(byName.items.map((s) => s.signerName)).toEqual([
      'Alan Turing',
      'Alan Turing',
      'Grace Hopper',
      'Grace Hopper',
      'invoice-bot',
      null,
    ])
    const byNameDown = await list('signatures', '?sort=signer_name,desc')
    expect(byNameDown.items.map((s) => s.signerName)).toEqual([
      'invoice-bot',
      'Grace Hopper',
      'Grace Hopper',
      'Alan Turing',
      'Alan Turing',
      null,
    ])
    const byEmail = await list('signatures', '?sort=signer_email,asc')
    expect(byEmail.items.map((s) => s.signerEmail)).toEqual([
      'alan@acme.example',
      'alan@acme.example',
      'grace@acme.example',
      'grace@acme.example',
      'nameless@acme.example',
      null,
    ])
    // Quality by level, simple first.
    const byQuality = await list('signatures', '?sort=quality,desc')
    expect(byQuality.items.map((s) => s.quality)).toEqual(['qes', 'aes', 'aes', 'ses', 'ses', 'ses'])
    const bySeal = await list('signatures', '?sort=seal_name,asc')
    expect(bySeal.items.map((s) => s.sealName)).toEqual(['Acme Seal', null, null, null, null, null])
  })

  it('lists the business’s people with what they sent and signed in the range', async () => {
    const page = await list('accounts')
    expect(page).toMatchObject({ total: 4, sort: 'name,asc', startDate: '2026-02-14', endDate: '2026-03-15' })
    expect(page.items).toEqual([
      {
        userId: data.alan.id,
        kind: 'member',
        name: 'Alan Turing',
        email: 'alan@acme.example',
        joinedAt: '2026-02-01T09:00:00.000Z',
        requestsSent: 1,
        signaturesMade: 2,
      },
      {
        userId: data.grace.id,
        kind: 'admin',
        name: 'Grace Hopper',
        email: 'grace@acme.example',
        joinedAt: '2026-01-01T00:00:00.000Z',
        // Boundary start and the board minutes: not the draft, not the request of 2026-02-13.
        requestsSent: 2,
        signaturesMade: 2,
      },
      {
        userId: data.botId,
        kind: 'api',
        name: 'invoice-bot',
        email: null,
        joinedAt: '2026-02-10T10:00:00.000Z',
        requestsSent: 1,
        signaturesMade: 1,
      },
      {
        userId: data.nameless.id,
        kind: 'member',
        name: null,
        email: 'nameless@acme.example',
        joinedAt: '2026-02-05T09:00:00.000Z',
        requestsSent: 1,
        signaturesMade: 1,
      },
    ])
    const january = await list('accounts', '?start_date=2026-01-01&end_date=2026-01-31')
    expect(january.items.map((p) => [p.name, p.requestsSent, p.signaturesMade])).toEqual([
      ['Alan Turing', 1, 1],
      ['Grace Hopper', 0, 0],
      ['invoice-bot', 0, 0],
      [null, 1, 1],
    ])
  })

  it('sorts and pages the people', async () => {
    const names = async (query: string) => (await list('accounts', query)).items.map((p) => p.name)
    expect(await names('?sort=joined_at,asc')).toEqual(['Grace Hopper', 'Alan Turing', null, 'invoice-bot'])
    expect(await names('?sort=kind,asc&size=1')).toEqual(['Grace Hopper'])
    expect(await names('?sort=kind,desc&size=2&page=1')).toEqual(['invoice-bot', 'Grace Hopper'])
    // The API user has no address: last, either way.
    expect(await names('?sort=email,desc')).toEqual([null, 'Grace Hopper', 'Alan Turing', 'invoice-bot'])
    const bySignatures = await list('accounts', '?sort=signatures_made,desc')
    expect(bySignatures.items.map((p) => p.signaturesMade)).toEqual([2, 2, 1, 1])
    const byRequests = await list('accounts', '?sort=requests_sent,desc&size=1')
    expect(byRequests.items.map((p) => p.name)).toEqual(['Grace Hopper'])
    expect(byRequests.total).toBe(4)
  })

  it('lists the identifications of the business’s people that succeeded in the range, sorted and paged', async () => {
    const page = await list('identifications', '?size=10&sort=name,asc')
    expect(page).toMatchObject({
      page: 0,
      size: 10,
      total: 2,
      sort: 'name,asc',
      startDate: '2026-02-14',
      endDate: '2026-03-15',
    })
    expect(page.items.map(({ id: _, ...row }) => row)).toEqual([
      {
        name: 'Alan Turing',
        email: 'alan@acme.example',
        method: 'zertes video',
        identifiedAt: '2026-03-01T10:00:00.000Z',
      },
      {
        name: 'Grace Hopper',
        email: 'grace@acme.example',
        method: 'eidas robo',
        identifiedAt: '2026-03-12T15:00:00.000Z',
      },
    ])
    const newest = await list('identifications', '?size=1')
    expect(newest.items.map((row) => row.name)).toEqual(['Grace Hopper'])
    expect(newest.total).toBe(2)
    const january = await list('identifications', '?start_date=2026-01-01&end_date=2026-01-31')
    expect(january.items.map((row) => row.method)).toEqual(['eidas video'])
  })

  it('refuses a wrong query, naming the parameter', async () => {
    const path = activityPaths.activities(data.acme, 'signatures')
    const token = data.grace.token
    await expectError(`${path}?start_date=2026-13-01`, token, 400, 'request.invalid', 'start_date')
    await expectError(`${path}?end_date=2026-02-30`, token, 400, 'request.invalid', 'end_date')
    await expectError(`${path}?end_date=15.03.2026`, token, 400, 'request.invalid', 'end_date')
    await expectError(
      `${path}?start_date=2026-03-10&end_date=2026-03-01`,
      token,
      400,
      'request.invalid',
      'end_date',
    )
    // A start after today, which the end defaults to.
    await expectError(`${path}?start_date=2026-03-16`, token, 400, 'request.invalid', 'start_date')
    await expectError(
      `${path}?start_date=2024-01-01&end_date=2026-03-15`,
      token,
      400,
      'request.invalid',
      'end_date',
    )
    await expectError(`${path}?sort=password,asc`, token, 400, 'request.invalid', 'sort')
    await expectError(`${path}?sort=title`, token, 400, 'request.invalid', 'sort')
    // A column of another list.
    await expectError(`${path}?sort=joined_at,asc`, token, 400, 'request.invalid', 'sort')
    await expectError(`${path}?size=101`, token, 400, 'request.invalid', 'size')
    await expectError(`${path}?size=0`, token, 400, 'request.invalid', 'size')
    await expectError(`${path}?page=-1`, token, 400, 'request.invalid', 'page')
    await expectError(`${path}?page=one`, token, 400, 'request.invalid', 'page')
    const statistics = activityPaths.monthlyStatistics(data.acme)
    await expectError(
      `${statistics}?start_date=2026-03-10&end_date=2026-03-01`,
      token,
      400,
      'request.invalid',
      'end_date',
    )
    // Two years at most: 731 days is fine.
    expect((await list('signatures', '?start_date=2024-03-15&end_date=2026-03-15')).total).toBe(9)
  })

  it('counts the signatures per month by quality and per person, every month of the range', async () => {
    const read = async (query: string) => {
      const response = await app.call(
        'GET',
        `${activityPaths.monthlyStatistics(data.acme)}${query}`,
        data.grace.token,
      )
      expect(response.status).toBe(200)
      return v.parse(monthlyStatisticsSchema, toCamelCase(await response.json()))
    }
    const recent = await read('')
    expect(recent.months).toEqual([
      { month: '2026-02', ses: 2, aes: 0, qes: 0, total: 2 },
      { month: '2026-03', ses: 1, aes: 2, qes: 1, total: 4 },
    ])
    expect(recent.people.map((p) => [p.name, p.kind, p.signatures])).toEqual([
      ['Alan Turing', 'member', 2],
      ['Grace Hopper', 'admin', 2],
      ['invoice-bot', 'api', 1],
      [null, 'member', 1],
    ])
    const quarter = await read('?start_date=2025-12-01&end_date=2026-04-30')
    expect(quarter).toMatchObject({ startDate: '2025-12-01', endDate: '2026-04-30' })
    expect(quarter.months).toEqual([
      { month: '2025-12', ses: 0, aes: 0, qes: 0, total: 0 },
      { month: '2026-01', ses: 1, aes: 0, qes: 1, total: 2 },
      { month: '2026-02', ses: 3, aes: 0, qes: 0, total: 3 },
      { month: '2026-03', ses: 1, aes: 2, qes: 1, total: 4 },
      { month: '2026-04', ses: 0, aes: 0, qes: 0, total: 0 },
    ])
    // The dashboard's statistics keep their answer.
    const dashboard = await app.call('GET', businessPaths.businessStatistics(data.acme), data.grace.token)
    expect(v.parse(businessStatisticsSchema, toCamelCase(await dashboard.json()))).toEqual({
      admins: 1,
      members: 2,
      openInvitations: 0,
      requestsThisMonth: 2,
      signaturesThisMonth: 3,
    })
  })

  it('refuses signed-out callers, members and other businesses on every call', async () => {
    const paths = (id: string) => [
      activityPaths.activities(id, 'accounts'),
      activityPaths.activities(id, 'signatures'),
      activityPaths.activities(id, 'identifications'),
      activityPaths.activityExport(id, 'signatures'),
      `${activityPaths.activityExport(id, 'signatures')}?group_by=member`,
      activityPaths.activityExport(id, 'identifications'),
      activityPaths.monthlyStatistics(id),
    ]
    for (const path of paths(data.acme)) {
      await expectError(path, undefined, 401, 'auth.unauthenticated')
      await expectError(path, 'not-a-token', 401, 'auth.unauthenticated')
      await expectError(path, data.alan.token, 403, 'business.not_allowed')
      await expectError(path, data.hank.token, 404, 'business.not_found')
      await expectError(path, data.otto.token, 404, 'business.not_found')
    }
    // Hank is an admin, of his own business only; an id that is no business looks the same.
    expect(
      (await app.call('GET', activityPaths.activities(data.globex, 'signatures'), data.hank.token)).status,
    ).toBe(200)
    for (const path of paths('not-a-uuid'))
      await expectError(path, data.grace.token, 404, 'business.not_found')
    // A member is refused before the query is looked at.
    await expectError(
      `${activityPaths.activities(data.acme, 'signatures')}?sort=nonsense`,
      data.alan.token,
      403,
      'business.not_allowed',
    )
  })

  it('shows another business only its own people’s signatures', async () => {
    const response = await app.call(
      'GET',
      activityPaths.activities(data.globex, 'signatures'),
      data.hank.token,
    )
    const page = v.parse(activityPageSchemas.signatures, toCamelCase(await response.json()))
    expect(titles(page.items)).toEqual(['Globex deal'])
  })
})
