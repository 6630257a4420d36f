/**
 * Bulk send (issue 41 §2): 1,000 rows from a two-page template with two roles, as a CSV file. Prints the time the
 * check of all rows takes (goal: under 2 s), the time until every row's request exists and is sent with its mails
 * queued (goal: under 60 s), and meanwhile the p50 and p95 of the request list (`GET /v3/signature-requests`)
 * called back to back by another user, beside the same figures before the bulk send. On the embedded database, or
 * on PostgreSQL with DATABASE_URL set. The machines are shared: the figures are under whatever else runs. Asserts
 * nothing.
 *
 * Run: node bench/bulk-send.ts [rows, default 1000]
 */
import { apiPaths, apiUrl } from '../contract/paths.ts'
import { a4, makePdf } from '../tests/fixtures/make-fixtures.ts'
import { ms, percentile, startSigningServer } from './figures.ts'

const rows = Number(process.argv[2] ?? 1000)
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
  const quiet = await listLatencies(new Promise((resolve) => setTimeout(resolve, 3000)))

  const checkStarted = performance.now()
  const check = await post(false)
  const checkMs = performance.now() - checkStarted
  if (check.valid !== rows) throw new Error(`check: ${JSON.stringify(check).slice(0, 300)}`)

  const sendStarted = performance.now()
  const sending = (async () => {
    const { id } = await post(true)
    for (;;) {
      const bulk = (await server.call('GET', apiPaths.bulkSend(id ?? ''), owner)) as {
        sent: number
        failed: number
        finished_at: string | null
      }
      if (bulk.finished_at !== null) return bulk
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })()
  const during = await listLatencies(sending)
  const bulk = await sending
  const sendMs = performance.now() - sendStarted

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
} finally {
  await server.close()
}
