/**
 * Bulk send (issue 41 §2): 1,000 rows from a two-page template with two roles, as a CSV file. Prints the time the
 * check of all rows takes (goal: under 2 s), the time until every row's request exists and is sent with its mails
 * queued (goal: under 60 s), and meanwhile the p50 and p95 of the request list (`GET /v3/signature-requests`)
 * called back to back by another user, beside the same figures before the bulk send. On the embedded database, or
 * on PostgreSQL with DATABASE_URL set. The machines are shared: the figures are under whatever else runs. Asserts
 * nothing.
 *
 * With `--statements` it counts instead what does not depend on the machine: the SQL statements (each one round
 * trip) that the bulk send costs per row, and the most frequent of them, without the list calls meanwhile.
 *
 * Run: node bench/bulk-send.ts [rows, default 1000] [--statements]
 */
import pg from 'pg'
import { apiPaths, apiUrl } from '../contract/paths.ts'
import { a4, makePdf } from '../tests/fixtures/make-fixtures.ts'
import { ms, percentile, startSigningServer } from './figures.ts'

const args = process.argv.slice(2)
const countStatements = args.includes('--statements')
const rows = Number(args.find((arg) => arg !== '--statements') ?? 1000)

/** Statements sent through node-postgres (PostgreSQL's pool and the embedded database's), by text, while counting. */
const statements = new Map<string, number>()
let counting = false
if (countStatements) {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (counting) {
      const first = args[0] as string | { text?: string }
      // Parameters numbered apart, lists of them as one: the same statement whatever the length of its lists.
      const text = (typeof first === 'string' ? first : (first.text ?? ''))
        .replace(/\$\d+(, \$\d+)*/g, '$n')
        .replace(/\s+/g, ' ')
      statements.set(text, (statements.get(text) ?? 0) + 1)
    }
    return query.apply(this, args)
  } as typeof pg.Client.prototype.query
}
const server = await startSigningServer('bulk-send')

try {
  const owner = await server.signUp('owner@bulk.example')
  const other = await server.signUp('other@bulk.example')
  const draft = (await server.call('POST', apiPaths.signatureRequests(), owner, {
    title: 'Employment contract',
    signatures: [
      { account_email: 'employee@bulk.example' },
      { account_email: 'hr@bulk.example', sequence: 2 },
    ],
  })) as { id: string; signatures: { id: string }[] }
  const form = new FormData()
  form.set('file', new Blob([(await makePdf([a4, a4])) as Uint8Array<ArrayBuffer>]), 'contract.pdf')
  const upload = await fetch(`${server.url}${apiUrl(apiPaths.signatureRequestDocuments(draft.id))}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner}` },
    body: form,
  })
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`)
  const template = (await server.call('POST', apiPaths.saveRequestAsTemplate(draft.id), owner, {
    roles: [
      { signature_id: draft.signatures[0]?.id, name: 'Employee' },
      { signature_id: draft.signatures[1]?.id, name: 'HR' },
    ],
  })) as { id: string }
  // The other user's list has requests to show.
  for (let n = 0; n < 20; n++)
    await server.call('POST', apiPaths.signatureRequests(), other, {
      title: `Own ${n}`,
      signatures: [{ account_email: `s${n}@bulk.example` }],
    })

  const lines = ['Employee email,Employee name,HR email,HR name,language']
  for (let n = 0; n < rows; n++)
    lines.push(
      `person${n}@bulk.example,Person ${n},hr@bulk.example,Hanna HR,${n % 2 === 0 ? 'de-ch' : 'fr-ch'}`,
    )
  const csv = `${lines.join('\n')}\n`
  const post = async (send: boolean) => {
    const body = new FormData()
    body.set('send', String(send))
    body.set('file', new Blob([csv], { type: 'text/csv' }), 'rows.csv')
    const response = await fetch(`${server.url}${apiUrl(apiPaths.templateBulk(template.id))}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}` },
      body,
    })
    const text = await response.text()
    if (response.status >= 300) throw new Error(`bulk: ${response.status} ${text}`)
    return JSON.parse(text) as { id?: string; valid?: number }
  }

  /** The list call's durations, back to back, until `until` settles. */
  const listLatencies = async (until: Promise<unknown>) => {
    let done = false
    void until.finally(() => {
      done = true
    })
    const durations: number[] = []
    while (!done) {
      const started = performance.now()
      await server.call('GET', `${apiPaths.signatureRequests()}?size=20`, other)
      durations.push(performance.now() - started)
    }
    return durations
  }
  const quiet = countStatements
    ? []
    : await listLatencies(new Promise((resolve) => setTimeout(resolve, 3000)))

  const checkStarted = performance.now()
  const check = await post(false)
  const checkMs = performance.now() - checkStarted
  if (check.valid !== rows) throw new Error(`check: ${JSON.stringify(check).slice(0, 300)}`)

  const sendStarted = performance.now()
  counting = countStatements
  let polls = 0
  const status = async (id: string) => {
    polls += 1
    return (await server.call('GET', apiPaths.bulkSend(id), owner)) as {
      id: string
      sent: number
      failed: number
      finished_at: string | null
    }
  }
  const sending = (async () => {
    const { id } = await post(true)
    for (;;) {
      const bulk = await status(id ?? '')
      if (bulk.finished_at !== null) return bulk
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })()
  const during = countStatements ? [] : await listLatencies(sending)
  const bulk = await sending
  const sendMs = performance.now() - sendStarted
  counting = false

  if (countStatements) {
    const sum = () => [...statements.values()].reduce((total, count) => total + count, 0)
    const counted = sum()
    const byText = [...statements]
    // The status calls of the loop above are the bench's, not the bulk send's: one more, counted alone, says
    // how many statements each costs.
    const pollsMeanwhile = polls
    statements.clear()
    counting = true
    await status(bulk.id)
    counting = false
    const perPoll = sum()
    const total = counted - pollsMeanwhile * perPoll
    console.log(
      `Bulk send of ${rows} rows on ${server.database}: ${total} statements, ${(total / rows).toFixed(1)} per row (besides ${pollsMeanwhile} status calls of ${perPoll}); sent ${bulk.sent}, failed ${bulk.failed}`,
    )
    const top = byText.sort((a, b) => b[1] - a[1]).slice(0, 40)
    for (const [text, count] of top)
      console.log(
        `  ${String(count).padStart(6)} ${(count / rows).toFixed(2).padStart(6)}/row  ${text.slice(0, 160)}`,
      )
  } else {
    console.log(`Bulk send of ${rows} rows on ${server.database} (shared machine: figures under its load)`)
    console.log(`  check of all rows (upload, parse in a worker, check): ${ms(checkMs)} (goal < 2 s)`)
    console.log(
      `  every request made and sent, its mails queued: ${(sendMs / 1000).toFixed(1)} s (goal < 60 s); sent ${bulk.sent}, failed ${bulk.failed}`,
    )
    console.log(
      `  GET /v3/signature-requests before: p50 ${ms(percentile(quiet, 50))}, p95 ${ms(percentile(quiet, 95))} (${quiet.length} calls)`,
    )
    console.log(
      `  GET /v3/signature-requests during: p50 ${ms(percentile(during, 50))}, p95 ${ms(percentile(during, 95))} (${during.length} calls)`,
    )
  }
} finally {
  await server.close()
}
