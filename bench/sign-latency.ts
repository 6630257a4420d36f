/**
 * Signing through the API: time of `POST /v3/sign` for a 10-page PDF (PAdES B-T with the timestamp, the
 * stored new version and the database transaction; goal p50 under 60 ms), and signatures per second with
 * 20 signers signing distinct requests at once. A signature that completes its request also makes the
 * document B-LTA (validation data and an archive timestamp): its time is printed beside one that leaves
 * the request open, and their ratio (issue 36: at most 2x). Runs the real server in-process on the embedded database
 * (or DATABASE_URL when set). Prints; asserts nothing.
 *
 * Run: node bench/sign-latency.ts [runs]
 */
import { apiPaths } from '../contract/paths.ts'
import { a4, makePdf } from '../tests/fixtures/make-fixtures.ts'
import { ms, openOwnRequest, percentile, startSigningServer } from './figures.ts'

const runs = Number(process.argv[2] ?? 40)
const concurrency = 20
const rounds = 3

const server = await startSigningServer('sign')
const { call, signUp } = server

// One PDF for every request: stored once by its hash, so its pages are rendered once and page
// rendering does not compete with the signings being measured.
const pdf = await makePdf(Array.from({ length: 10 }, () => a4))

/** An OPEN request of the user's, with the 10-page PDF, signed by the user alone, or then by `others`. */
const openRequest = (token: string, email: string, title: string, others: readonly string[] = []) =>
  openOwnRequest(server.url, token, email, title, pdf, others)

async function sign(token: string, id: string): Promise<number> {
  const started = performance.now()
  const answer = (await call('POST', apiPaths.sign(), token, {
    signature_requests: [{ signature_request_id: id }],
    language: 'en',
  })) as { results: { result: string }[] }
  const elapsed = performance.now() - started
  if (answer.results[0]?.result !== 'complete') throw new Error(`sign: ${JSON.stringify(answer)}`)
  return elapsed
}

try {
  console.log(`10-page A4 PDF (${(pdf.length / 1024).toFixed(0)} KiB), database: ${server.database}`)
  const email = 'bench@example.com'
  const token = await signUp(email)
  const warmUp = 5
  const ids: string[] = []
  const leftOpen: string[] = []
  for (let index = 0; index < runs + warmUp; index++) {
    ids.push(await openRequest(token, email, `Run ${index}`))
    leftOpen.push(await openRequest(token, email, `Open ${index}`, ['later@example.com']))
  }
  // Let the one render job of the shared PDF finish before measuring.
  await new Promise((resolve) => setTimeout(resolve, 1500))
  const times: number[] = []
  const openTimes: number[] = []
  for (const [index, id] of ids.entries()) {
    const completing = await sign(token, id)
    const leaving = await sign(token, leftOpen[index] ?? '')
    if (index >= warmUp) {
      times.push(completing)
      openTimes.push(leaving)
    }
  }
  console.log(
    `POST /v3/sign, 10 pages, one at a time, leaving the request open (B-T): p50 ${ms(percentile(openTimes, 50))}, ` +
      `p95 ${ms(percentile(openTimes, 95))} over ${openTimes.length} signings (goal p50 < 60 ms)`,
  )
  console.log(
    `POST /v3/sign completing the request (B-T, then B-LTA): p50 ${ms(percentile(times, 50))}, ` +
      `p95 ${ms(percentile(times, 95))}; B-LTA costs ${(percentile(times, 50) / percentile(openTimes, 50)).toFixed(2)}x ` +
      'B-T per completed document (goal at most 2x)',
  )

  const signers = await Promise.all(
    Array.from({ length: concurrency }, async (_, index) => {
      const address = `signer${index}@example.com`
      return { address, token: await signUp(address) }
    }),
  )
  let total = 0
  for (let round = 0; round < rounds; round++) {
    const requests = await Promise.all(
      signers.map(async (signer) => ({
        ...signer,
        id: await openRequest(signer.token, signer.address, `Round ${round}`),
      })),
    )
    const started = performance.now()
    await Promise.all(requests.map((request) => sign(request.token, request.id)))
    total += performance.now() - started
  }
  console.log(
    `${concurrency} signers at once on distinct requests: ${((concurrency * rounds) / (total / 1000)).toFixed(0)} ` +
      `signatures/s (${rounds} rounds, one server process)`,
  )
} finally {
  await server.close()
}
