import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { apiPaths, apiUrl } from '../../contract/paths.ts'

/** `route-preloads.json` of the built app (scripts/route-preloads.ts writes it). */
interface RoutePreloads {
  modules: string[]
  routes: { path: string; modules: string[]; styles: string[] }[]
}

/** The app page for one route: its HTML and that HTML compressed, with its entity tag. */
export interface PreloadedPage {
  html: Buffer
  brotli: Buffer
  gzip: Buffer
  etag: string
}

const assetPath = /^\/assets\/[\w.-]+\.(js|css)$/

/** What the app asks the server before its first screen (src/main.tsx): its configuration and the status page. */
const startCalls = [apiUrl(apiPaths.appConfig()), apiUrl(apiPaths.status())]

/** Whether `pathname` is the router's `pattern` (`/view/$srid`: `$name` is one segment, a final `$` the rest). */
function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean)
  const have = pathname.split('/').filter(Boolean)
  for (const [index, part] of want.entries()) {
    if (part === '$') return true
    const segment = have[index]
    if (segment === undefined) return false
    if (part.startsWith('$')) continue
    if (part !== segment) return false
  }
  return want.length === have.length
}

/** How specific a pattern is: its fixed segments count first, so `/sign/new` wins over `/sign/$id`. */
const fixedSegments = (pattern: string) =>
  pattern.split('/').filter((part) => part && !part.startsWith('$')).length

/**
 * The built app's `index.html` with, for each page, `<link>` tags naming the scripts and styles the page loads
 * after the entry (its route's lazy chunks and texts): the browser fetches them while the entry runs. Built once
 * per page and build; without `route-preloads.json` (an app built without it) there is nothing to add.
 */
export function createRoutePreloads(staticDir: string) {
  const indexFile = join(staticDir, 'index.html')
  const preloadsFile = join(staticDir, 'route-preloads.json')
  let build: {
    stamp: string
    index: string
    preloads: RoutePreloads
    pages: Map<string, PreloadedPage>
  } | null = null

  async function current() {
    const [index, preloads] = await Promise.all([stat(indexFile), stat(preloadsFile)]).catch(() => [])
    if (!index || !preloads) return null
    const stamp = `${index.mtimeMs}/${preloads.mtimeMs}`
    if (build?.stamp !== stamp) {
      const [html, json] = await Promise.all([readFile(indexFile, 'utf8'), readFile(preloadsFile, 'utf8')])
      const parsed = JSON.parse(json) as RoutePreloads
      // Only file names of the build's own assets go into the page.
      const safe = (files: unknown) =>
        Array.isArray(files) ? files.filter((f) => assetPath.test(String(f))) : []
      build = {
        stamp,
        index: html,
        preloads: {
          modules: safe(parsed.modules),
          routes: (Array.isArray(parsed.routes) ? parsed.routes : [])
            .map((route) => ({
              path: String(route.path),
              modules: safe(route.modules),
              styles: safe(route.styles),
            }))
            .sort((a, b) => fixedSegments(b.path) - fixedSegments(a.path)),
        },
        pages: new Map(),
      }
    }
    return build
  }

  /** The page for `pathname`, or null when the build names nothing to preload. */
  return async function pageFor(pathname: string): Promise<PreloadedPage | null> {
    const now = await current()
    if (!now) return null
    const route = now.preloads.routes.find((candidate) => matches(candidate.path, pathname))
    const key = route?.path ?? ''
    const known = now.pages.get(key)
    if (known) return known
    const modules = [...(route?.modules ?? []), ...now.preloads.modules]
    const styles = route?.styles ?? []
    if (modules.length === 0 && styles.length === 0) return null
    const links = [
      // The app's first calls, public and the same for everyone, so they are under way before its code runs.
      ...startCalls.map((href) => `<link rel="preload" as="fetch" crossorigin href="${href}">`),
      ...modules.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
      ...styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
    ]
    const text = now.index.includes('</head>')
      ? now.index.replace('</head>', `  ${links.join('\n    ')}\n  </head>`)
      : now.index
    const html = Buffer.from(text)
    const page: PreloadedPage = {
      html,
      brotli: brotliCompressSync(html),
      gzip: gzipSync(html, { level: 9 }),
      etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
    }
    now.pages.set(key, page)
    return page
  }
}
