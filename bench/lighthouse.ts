/**
 * Lighthouse (mobile profile, simulated throttling) on what a user opens first, /login, /dashboard and a request
 * view, and on the screens a business admin lives in, /business/billing/plan, /business/activity (its charts
 * drawn from the business's requests) and /business/members, and on the page of the link mailed to a signer
 * without an account (`/view/{id}/{signature}?token=`), served by the real server in production mode from the
 * built app. Prints the performance and accessibility scores with the figures behind them; the goal is
 * performance >= 98 and accessibility 100 on each page. Chromium is Debian's (`CHROME_PATH`, default
 * /usr/bin/chromium).
 *
 * The business is set up through the API as people would (bench/production-server.ts `businessWithActivity`):
 * its admin opens it (on its trial, no payment), three people sign up and join and two more are invited, each of
 * the four sends a request that two of them sign and one still to sign, and the admin sends one to an outside
 * signer, whose direct link is read from the mail catcher.
 *
 * Each page is audited twice over: as users get it, through a TLS proxy speaking HTTP/2 as the README's
 * deployment puts one before the app (bench/tls-proxy.ts), and straight from the app server over HTTP/1.1,
 * where every one of a page's files costs a round trip on one of the browser's six connections.
 *
 * /login and the direct link are audited as a first visit: Lighthouse empties the cache and all of the origin's
 * storage (by default it leaves local storage, where the app notes that the browser holds its font). The
 * signed-in pages are audited as the user who just signed in opens them: signed in, the browser's cache emptied,
 * then /login loaded (what signing in fetched), then the page. Every run starts from that same state, so the runs
 * measure the same thing.
 *
 * Run: node bench/lighthouse.ts [--runs 5] [--out dir] [--dist dir] [--page view] [--front h2]
 * (builds dist/ first when there is none).
 * Each page is audited `--runs` times (default 3, as one run's score moves by some 5 points) and the run with the
 * median performance score is printed; `--out` keeps every run's Lighthouse JSON report in `dir` (h2-login-1.json,
 * h1-view-3.json, ...);
 * `--dist` serves an app built elsewhere (`vite build --outDir dir`), which others' builds of dist/ leave alone;
 * `--page` (login, dashboard, view, plan, activity, members or signer) and `--front` (h2 or h1), each repeatable,
 * audit only those pages and fronts.
 *
 * Besides the timings, each page prints the server response time Lighthouse estimated (the median of its requests'
 * waits for a first byte), which its simulation adds to every request of the page: on a host where the browser and
 * the server share the cores, the server's answers to a page's burst of files wait while the browser parses, and a
 * run's score moves with that figure (some 10 points between 20 and 160 ms on a request view).
 *
 * Under each page, the tasks of the printed run that make up its Total Blocking Time (bench/blocking-tasks.ts):
 * the largest shares first, with how long each took in the browser and what it did. They tell where to look
 * when a page's TBT is high; how high it is moves from run to run on a host the browser shares with the server.
 */
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import lighthouse from 'lighthouse'
import puppeteer, { type Page } from 'puppeteer-core'
import { type BlockingTask, blockingTasks } from './blocking-tasks.ts'
import { startProductionServer } from './production-server.ts'
import { startTlsProxy } from './tls-proxy.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const pageNames = ['login', 'dashboard', 'view', 'plan', 'activity', 'members', 'signer'] as const
const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    out: { type: 'string' },
    dist: { type: 'string' },
    page: { type: 'string', multiple: true, default: [...pageNames] },
    front: { type: 'string', multiple: true, default: ['h2', 'h1'] },
  },
})
const runs = Number(options.runs)
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a whole number >= 1, not ${options.runs}`)
for (const [option, known] of [
  ['page', pageNames],
  ['front', ['h2', 'h1']],
] as const)
  for (const name of options[option])
    if (!(known as readonly string[]).includes(name))
      throw new Error(`--${option} takes ${known.slice(0, -1).join(', ')} or ${known.at(-1)}, not ${name}`)
const outDir = options.out === undefined ? undefined : resolve(options.out)
if (outDir !== undefined) await mkdir(outDir, { recursive: true })
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const goals = { performance: 98, accessibility: 100 }
/**
 * Lighthouse's measure of this host's CPU, one per audit. Its simulation multiplies the CPU time it observes by 4
 * (a phone), so the same app scores lower on a slower host: scores compare between hosts of similar indexes.
 */
const benchmarkIndexes: number[] = []
const lighthouseVersion = JSON.parse(
  readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8'),
).version

const dist = options.dist === undefined ? undefined : resolve(options.dist)
if (dist !== undefined && !existsSync(join(dist, 'index.html'))) throw new Error(`${dist} holds no built app`)

const server = await startProductionServer(dist)
const proxy = await startTlsProxy(server.base)

type Scores = { performance: number; accessibility: number; figures: string; blocking: BlockingTask[] }
/** How many of a run's tasks are listed with its Total Blocking Time. */
const tasksShown = 5

/**
 * Audits `path` `runs` times; answers the run with the median performance score, and every run's scores.
 * With a session `token`, each run starts as signing in leaves the browser (see above).
 */
async function audits(
  page: Page,
  base: string,
  name: string,
  path: string,
  token?: string,
): Promise<Scores & { all: string }> {
  const results: Scores[] = []
  for (let run = 1; run <= runs; run++) {
    if (token !== undefined) await signIn(page, base, token)
    results.push(await audit(page, `${base}${path}`, `${name}-${run}`, token !== undefined))
  }
  const sorted = [...results].sort((a, b) => a.performance - b.performance)
  const median = sorted[Math.floor((sorted.length - 1) / 2)] as Scores
  return { ...median, all: results.map((r) => r.performance).join(' ') }
}

/**
 * Leaves the tab as signing in does: the cache holds only what /login fetched, and the session is in the tab's
 * session storage (SPEC §9), which Lighthouse leaves alone when told to keep storage.
 */
async function signIn(page: Page, base: string, token: string): Promise<void> {
  const cdp = await page.createCDPSession()
  await cdp.send('Network.clearBrowserCache')
  await cdp.detach()
  await page.goto(`${base}/login`)
  await page.evaluate(() => sessionStorage.clear())
  await page.goto(`${base}/login`, { waitUntil: 'networkidle0' })
  await page.evaluate((accessToken) => {
    sessionStorage.setItem(
      'accessToken',
      JSON.stringify({ token: accessToken, rememberMe: false, expiresAt: Date.now() + 86_400_000 }),
    )
  }, token)
}

async function audit(page: Page, url: string, name: string, signedIn: boolean): Promise<Scores> {
  const result = await lighthouse(
    url,
    {
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: signedIn,
      clearStorageTypes: ['all'],
    },
    undefined,
    page,
  )
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
  if (outDir !== undefined) await writeFile(join(outDir, `${name}.json`), result.report as string)
  const { categories, audits, environment } = result.lhr
  benchmarkIndexes.push(environment.benchmarkIndex)
  const blocking = await blockingTasks(result)
  const value = (id: string) => audits[id]?.displayValue ?? '?'
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    figures: `FCP ${value('first-contentful-paint')}, LCP ${value('largest-contentful-paint')}, TBT ${value('total-blocking-time')}, CLS ${value('cumulative-layout-shift')}, server ${serverResponseMs(audits['network-server-latency'], url)} ms`,
    blocking,
  }
}

/** The tasks that make up a run's Total Blocking Time, the largest {@link tasksShown} first, a line each. */
function blockingLines(tasks: BlockingTask[]): string[] {
  if (tasks.length === 0) return []
  const lines = tasks
    .slice(0, tasksShown)
    .map(
      (task) =>
        `${task.blockingMs.toFixed(0).padStart(5)} ${task.observedMs.toFixed(0).padStart(4)} ms at ${task.atMs.toFixed(0).padStart(4)} ms  ${task.what}`,
    )
  const more = tasks.length - tasksShown
  return [
    'its TBT by task (ms of blocking time, ms the task took in the browser, when it began, what it did):',
    ...lines,
    ...(more > 0 ? [`(and ${more} more)`] : []),
  ]
}

/** The server response time Lighthouse estimated for the origin of `url`, in whole milliseconds ('?' if none). */
function serverResponseMs(audit: { details?: unknown } | undefined, url: string): string {
  const items = (audit?.details as { items?: { origin: string; serverResponseTime: number }[] } | undefined)
    ?.items
  const time = items?.find((item) => item.origin === new URL(url).origin)?.serverResponseTime
  return time === undefined ? '?' : String(Math.round(time))
}

const browser = await puppeteer.launch({
  executablePath: chromePath,
  // The proxy's certificate is made for the run and signed by nobody: its key is trusted, as a real one would be.
  args: ['--no-sandbox', '--headless=new', `--ignore-certificate-errors-spki-list=${proxy.spki}`],
})
try {
  const { token, requestId } = await server.userWithRequest('lighthouse@example.com')
  const businessPages: readonly string[] = ['plan', 'activity', 'members', 'signer']
  const business = options.page.some((name) => businessPages.includes(name))
    ? await server.businessWithActivity('admin@lighthouse.example')
    : { token: '', signerLink: '' }
  const page = await browser.newPage()
  console.log(
    `Lighthouse ${lighthouseVersion}, mobile profile, production mode (goal: performance >= ${goals.performance}, accessibility ${goals.accessibility})${runs > 1 ? `, median of ${runs} runs` : ''}`,
  )
  const pages = [
    { name: 'login', path: '/login', shown: '/login', token: undefined },
    { name: 'dashboard', path: '/dashboard', shown: '/dashboard', token },
    { name: 'view', path: `/view/${requestId}`, shown: '/view/{id}', token },
    { name: 'plan', path: '/business/billing/plan', shown: '/business/billing/plan', token: business.token },
    { name: 'activity', path: '/business/activity', shown: '/business/activity', token: business.token },
    { name: 'members', path: '/business/members', shown: '/business/members', token: business.token },
    { name: 'signer', path: business.signerLink, shown: '/view/{id}/{signature}?token=', token: undefined },
  ].filter(({ name }) => options.page.includes(name))
  const fronts = [
    { name: 'h2', base: proxy.base, label: 'through a TLS proxy with HTTP/2, as the README deploys it' },
    { name: 'h1', base: server.base, label: 'straight from the app server, HTTP/1.1' },
  ].filter(({ name }) => options.front.includes(name))
  for (const front of fronts) {
    const rows: [string, Scores & { all: string }][] = []
    for (const { name, path, shown, token: session } of pages)
      rows.push([shown, await audits(page, front.base, `${front.name}-${name}`, path, session)])
    console.log(`${front.label}:`)
    const width = Math.max(...rows.map(([path]) => path.length))
    for (const [path, scores] of rows) {
      console.log(
        `  ${path.padEnd(width)} performance ${String(scores.performance).padStart(3)}  accessibility ${String(scores.accessibility).padStart(3)}  (${scores.figures}${runs > 1 ? `; runs: ${scores.all}` : ''})`,
      )
      for (const line of blockingLines(scores.blocking)) console.log(`${' '.repeat(width + 3)}${line}`)
    }
  }
  const indexes = benchmarkIndexes.sort((a, b) => a - b)
  console.log(
    `Host CPU benchmark index (Lighthouse's): median ${indexes[Math.floor((indexes.length - 1) / 2)]}, from ${indexes[0]} to ${indexes.at(-1)}`,
  )
} finally {
  await browser.close()
  await proxy.close()
  await server.stop()
}
