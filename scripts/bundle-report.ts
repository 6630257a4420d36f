// Prints the JavaScript bytes a browser transfers for /login, /dashboard and /view/{id}: the brotli twins
// (scripts/precompress.ts) of the chunks each loads, which the server sends to every current browser. Fails
// when /login is over its budget (issue 11: 150 KB on the wire). The journeys measure the same in Chromium
// (e2e/wire.spec.ts).
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import { catalogParts } from './route-preloads.ts'

const loginBudgetKb = 150
const dist = 'dist'
type Chunk = { file: string; imports?: string[]; isEntry?: boolean; src?: string; dynamicImports?: string[] }
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>

/** The bytes of `file` on the wire: its brotli twin (made now if the build did not write one). */
const wireKb = (file: string) => {
  const twin = join(dist, `${file}.br`)
  const bytes = existsSync(twin)
    ? statSync(twin).size
    : brotliCompressSync(readFileSync(join(dist, file))).length
  return bytes / 1024
}

const rows = [...new Set(Object.values(manifest).map((c) => c.file))]
  .filter((f) => f.endsWith('.js'))
  .map((file) => ({ file, kb: wireKb(file) }))
  .sort((a, b) => b.kb - a.kb)
console.log('\nJavaScript chunks (brotli, as sent):')
for (const row of rows.slice(0, 25)) console.log(`  ${row.kb.toFixed(1).padStart(7)} KB  ${row.file}`)
if (rows.length > 25) console.log(`  … and ${rows.length - 25} smaller chunks`)

/** The catalogs of the feature parts a route's loader loads, in English. */
const routeCatalogs = (route: string) =>
  catalogParts(readFileSync(join('src/routes', `${route}.tsx`), 'utf8')).map(
    (part) => `locales/${part}/en-gb.po`,
  )

/** The chunks a page loads: the entry, the route's chunks, its en-gb catalogs, and all they import. */
function pageChunks(route: string): Set<string> {
  const catalogs = ['locales/en-gb.po', ...routeCatalogs(route)]
  const files = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    for (const dep of chunk.imports ?? []) visit(dep)
  }
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry || key.startsWith(`src/routes/${route}.tsx`) || catalogs.includes(key)) visit(key)
  }
  return files
}

console.log('\nJavaScript each page transfers (brotli):')
let loginKb = 0
for (const [page, route] of [
  ['/login', 'login'],
  ['/dashboard', 'dashboard'],
  ['/view/{id}', 'view/$srid'],
] as const) {
  const kb = [...pageChunks(route)].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + wireKb(f), 0)
  if (page === '/login') loginKb = kb
  console.log(
    `  ${kb.toFixed(1).padStart(7)} KB  ${page}${page === '/login' ? ` (budget ${loginBudgetKb} KB)` : ''}`,
  )
}
if (loginKb > loginBudgetKb) {
  console.error(`\n/login is over its budget by ${(loginKb - loginBudgetKb).toFixed(1)} KB.`)
  process.exit(1)
}
