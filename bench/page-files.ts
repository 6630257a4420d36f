/**
 * What serving a page's files costs the server: the files the HTML of a request view names (the entry, its
 * imports, the route's chunks, styles and texts), asked all at once as a browser asks them over HTTP/1.1, on six
 * keep-alive connections, in brotli. Prints how long the page waits for its last file (median and p95 of the
 * rounds) and the server's CPU time per file, read from /proc (the figure that says how many page loads a core
 * serves). Production mode, the built app.
 *
 * Run: node bench/page-files.ts [rounds] (default 100; builds dist/ first when there is none)
 */
import { readFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { ms, percentile } from './figures.ts'
import { startProductionServer } from './production-server.ts'

const rounds = Number(process.argv[2] ?? 100)

/** The server's CPU time so far in milliseconds (user and system), or undefined where /proc is not. */
function cpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  } catch {
    return undefined
  }
}

const server = await startProductionServer(undefined)
const agent = new Agent({ keepAlive: true, maxSockets: 6 })
const get = (path: string) =>
  new Promise<void>((resolve, reject) => {
    request(`${server.base}${path}`, { agent, headers: { 'accept-encoding': 'br, gzip' } }, (answer) => {
      if (answer.statusCode !== 200) reject(new Error(`${path}: ${answer.statusCode}`))
      answer.resume()
      answer.on('end', resolve)
    })
      .on('error', reject)
      .end()
  })
try {
  const { requestId } = await server.userWithRequest('files@example.com')
  const html = await (await fetch(`${server.base}/view/${requestId}`)).text()
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map(([, path]) => path as string)
  // The first rounds read the files and warm the server up, as the first visitors after a deploy do.
  for (let round = 0; round < 5; round++) await Promise.all(files.map(get))
  const waits: number[] = []
  const cpuBefore = cpuMs(server.pid)
  for (let round = 0; round < rounds; round++) {
    const started = performance.now()
    await Promise.all(files.map(get))
    waits.push(performance.now() - started)
  }
  const cpuAfter = cpuMs(server.pid)
  const perFile =
    cpuBefore === undefined || cpuAfter === undefined
      ? 'not measured here (no /proc)'
      : ms((cpuAfter - cpuBefore) / (rounds * files.length))
  console.log(`A request view's ${files.length} files, all at once on 6 connections, ${rounds} rounds:`)
  console.log(`  last file after: median ${ms(percentile(waits, 50))}, p95 ${ms(percentile(waits, 95))}`)
  console.log(`  server CPU per file: ${perFile}`)
} finally {
  agent.destroy()
  await server.stop()
}
