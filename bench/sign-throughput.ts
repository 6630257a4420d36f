/**
 * `POST /v3/sign` throughput on PostgreSQL with one server process, then two on the same database (issue 11
 * §4), each a real `node server/index.ts`; 20 signers at once, each signing requests of their own with a
 * 10-page PDF, their calls spread over the processes as a balancer would. Prints signatures per second, the
 * ratio of two processes to one, and the CPU time one signature costs the servers (read from /proc: the
 * figure that tells how many cores a load needs). These machines have two cores, shared with this load
 * generator, so the ratio is printed, not promised. Skipped without a PostgreSQL server at
 * TEST_DATABASE_URL. Asserts nothing.
 *
 * Run: node bench/sign-throughput.ts [signatures per run]
 */
import { readFileSync } from 'node:fs'
import { apiPaths } from '../contract/paths.ts'
import { a4, makePdf } from '../tests/fixtures/make-fixtures.ts'
import { kill, spawnServer } from '../tests/server/spawn-server.ts'
import { createTestDatabase } from '../tests/server/test-database.ts'
import { callApi, openOwnRequest, registerAccount } from './figures.ts'

const signaturesPerRun = Number(process.argv[2] ?? 200)
const concurrency = 20
/** Clock ticks a second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
const ticksPerSecond = 100

type Server = { url: string; pid: number; stop: () => Promise<void> }

/** The CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond
}

const call = callApi

const database = await createTestDatabase('postgres').catch((error: unknown) => {
  console.log(`PostgreSQL skipped: ${error instanceof Error ? error.message : String(error)}`)
  return undefined
})
if (database !== undefined && database.database.driver === 'postgres') {
  const env = {
    PORT: '0',
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.database.url,
    FREE_SIGNATURES: '999999',
    // Mail is written to the outbox; the jobs that write it are part of a signature's cost.
    APP_MODE: 'development',
  }
  const start = async (): Promise<Server> => {
    const server = spawnServer(env)
    const url = await server.listening
    return {
      url,
      pid: server.child.pid ?? 0,
      stop: async () => {
        server.child.kill('SIGTERM')
        const exit = await Promise.race([server.exited, new Promise((r) => setTimeout(r, 10_000))])
        if (exit === undefined) kill(server.child)
      },
    }
  }
  const pdf = await makePdf(Array.from({ length: 10 }, () => a4))
  let accounts = 0

  /** An account signed up through the link of its confirmation mail, read from the dev outbox. */
  async function signUp(url: string): Promise<{ email: string; token: string }> {
    const email = `signer${accounts++}@example.com`
    await call(url, 'POST', apiPaths.requestConfirmation(), undefined, { email, flow: 'signup' })
    let token = ''
    while (token === '') {
      const { mails } = (await call(url, 'GET', apiPaths.outbox())) as { mails: { id: string; to: string }[] }
      const mail = mails.find((entry) => entry.to === email)
      if (mail === undefined) await new Promise((resolve) => setTimeout(resolve, 20))
      else {
        const { links } = (await call(url, 'GET', apiPaths.outboxMail(mail.id))) as { links: string[] }
        token = new URL(links[0] ?? '').searchParams.get('token') ?? ''
      }
    }
    return { email, token: await registerAccount(url, token) }
  }

  /** An OPEN request of the signer's own, with the 10-page PDF, which they sign alone. */
  const openRequest = (url: string, signer: { email: string; token: string }) =>
    openOwnRequest(url, signer.token, signer.email, 'Contract', pdf)

  /** Signs `signaturesPerRun` requests through `servers`, round robin; answers signatures/s and CPU ms each. */
  async function run(servers: Server[]): Promise<{ perSecond: number; cpuMs: number }> {
    const first = servers[0] as Server
    const signers = await Promise.all(Array.from({ length: concurrency }, () => signUp(first.url)))
    const work = await Promise.all(
      Array.from({ length: signaturesPerRun }, async (_, index) => {
        const signer = signers[index % concurrency] as { email: string; token: string }
        return { signer, id: await openRequest(first.url, signer) }
      }),
    )
    // The one render of the shared PDF and the invitation mails are done before the clock starts.
    await new Promise((resolve) => setTimeout(resolve, 3000))
    const cpuBefore = servers.map((server) => cpuSeconds(server.pid))
    const started = performance.now()
    let next = 0
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < work.length) {
          const index = next++
          const item = work[index] as (typeof work)[number]
          const server = servers[index % servers.length] as Server
          const answer = (await call(server.url, 'POST', apiPaths.sign(), item.signer.token, {
            signature_requests: [{ signature_request_id: item.id }],
            language: 'en',
          })) as { results: { result: string }[] }
          if (answer.results[0]?.result !== 'complete') throw new Error(JSON.stringify(answer))
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    // The signed-documents mails the signatures promised go out from the jobs too: wait for them.
    await new Promise((resolve) => setTimeout(resolve, 2000))
    const cpu = servers.reduce(
      (sum, server, index) => sum + cpuSeconds(server.pid) - (cpuBefore[index] ?? 0),
      0,
    )
    return { perSecond: work.length / seconds, cpuMs: (cpu * 1000) / work.length }
  }

  try {
    console.log(
      `POST /v3/sign, 10 pages, ${concurrency} signers at once, ${signaturesPerRun} signatures per run, PostgreSQL`,
    )
    const one = await start()
    const single = await run([one])
    console.log(
      `  1 process:   ${single.perSecond.toFixed(0)} signatures/s, ${single.cpuMs.toFixed(1)} ms of CPU per signature`,
    )
    const two = await start()
    const double = await run([one, two])
    console.log(
      `  2 processes: ${double.perSecond.toFixed(0)} signatures/s, ${double.cpuMs.toFixed(1)} ms of CPU per signature`,
    )
    console.log(
      `  2 processes / 1: ${(double.perSecond / single.perSecond).toFixed(2)} (this machine: 2 cores, shared with the load generator)`,
    )
    await Promise.all([one.stop(), two.stop()])
  } finally {
    await database.drop()
  }
}
