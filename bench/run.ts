// `npm run bench`: every benchmark in turn; each prints its own figures (none asserts a time).
import { spawnSync } from 'node:child_process'

const benches = [
  'bench/cold-start.ts',
  'bench/documents.ts',
  'bench/signing.ts',
  'bench/sign-latency.ts',
  'bench/form-fields.ts',
  'bench/sign-throughput.ts',
  'bench/list-latency.ts',
  'bench/load-mix.ts',
  'bench/dashboard-scroll.ts',
  'bench/page-files.ts',
  'bench/lighthouse.ts',
]
for (const bench of benches) {
  console.log(`\n▶ ${bench}`)
  const { status } = spawnSync(process.execPath, [bench], { stdio: 'inherit' })
  if (status !== 0) process.exit(status ?? 1)
}
