import { stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { type Context, Hono } from 'hono'

const immutable = 'public, max-age=31536000, immutable'

/**
 * Serves the built app from `staticDir`: its files, and `index.html` for every other GET so the client router
 * resolves the path. A text file goes as its brotli or gzip twin (written by the build) when the browser
 * accepts one, with its Content-Encoding and Content-Length, else as it is; either way `Vary:
 * Accept-Encoding`. Only `/assets/` holds content-hashed names that may be cached forever.
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
      precompressed: true,
      onFound: (_path, c) => {
        const hashed = c.req.path.startsWith('/assets/')
        c.header('Cache-Control', hashed ? immutable : 'no-cache')
        // A hashed file never changes, so nothing asks whether it did: no date to send with each one.
        if (hashed) c.res.headers.delete('Last-Modified')
        varyByEncoding(c)
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
      precompressed: true,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'no-cache')
        varyByEncoding(c)
      },
    }),
  )
  return app
}

/** A cache must keep the compressed and the raw answer apart, whichever this one is. */
function varyByEncoding(c: Context) {
  if (!c.res.headers.get('Vary')?.includes('Accept-Encoding'))
    c.header('Vary', 'Accept-Encoding', { append: true })
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile()
  } catch {
    return false
  }
}
