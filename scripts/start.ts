// `npm start`: builds the app when dist/ has none, then runs the server (which migrates the database).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

if (!existsSync('dist/index.html')) {
  console.log('No built app in dist/: building it once (npm run build)...')
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  )
  if (build.status !== 0) process.exit(build.status ?? 1)
}
// The embedded database's first start unpacks this template instead of running initdb.
if (!process.env.DATABASE_URL) {
  const { ensurePgliteTemplate } = await import('../server/db/pglite-template.ts')
  await ensurePgliteTemplate()
}
await import('../server/index.ts')
