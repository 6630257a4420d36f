// `npm run dev`: the API server (restarted on change by node --watch) and Vite with hot reload,
// which proxies /api to the server.
import { spawn } from 'node:child_process'

const apiPort = process.env.API_PORT ?? '8080'
const children = [
  spawn(
    process.execPath,
    ['--watch-path=server', '--watch-path=contract', '--watch-path=machines', 'server/index.ts'],
    {
      stdio: 'inherit',
      env: { ...process.env, PORT: apiPort },
    },
  ),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children)
  child.on('exit', (code) => {
    stop()
    process.exitCode = code ?? 0
  })
