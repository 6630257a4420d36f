import { readFile, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { type Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { getMimeType } from 'hono/utils/mime'
import { createRoutePreloads } from './route-preloads.ts'

// Neither `public` (only answers to requests with Authorization need it) nor a charset on scripts (the app's are
// modules, which browsers always read as UTF-8): each script's headers count against /login's budget.
const immutable = 'max-age=31536000, immutable'

/** A path that names a file (it ends in an extension), never an app page. */
const fileName = /\.\w+$/

/** A name the build gives a file of `assets/`: no directory, no dot first. */
const assetName = /^\/assets\/([\w-][\w.-]*)$/

/**
 * The most bytes of built files the server keeps in memory: far more than one build's pages load, so only a
 * server that sees many builds come and go under it reads the newer ones from disk again.
 */
const assetMemoryLimit = 64 * 1024 * 1024

/** A file of `assets/` and the compressed twins the build wrote of it, as they go on the wire. */
interface Asset {
  type: string
  raw: Uint8Array<ArrayBuffer>
  br: Uint8Array<ArrayBuffer> | undefined
  gzip: Uint8Array<ArrayBuffer> | undefined
}

/**
 * Serves the built app from `staticDir`: its files, and `index.html` for every other GET so the client router
 * resolves the path. A text file goes as its brotli or gzip twin (written by the build) when the browser
 * accepts one, with its Content-Encoding and Content-Length, else as it is; either way `Vary:
 * Accept-Encoding`, and for an app page that names its language's texts `Vary: Accept-Encoding, Cookie`. Only
 * `/assets/` holds content-hashed names that may be cached forever.
 */
export function createStaticFiles(staticDir: string): Hono {
  const root = resolve(staticDir)
  const indexFile = join(root, 'index.html')
  const app = new Hono()

  // A page's first visit asks for some fifty of these at once: each is read from disk once and then answered from
  // memory, as a file whose name holds its content hash never changes.
  const assetFor = createAssetMemory(root)
  app.get('/assets/*', async (c, next) => {
    const name = assetName.exec(c.req.path)?.[1]
    const asset = name === undefined ? undefined : await assetFor(name)
    if (!asset) return next()
    const encoding = preferredEncoding(c.req.header('Accept-Encoding'), {
      br: asset.br !== undefined,
      gzip: asset.gzip !== undefined,
    })
    const body = encoding === undefined ? asset.raw : (asset[encoding] ?? asset.raw)
    if (encoding) c.header('Content-Encoding', encoding)
    c.header('Content-Type', asset.type)
    c.header('Content-Length', String(body.length))
    c.header('Cache-Control', immutable)
    varyByEncoding(c)
    return c.body(body)
  })

  // Checked per request so that building while the server runs needs no restart.
  app.use('*', async (c, next) => {
    if (await isFile(indexFile)) return next()
    return c.text(`The app is not built (${indexFile} is missing). Run \`npm run build\`, then reload.`, 503)
  })
  // An app page (no file name) names the files its route loads after the entry, so they load alongside it, with
  // the texts of the language the app keeps in the `lang` cookie (src/i18n/i18n.ts).
  const pageFor = createRoutePreloads(root)
  app.get('*', async (c, next) => {
    const path = c.req.path
    if (path.startsWith('/assets/') || fileName.test(path)) return next()
    const page = await pageFor(path, getCookie(c, 'lang'))
    if (!page) return next()
    c.header('Cache-Control', 'no-cache')
    c.header('ETag', page.etag)
    varyByEncoding(c)
    c.header('Vary', 'Cookie', { append: true })
    if (c.req.header('If-None-Match') === page.etag) return c.body(null, 304)
    const encoding = preferredEncoding(c.req.header('Accept-Encoding'), { br: true, gzip: true })
    const body = encoding === 'br' ? page.brotli : encoding === 'gzip' ? page.gzip : page.html
    if (encoding) c.header('Content-Encoding', encoding)
    c.header('Content-Type', 'text/html; charset=utf-8')
    c.header('Content-Length', String(body.length))
    return c.body(new Uint8Array(body))
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
  // A missing hashed file is a stale chunk: a 404 lets the app reload instead of parsing index.html as code. Any
  // other missing file (a name with an extension, as `/manifest.webmanifest` or an icon) is no page either.
  app.get('/assets/*', (c) => c.text('Not found', 404))
  app.get('*', (c, next) => (fileName.test(c.req.path) ? c.text('Not found', 404) : next()))
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

/** The best encoding of the twins `available` that `accept` (an Accept-Encoding header) takes, if any. */
function preferredEncoding(
  accept: string | undefined,
  available: { br: boolean; gzip: boolean },
): 'br' | 'gzip' | undefined {
  const taken = new Set(
    (accept ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name?.trim().toLowerCase()),
  )
  return available.br && taken.has('br') ? 'br' : available.gzip && taken.has('gzip') ? 'gzip' : undefined
}

/**
 * The files of `root/assets` by name, each read with its twins on its first request and kept while the memory
 * limit allows; undefined for a name that is no file there (nothing is kept of it: it may be built later).
 */
function createAssetMemory(root: string): (name: string) => Promise<Asset | undefined> {
  const kept = new Map<string, Promise<Asset | undefined>>()
  let bytes = 0
  const read = (path: string) =>
    readFile(path).then(
      (file) => new Uint8Array(file.buffer as ArrayBuffer, file.byteOffset, file.length),
      () => undefined,
    )
  return (name) => {
    const known = kept.get(name)
    if (known) return known
    const file = join(root, 'assets', name)
    const reading = Promise.all([read(file), read(`${file}.br`), read(`${file}.gz`)]).then(
      ([raw, br, gzip]): Asset | undefined => {
        const size = (raw?.length ?? 0) + (br?.length ?? 0) + (gzip?.length ?? 0)
        if (!raw || bytes + size > assetMemoryLimit) kept.delete(name)
        else bytes += size
        const type = name.endsWith('.js')
          ? 'text/javascript'
          : (getMimeType(name) ?? 'application/octet-stream')
        return raw && { type, raw, br, gzip }
      },
    )
    kept.set(name, reading)
    return reading
  }
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
