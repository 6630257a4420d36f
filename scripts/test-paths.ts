// `npm run test:paths`: runs the model-based machine tests, then prints per machine the states
// reached and transitions taken by the paths they walked (tests/machines/walk.ts records them).
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

const dir = join('test-results', 'paths')
rmSync(dir, { recursive: true, force: true })
const run = spawnSync('node_modules/.bin/vitest', ['run', 'tests/machines'], { stdio: 'inherit' })

type Coverage = {
  machine: string
  states: number
  statesReached: number
  transitions: number
  transitionsTaken: number
  paths: number
}
const rows = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Coverage)
  .sort((a, b) => a.machine.localeCompare(b.machine))
const pct = (a: number, b: number) => (b === 0 ? 100 : (100 * a) / b).toFixed(0).padStart(3)
console.log('\nmachine                     states        transitions     paths')
let complete = true
for (const r of rows) {
  complete &&= r.statesReached === r.states && r.transitionsTaken === r.transitions
  console.log(
    `${r.machine.padEnd(26)} ${`${r.statesReached}/${r.states}`.padStart(7)} ${pct(r.statesReached, r.states)} %  ${`${r.transitionsTaken}/${r.transitions}`.padStart(7)} ${pct(r.transitionsTaken, r.transitions)} %  ${String(r.paths).padStart(6)}`,
  )
}
process.exit(run.status === 0 && complete ? 0 : 1)
