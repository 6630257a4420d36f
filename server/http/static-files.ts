import { stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'

const immutable = 'public, max-age=31536000, immutable'

/**
 * Serves the built app from `staticDir`: its files as they are, and `index.html` for every other GET so the
 * client router resolves the path. Only `/assets/` holds content-hashed names that may be cached forever.
 */
export function createStaticFiles(staticDir: string): Hono {
  const root = resolve(staticDir)
  const indexFile = join(root, 'index.html')
  const app = new Hono()

  // Checked per request so that building while the server runs needs no restart.
  app.use('*', async (c, next) => {
    if (await isFile(indexFile)) return next()
    return c.text(`The app is not built (${indexFile} is missing). Run \`npm run build\`, then reload.`, 503)
  })
  app.use(
    '*',
    serveStatic({
      root,
      onFound: (_path, c) => {
        c.header('Cache-Control', c.req.path.startsWith('/assets/') ? immutable : 'no-cache')
      },
    }),
  )
  // A missing hashed file is a stale chunk: a 404 lets the app reload instead of parsing index.html as code.
  app.get('/assets/*', (c) => c.text('Not found', 404))
  app.get(
    '*',
    serveStatic({
      root,
      path: 'index.html',
      onFound: (_path, c) => {
        c.header('Cache-Control', 'no-cache')
      },
    }),
  )
  return app
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile()
  } catch {
    return false
  }
}
