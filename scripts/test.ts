// `npm test`: everything, in the order that fails fastest: types, lint, unused code, catalogs, unit and
// integration tests, a fresh build with its size budget, then the browser tests against the real server.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'

const bin = (name: string) => `node_modules/.bin/${name}`
const steps: { name: string; run: () => boolean }[] = [
  { name: 'type-check', run: () => sh(bin('tsc'), ['--noEmit', '-p', '.']) },
  { name: 'lint and format', run: () => sh(bin('biome'), ['ci', '.']) },
  { name: 'unused files, exports and dependencies', run: () => sh(bin('knip'), ['--no-progress']) },
  { name: 'translation catalogs', run: catalogsUpToDate },
  { name: 'statechart diagrams', run: () => sh(process.execPath, ['scripts/statecharts.ts', '--check']) },
  { name: 'unit and integration tests', run: () => sh(bin('vitest'), ['run']) },
  {
    name: 'build',
    run: () =>
      sh(bin('vite'), ['build', '--logLevel', 'warn']) && sh(process.execPath, ['scripts/bundle-report.ts']),
  },
  { name: 'end-to-end tests', run: () => sh(bin('playwright'), ['test']) },
]

function sh(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: 'inherit' }).status === 0
}

/** Every message in the code is in the catalogs (re-extracting changes nothing). */
function catalogsUpToDate(): boolean {
  const files = readdirSync('locales', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.po'))
  const before = new Map(files.map((f) => [f, readFileSync(`locales/${f}`, 'utf8')]))
  const strip = (po: string) => po.replace(/^"POT-Creation-Date:.*\n/m, '')
  const ok = spawnSync(bin('lingui'), ['extract', '--clean'], { stdio: 'ignore' }).status === 0
  const stale = files.filter(
    (f) => strip(readFileSync(`locales/${f}`, 'utf8')) !== strip(before.get(f) ?? ''),
  )
  for (const [f, text] of before) writeFileSync(`locales/${f}`, text)
  if (!ok || stale.length) {
    console.error(
      `Catalogs out of date (${stale.join(', ')}): run npm run i18n, translate, and commit locales/.`,
    )
    return false
  }
  return true
}

for (const step of steps) {
  console.log(`\n▶ ${step.name}`)
  const started = Date.now()
  if (!step.run()) {
    console.error(`\n✗ ${step.name} failed`)
    process.exit(1)
  }
  console.log(`✓ ${step.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
}
console.log('\nAll checks passed.')
