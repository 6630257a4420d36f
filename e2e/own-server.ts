// Starts a server of its own for a spec whose state (the status page, the outbox) must not leak into the
// specs that share the two servers of playwright.config.ts while they run in parallel.
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'

// serve.ts derives PUBLIC_URL (the links in mails) from the port, so the port is chosen here, not by the OS later.
async function freePort(): Promise<number> {
  const probe = createServer().listen(0)
  await once(probe, 'listening')
  const address = probe.address()
  probe.close()
  if (address === null || typeof address === 'string') throw new Error('no free port')
  return address.port
}

/** A server started by {@link startOwnServer}. */
export type OwnServer = { url: string; stop(): Promise<void> }

/** Starts `e2e/serve.ts` in `mode` on a free port with extra environment variables; resolves once it answers. */
export async function startOwnServer(
  mode: 'staging' | 'production',
  env: Record<string, string> = {},
): Promise<OwnServer> {
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, ['e2e/serve.ts', mode, String(port)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Signet listening on')) {
        clearTimeout(timer)
        resolve(`http://localhost:${port}`)
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}:\n${output}`))
    })
  })
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return
      const exited = once(child, 'exit')
      child.kill('SIGTERM')
      await exited
    },
  }
}
