/**
 * Scrolling /dashboard through a long list as a phone does it (CPU slowed 4x as Lighthouse's mobile profile does):
 * a user with 121 requests (each waiting for their own signature) scrolls the window down 250 px at a time, 40
 * times, while the list loads its next pages.
 * Prints what the browser's main thread spent meanwhile (script, style, layout) and the long animation frames the
 * user felt (frames over 50 ms and the time they blocked input), each the median of `--runs` runs.
 *
 * Run: node bench/dashboard-scroll.ts [--runs 3] [--dist dir] (builds dist/ first when there is none).
 */
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import puppeteer from 'puppeteer-core'
import { a4, makePdf } from '../tests/fixtures/make-fixtures.ts'
import { openOwnRequest, percentile } from './figures.ts'
import { startProductionServer } from './production-server.ts'

const { values: options } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, dist: { type: 'string' } },
})
const runs = Number(options.runs)
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a whole number >= 1, not ${options.runs}`)
const dist = options.dist === undefined ? undefined : resolve(options.dist)

const extraRequests = 120
const steps = 40
const stepPx = 250

const server = await startProductionServer(dist)
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless=new'],
})

type Figures = { script: number; style: number; layout: number; longFrames: number; blocking: number }

try {
  const email = 'scroll@example.com'
  const { token } = await server.userWithRequest(email)
  const pdf = await makePdf([a4])
  for (let n = 1; n <= extraRequests; n++)
    await openOwnRequest(
      server.base,
      token,
      email,
      `Order ${n}: a title long enough to wrap on a phone's screen`,
      pdf,
    )

  const results: Figures[] = []
  for (let run = 0; run < runs; run++) {
    const page = await browser.newPage()
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true })
    await page.goto(`${server.base}/login`)
    await page.evaluate((accessToken) => {
      sessionStorage.setItem(
        'accessToken',
        JSON.stringify({ token: accessToken, rememberMe: false, expiresAt: Date.now() + 86_400_000 }),
      )
    }, token)
    await page.goto(`${server.base}/dashboard`, { waitUntil: 'networkidle0' })
    await page.waitForSelector('li[aria-posinset="1"]')
    const cdp = await page.createCDPSession()
    await cdp.send('Performance.enable')
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    // Each long animation frame's blocking time, as the page's observer reports it.
    await page.evaluate(() => {
      const blocking: number[] = []
      Object.assign(window, { longFrames: blocking })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          blocking.push((entry as PerformanceEntry & { blockingDuration: number }).blockingDuration)
      }).observe({ type: 'long-animation-frame' })
    })
    const metrics = async () =>
      new Map((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]))
    const before = await metrics()
    for (let step = 0; step < steps; step++) {
      await page.evaluate((px) => window.scrollBy(0, px), stepPx)
      await new Promise((resolve) => setTimeout(resolve, 60))
    }
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const after = await metrics()
    const spent = (name: string) => ((after.get(name) ?? 0) - (before.get(name) ?? 0)) * 1000
    const blocking = await page.evaluate(() => (window as unknown as { longFrames: number[] }).longFrames)
    results.push({
      script: spent('ScriptDuration'),
      style: spent('RecalcStyleDuration'),
      layout: spent('LayoutDuration'),
      longFrames: blocking.length,
      blocking: blocking.reduce((sum, ms) => sum + ms, 0),
    })
    await page.close()
  }
  const median = (pick: (figures: Figures) => number) => Math.round(percentile(results.map(pick), 50))
  console.log(
    `Scrolling /dashboard with ${extraRequests + 1} requests, ${steps} steps of ${stepPx} px, CPU slowed 4x${runs > 1 ? `, median of ${runs} runs` : ''}:`,
  )
  console.log(
    `  main thread: script ${median((f) => f.script)} ms, style ${median((f) => f.style)} ms, layout ${median((f) => f.layout)} ms`,
  )
  console.log(
    `  long animation frames: ${median((f) => f.longFrames)}, blocking input for ${median((f) => f.blocking)} ms`,
  )
} finally {
  await browser.close()
  await server.stop()
}
