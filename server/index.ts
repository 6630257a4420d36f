import { ConfigError, loadConfig } from './config.ts'
import type { RunningServer } from './server.ts'

function readConfig() {
  try {
    return loadConfig(process.env)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}

const config = readConfig()

let server: RunningServer | undefined
let stopRequested = false

function shutDown(running: RunningServer) {
  running.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('Signet did not stop cleanly:', error)
      process.exit(1)
    },
  )
}

// Listening from the start: a signal while the embedded database is being created must not cut it in half.
function onSignal(signal: NodeJS.Signals) {
  // A second signal means the user does not want to wait for the graceful stop.
  if (stopRequested) process.exit(1)
  stopRequested = true
  console.log(`${signal} received: stopping Signet`)
  if (server) shutDown(server)
}
process.on('SIGTERM', onSignal)
process.on('SIGINT', onSignal)

try {
  // Loaded only after the configuration passed, so a wrong variable is reported before the heavy imports.
  const { startServer } = await import('./server.ts')
  server = await startServer(config)
} catch (error) {
  if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
    console.error(`Port ${config.port} is already in use: stop the other server or set PORT to another port.`)
  } else {
    console.error('Signet could not start:', error)
  }
  process.exit(1)
}
// A plain line besides the JSON log, so someone starting the server sees where it is.
console.log(`Signet listening on ${server.url}`)
if (stopRequested) shutDown(server)
