import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPaths } from '../../../contract/paths.ts'
import { type SurveyKind, surveyPaths } from '../../../contract/surveys.ts'
import { type DatabaseHandle, openDatabase } from '../../../server/db/open-database.ts'
import { surveyAnswers } from '../../../server/db/schema/surveys.ts'
import { exportSurveyAnswers } from '../../../server/surveys/export-survey-answers.ts'
import {
  type AccountsClient,
  goodPassword,
  readJson,
  startAccountsClient,
} from '../accounts/accounts-client.ts'
import { insertBusiness } from '../businesses/business-rows.ts'
import { featureDrivers } from '../test-database.ts'

const day = 24 * 60 * 60 * 1000
const minute = 60 * 1000

describe.each(featureDrivers)('satisfaction surveys on %s (issue 39 §2)', (driver) => {
  let api: AccountsClient
  let handle: DatabaseHandle
  let counter = 0
  const newEmail = () => `surveyed${++counter}@example.org`

  beforeAll(async () => {
    api = await startAccountsClient(driver)
    handle = await openDatabase(api.server.database)
  })

  afterAll(async () => {
    await handle?.close()
    await api?.server.stop()
  })

  const due = async (token: string) =>
    (await readJson(await api.call('GET', surveyPaths.due(), { token }))).due as string[]
  const answer = (token: string, kind: SurveyKind, body: unknown) =>
    api.call('POST', surveyPaths.answer(kind), { token, body })
  const userIdOf = async (token: string) => (await api.readUser(token)).id
  /** A new account; `token()` signs it in afresh, as sessions end after a day of the moved clock. */
  const signUp = async () => {
    const email = newEmail()
    await api.signUp(email)
    const token = async () => (await readJson(await api.login(email, goodPassword))).token as string
    return { email, token }
  }

  it('asks the relationship survey once the account is 30 days old, then every 180 days', async () => {
    const account = await signUp()
    let token = await account.token()
    expect(await due(token)).toEqual([])
    api.clock.advance(30 * day - minute)
    token = await account.token()
    expect(await due(token)).toEqual([])
    await api.expectError(await answer(token, 'relationship', { score: 9 }), 409, 'survey.not_due')
    api.clock.advance(minute)
    expect(await due(token)).toEqual(['relationship'])

    // "Not now" counts as asked.
    expect((await answer(token, 'relationship', { score: null })).status).toBe(204)
    expect(await due(token)).toEqual([])
    await api.expectError(await answer(token, 'relationship', { score: 9 }), 409, 'survey.not_due')
    api.clock.advance(180 * day - minute)
    token = await account.token()
    expect(await due(token)).toEqual([])
    api.clock.advance(minute)
    expect(await due(token)).toEqual(['relationship'])
    expect((await answer(token, 'relationship', { score: 10, comment: '  Fast, clear.  ' })).status).toBe(204)
    expect(await due(token)).toEqual([])

    const rows = await handle.db
      .select()
      .from(surveyAnswers)
      .where(eq(surveyAnswers.userId, await userIdOf(token)))
    expect(rows.map(({ score, comment }) => ({ score, comment }))).toEqual(
      expect.arrayContaining([
        { score: null, comment: null },
        { score: 10, comment: 'Fast, clear.' },
      ]),
    )
    expect(rows).toHaveLength(2)
  })

  it('asks the transactional survey of members of a business only, at most every 90 days', async () => {
    const loner = await (await signUp()).token()
    expect(await due(loner)).toEqual([])
    await api.expectError(await answer(loner, 'transactional', { score: 5 }), 409, 'survey.not_due')

    const memberAccount = await signUp()
    let member = await memberAccount.token()
    await insertBusiness(handle.db, `Survey AG ${counter}`, await userIdOf(member), api.clock.now())
    expect(await due(member)).toEqual(['transactional'])
    expect((await answer(member, 'transactional', { score: 4 })).status).toBe(204)
    expect(await due(member)).toEqual([])
    api.clock.advance(90 * day - minute)
    member = await memberAccount.token()
    // The account is older than 30 days meanwhile: only the relationship survey is due.
    expect(await due(member)).toEqual(['relationship'])
    api.clock.advance(minute)
    expect([...(await due(member))].sort()).toEqual(['relationship', 'transactional'])
  })

  it('refuses a score off the scale or a long comment with 400 naming the field, and writes nothing', async () => {
    const account = await signUp()
    await insertBusiness(
      handle.db,
      `Scale AG ${counter}`,
      await userIdOf(await account.token()),
      api.clock.now(),
    )
    api.clock.advance(30 * day)
    const token = await account.token()
    const refused = async (kind: SurveyKind, body: unknown, field: string) =>
      api.expectError(await answer(token, kind, body), 400, 'request.invalid', field)
    await refused('relationship', { score: 11 }, 'score')
    await refused('relationship', { score: -1 }, 'score')
    await refused('relationship', { score: 7.5 }, 'score')
    await refused('relationship', { score: '7' }, 'score')
    await refused('relationship', {}, 'score')
    await refused('relationship', { score: 7, comment: 'x'.repeat(1001) }, 'comment')
    await refused('transactional', { score: 0 }, 'score')
    await refused('transactional', { score: 6 }, 'score')
    await api.expectError(await answer(token, 'other' as SurveyKind, { score: 1 }), 404, 'route.not_found')
    expect([...(await due(token))].sort()).toEqual(['relationship', 'transactional'])
    expect((await answer(token, 'relationship', { score: 0, comment: 'x'.repeat(1000) })).status).toBe(204)
    expect((await answer(token, 'transactional', { score: 1 })).status).toBe(204)
    expect(await due(token)).toEqual([])
  })

  it('answers only for the caller: one user’s answer leaves another’s surveys as they were', async () => {
    const accounts = [await signUp(), await signUp()]
    api.clock.advance(30 * day)
    const [first = '', second = ''] = await Promise.all(accounts.map((account) => account.token()))
    expect((await answer(second, 'relationship', { score: 3 })).status).toBe(204)
    expect(await due(first)).toEqual(['relationship'])
    expect(await due(second)).toEqual([])
    await api.expectError(await api.call('GET', surveyPaths.due()), 401, 'auth.unauthenticated')
    await api.expectError(
      await api.call('POST', surveyPaths.answer('relationship'), { body: { score: 3 } }),
      401,
      'auth.unauthenticated',
    )
  })

  it('deletes the answers with the account', async () => {
    const account = await signUp()
    const userId = await userIdOf(await account.token())
    api.clock.advance(30 * day)
    const token = await account.token()
    expect((await answer(token, 'relationship', { score: 8, comment: 'Mine' })).status).toBe(204)
    const mine = () => handle.db.select().from(surveyAnswers).where(eq(surveyAnswers.userId, userId))
    expect(await mine()).toHaveLength(1)
    const deleted = await api.call('POST', apiPaths.deleteUser(), { token, body: { password: goodPassword } })
    expect(deleted.status).toBe(204)
    expect(await mine()).toEqual([])
  })

  it('exports the answers since a day as CSV, without who gave them or the ones put off', async () => {
    const account = await signUp()
    api.clock.advance(30 * day)
    const token = await account.token()
    const since = api.clock.now()
    await answer(token, 'relationship', { score: 6, comment: 'Good, but "slow", at times' })
    const csv = await exportSurveyAnswers(handle.db, { since })
    expect(csv.split('\n')[0]).toBe('answered_at,kind,score,comment')
    expect(csv).toContain(`${since.toISOString()},relationship,6,"Good, but ""slow"", at times"`)
    expect(csv).not.toContain(await userIdOf(token))
    const later = new Date(since.getTime() + minute)
    expect(await exportSurveyAnswers(handle.db, { since: later })).toBe('answered_at,kind,score,comment\n')
    expect(await exportSurveyAnswers(handle.db, { since, kind: 'transactional' })).not.toContain(
      'relationship',
    )
  })

  it('limits the survey calls of one account to 30 a minute', async () => {
    const token = await (await signUp()).token()
    for (let call = 0; call < 30; call++) expect(await due(token)).toEqual([])
    const refused = await api.call('GET', surveyPaths.due(), { token })
    await api.expectError(refused, 429, 'request.rate_limited')
    api.clock.advance(minute)
    expect(await due(token)).toEqual([])
  })
})
