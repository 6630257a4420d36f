/**
 * A CPU profile of the first seconds of /login, /dashboard and a request view (CPU slowed 4x as Lighthouse's
 * mobile profile does), self time summed per original source file and function through the build's hidden
 * source maps. What to look at when Lighthouse names long tasks in a bundle.
 *
 * Run: node bench/profile-page.ts [--page view|dashboard|login] [--cold] [--rate 4] [--trace file.json] [--no-profile]
 *   [--dist dir]
 * (`--trace` also writes the CPU profile next to it as file.json.cpuprofile; `--no-profile` for timings without
 * the profiler's own cost)
 */
import { existsSync, readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping'
import puppeteer from 'puppeteer-core'
import { startProductionServer } from './production-server.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const { values: options } = parseArgs({
  options: {
    page: { type: 'string', default: 'view' },
    cold: { type: 'boolean', default: false },
    trace: { type: 'string' },
    rate: { type: 'string', default: '4' },
    'no-profile': { type: 'boolean', default: false },
    dist: { type: 'string' },
  },
})
const dist = resolve(options.dist ?? join(root, 'dist'))
const server = await startProductionServer(dist)
const { base } = server
const { token, requestId: id } = await server.userWithRequest('profile@example.com')

const path =
  { view: `/view/${id}`, dashboard: '/dashboard', login: '/login' }[options.page as string] ?? '/login'
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless=new'],
})
try {
  const page = await browser.newPage()
  await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true })
  await page.goto(`${base}/login`)
  // /login is profiled as a first visit, as Lighthouse audits it: with a session in the tab it would go on.
  if (options.page !== 'login')
    await page.evaluate((accessToken) => {
      sessionStorage.setItem(
        'accessToken',
        JSON.stringify({ token: accessToken, rememberMe: false, expiresAt: Date.now() + 86_400_000 }),
      )
    }, token)
  if (!options.cold) {
    await page.goto(`${base}${path}`)
    await new Promise((resolve) => setTimeout(resolve, 3000))
  }
  await page.goto('about:blank')
  const cdp = await page.createCDPSession()
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(options.rate) })
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  if (!options['no-profile']) await cdp.send('Profiler.start')
  if (options.trace) await page.tracing.start({ path: options.trace })
  const started = Date.now()
  await page.goto(`${base}${path}`)
  await new Promise((resolve) => setTimeout(resolve, 6000))
  if (options.trace) await page.tracing.stop()
  const paint = await page.evaluate(() =>
    performance.getEntriesByType('paint').map((e) => `${e.name} ${Math.round(e.startTime)}`),
  )
  console.log(path, 'loaded in', Date.now() - started, 'ms;', paint.join(', '))
  if (!options['no-profile']) {
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile }
    if (options.trace) await writeFile(`${options.trace}.cpuprofile`, JSON.stringify(profile))
    summarise(profile)
  }
} finally {
  await browser.close()
  await server.stop()
}

type Profile = {
  nodes: {
    id: number
    children?: number[]
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  }[]
  samples: number[]
  timeDeltas: number[]
  startTime: number
}

function summarise(profile: Profile) {
  const maps = new Map<string, TraceMap | null>()
  const mapFor = (url: string) => {
    if (!maps.has(url)) {
      const file = join(dist, new URL(url).pathname)
      maps.set(url, existsSync(`${file}.map`) ? new TraceMap(readFileSync(`${file}.map`, 'utf8')) : null)
    }
    return maps.get(url)
  }
  const self = new Map<number, number>()
  for (const [i, node] of profile.samples.entries())
    self.set(node, (self.get(node) ?? 0) + (profile.timeDeltas[i] ?? 0))
  const byFunction = new Map<string, number>()
  const byFile = new Map<string, number>()
  for (const node of profile.nodes) {
    const time = (self.get(node.id) ?? 0) / 1000
    if (time === 0) continue
    const { functionName, url, lineNumber, columnNumber } = node.callFrame
    let where = url === '' ? `(${functionName || 'native'})` : url
    let name = functionName || '(anonymous)'
    if (url.startsWith(base)) {
      const map = mapFor(url)
      if (map) {
        const original = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber })
        where = (original.source ?? url).replace(/^(\.\.\/)+/, '')
        name = `${original.name ?? functionName}@${original.line}`
      }
    }
    if (functionName === '(idle)' || functionName === '(program)') where = functionName
    byFile.set(where, (byFile.get(where) ?? 0) + time)
    byFunction.set(`${where} ${name}`, (byFunction.get(`${where} ${name}`) ?? 0) + time)
  }
  // Time under each of our own functions (the innermost frame of src/, machines/ or contract/ on the stack).
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const ours = new Map<number, string | undefined>()
  const ownerOf = (id: number): string | undefined => {
    if (ours.has(id)) return ours.get(id)
    const node = nodes.get(id)
    let owner: string | undefined
    if (node) {
      const { url, lineNumber, columnNumber, functionName } = node.callFrame
      const map = url.startsWith(base) ? mapFor(url) : null
      const original = map
        ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber })
        : undefined
      const source = original?.source?.replace(/^(\.\.\/)+/, '')
      if (source && /^(src|machines|contract)\//.test(source))
        owner = `${source} ${original?.name ?? functionName}@${original?.line}`
      else owner = parent.has(id) ? ownerOf(parent.get(id) as number) : undefined
    }
    ours.set(id, owner)
    return owner
  }
  const byOwner = new Map<string, number>()
  for (const [id, time] of self) {
    const node = nodes.get(id)
    if (!node || ['(idle)', '(program)'].includes(node.callFrame.functionName)) continue
    const owner = ownerOf(id) ?? '(library or browser, no app frame)'
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + time / 1000)
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${v.toFixed(0).padStart(6)} ms  ${k}`)
  console.log(`self time by file:\n${top(byFile, 40).join('\n')}`)
  console.log(`self time by function:\n${top(byFunction, 40).join('\n')}`)
  console.log(`time under the innermost app function:\n${top(byOwner, 40).join('\n')}`)
}
