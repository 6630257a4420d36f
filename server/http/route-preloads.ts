import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { apiPaths, apiUrl } from '../../contract/paths.ts'

/** `route-preloads.json` of the built app as scripts/route-preloads.ts writes it; read with care all the same. */
interface PreloadsFile {
  defaultLocale?: unknown
  catalogs?: unknown
  routes?: { path?: unknown; modules?: unknown; styles?: unknown; catalogs?: unknown }[]
}

/** What the pages take of `route-preloads.json`: the files each route loads, and its catalogs per language. */
interface RoutePreloads {
  defaultLocale: string | undefined
  catalogs: Map<string, string[]>
  routes: { path: string; modules: string[]; styles: string[]; catalogs: Map<string, string[]> }[]
}

/** The app page for one route: its HTML and that HTML compressed, with its entity tag. */
export interface PreloadedPage {
  html: Buffer
  brotli: Buffer
  gzip: Buffer
  etag: string
}

const assetPath = /^\/assets\/[\w.-]+\.(js|css)$/
/** A language as the app names it (`en-gb`, `it`), which alone goes into the page. */
const localeName = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/

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
 * The built app's `index.html` with, for each page and language, `<link>` tags naming the scripts and styles the
 * page loads after the entry (its route's lazy chunks, and its texts in that language): the browser fetches them
 * while the entry runs. The `<html lang>` is that language too, as the app sets it. Built once per page, language
 * and build; without `route-preloads.json` (an app built without it) there is nothing to add.
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
      const parsed = JSON.parse(json) as PreloadsFile
      // Only file names of the build's own assets go into the page.
      const safe = (files: unknown) =>
        Array.isArray(files) ? files.filter((f) => assetPath.test(String(f))) : []
      const perLocale = (catalogs: unknown) =>
        new Map(
          Object.entries(typeof catalogs === 'object' && catalogs !== null ? catalogs : {})
            .filter(([locale]) => localeName.test(locale))
            .map(([locale, files]) => [locale, safe(files)]),
        )
      const catalogs = perLocale(parsed.catalogs)
      build = {
        stamp,
        index: html,
        preloads: {
          defaultLocale: [...catalogs.keys()].find((locale) => locale === parsed.defaultLocale),
          catalogs,
          routes: (Array.isArray(parsed.routes) ? parsed.routes : [])
            .map((route) => ({
              path: String(route.path),
              modules: safe(route.modules),
              styles: safe(route.styles),
              catalogs: perLocale(route.catalogs),
            }))
            .sort((a, b) => fixedSegments(b.path) - fixedSegments(a.path)),
        },
        pages: new Map(),
      }
    }
    return build
  }

  /**
   * The page for `pathname` in the language `wanted` (the `lang` cookie the app writes), or in the default language
   * when the build has no catalogs of that one; null when the build names nothing to preload.
   */
  return async function pageFor(pathname: string, wanted: string | undefined): Promise<PreloadedPage | null> {
    const now = await current()
    if (!now) return null
    const { catalogs, defaultLocale } = now.preloads
    const locale = wanted !== undefined && catalogs.has(wanted) ? wanted : defaultLocale
    const route = now.preloads.routes.find((candidate) => matches(candidate.path, pathname))
    const key = `${locale} ${route?.path ?? ''}`
    const known = now.pages.get(key)
    if (known) return known
    const inLocale = (files: Map<string, string[]> | undefined) =>
      (locale === undefined ? undefined : files?.get(locale)) ?? []
    const modules = [...(route?.modules ?? []), ...inLocale(route?.catalogs), ...inLocale(catalogs)]
    const styles = route?.styles ?? []
    if (modules.length === 0 && styles.length === 0) return null
    const links = [
      // The app's first calls, public and the same for everyone, so they are under way before its code runs.
      ...startCalls.map((href) => `<link rel="preload" as="fetch" crossorigin href="${href}">`),
      ...modules.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
      ...styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
    ]
    const index =
      locale === undefined ? now.index : now.index.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
    const text = index.includes('</head>')
      ? index.replace('</head>', `  ${links.join('\n    ')}\n  </head>`)
      : index
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
