// Prints the gzipped size of every JavaScript chunk of dist/ and of what the first screen loads,
// against its budget (issue 2: 150 KB gzipped). Budgets are printed, not asserted.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const budgetKb = 150
const dist = 'dist'
type Chunk = { file: string; imports?: string[]; isEntry?: boolean; src?: string; dynamicImports?: string[] }
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>

const gzipKb = (file: string) => gzipSync(readFileSync(join(dist, file))).length / 1024
const rows = [...new Set(Object.values(manifest).map((c) => c.file))]
  .filter((f) => f.endsWith('.js'))
  .map((file) => ({ file, kb: gzipKb(file) }))
  .sort((a, b) => b.kb - a.kb)

console.log('\nJavaScript chunks (gzipped):')
for (const row of rows) console.log(`  ${row.kb.toFixed(1).padStart(7)} KB  ${row.file}`)

// The first screen of a visitor is /login (/ forwards there): the entry, its static imports, the
// login route's chunk and the en-gb catalog.
const firstScreen = new Set<string>()
const visit = (key: string) => {
  const chunk = manifest[key]
  if (!chunk || firstScreen.has(chunk.file)) return
  firstScreen.add(chunk.file)
  for (const dep of chunk.imports ?? []) visit(dep)
}
for (const [key, chunk] of Object.entries(manifest)) {
  if (chunk.isEntry || key.includes('src/routes/login.tsx') || key.endsWith('locales/en-gb.po')) visit(key)
}
const total = [...firstScreen].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipKb(f), 0)
console.log(`\nFirst screen loads ${total.toFixed(1)} KB of JavaScript gzipped (budget ${budgetKb} KB).`)
if (total > budgetKb) console.log(`Over budget by ${(total - budgetKb).toFixed(1)} KB.`)
