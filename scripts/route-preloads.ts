// A build step: which files each page of the app needs beyond the entry, written to `route-preloads.json` in the
// built app, so the server can name them in the page's HTML (server/http/route-preloads.ts). The browser then
// fetches and compiles a route's lazy chunks, their styles and its texts while the entry runs, instead of one
// after the other once the router has found the route. The texts (the compiled catalogs) are listed per language:
// the server names those of the language the app keeps in its `lang` cookie (src/i18n/i18n.ts).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'
import { partsShown } from '../src/i18n/catalog-parts.ts'
import { defaultLocale, supportedLocales } from '../src/i18n/locales.ts'

/** What the server reads: the files of every page, and those every page needs. */
export interface RoutePreloads {
  /** The language of a visit that names none. */
  defaultLocale: string
  /** Per language, the scripts every page loads after the entry: the shared catalog. */
  catalogs: Record<string, string[]>
  /**
   * One entry per page: its path pattern as the router writes it (`/view/$srid`), its scripts and styles, and per
   * language the feature catalogs its loaders load.
   */
  routes: { path: string; modules: string[]; styles: string[]; catalogs: Record<string, string[]> }[]
}

/** What the build step reads of a chunk of the bundle. */
export interface ChunkLike {
  type: 'chunk'
  fileName: string
  facadeModuleId: string | null
  isEntry: boolean
  imports: string[]
  viteMetadata?: { importedCss: Set<string> }
}

/** A page of the route tree: its full path, the route files from it up to the root, and the catalog parts they load. */
interface Page {
  path: string
  chain: string[]
  parts: string[]
}

/**
 * The catalogs a route file's loader loads: the parts it names (`loadMessages('documents', 'signing')`) and those
 * of the shared components their screens show, as `loadMessages` adds them.
 */
export function catalogParts(routeSource: string): string[] {
  return partsShown(
    [...routeSource.matchAll(/loadMessages\(([^)]*)\)/g)].flatMap(([, args]) =>
      [...(args as string).matchAll(/'([\w-]+)'/g)].map(([, part]) => part as string),
    ),
  )
}

/** The pages of the generated route tree, with the feature catalogs their loaders load (`loadMessages('documents')`). */
function readPages(root: string): Page[] {
  const source = readFileSync(join(root, 'src/routeTree.gen.ts'), 'utf8')
  const files = new Map<string, string>()
  for (const [, name, file] of source.matchAll(/import \{ Route as (\w+) \} from '\.\/routes\/([^']+)'/g))
    files.set(name as string, file as string)
  const routes = new Map<string, { file: string; parent: string }>()
  for (const [, name, imported, body] of source.matchAll(/const (\w+) = (\w+)\.update\(\{([\s\S]*?)\}/g)) {
    const parent = /getParentRoute: \(\) => (\w+)/.exec(body as string)?.[1] ?? ''
    const file = files.get(imported as string)
    if (file) routes.set(name as string, { file, parent })
  }
  const byPath = /export interface FileRoutesByFullPath \{([\s\S]*?)\n\}/.exec(source)?.[1] ?? ''
  const pages: Page[] = []
  for (const [, path, name] of byPath.matchAll(/'([^']+)': typeof (\w+)/g)) {
    // The route and the layouts above it, each of which may have a lazy component of its own.
    const chain: string[] = []
    for (let at = routes.get(name as string); at; at = routes.get(at.parent)) chain.push(at.file)
    const parts = chain.flatMap((file) =>
      catalogParts(readFileSync(join(root, 'src/routes', `${file}.tsx`), 'utf8')),
    )
    pages.push({ path: path as string, chain, parts })
  }
  return pages
}

/** The preloads of `pages` in the bundle's `chunks`; `root` is the project's directory, as in the chunks' module ids. */
export function preloadsOf(chunks: ChunkLike[], pages: Page[], root: string): RoutePreloads {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const withImports = (start: string[]) => {
    const seen = new Set<string>()
    const visit = (file: string) => {
      if (seen.has(file)) return
      seen.add(file)
      for (const next of byFile.get(file)?.imports ?? []) visit(next)
    }
    for (const file of start) visit(file)
    return seen
  }
  const entry = chunks.find((chunk) => chunk.isEntry)
  // What index.html already names (the entry and its static imports) and the styles they bring.
  const inEntry = withImports(entry ? [entry.fileName] : [])
  const stylesOf = (files: Iterable<string>) =>
    new Set([...files].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]))
  const entryStyles = stylesOf(inEntry)
  const chunkOf = (moduleId: (id: string) => boolean) =>
    chunks.find((chunk) => chunk.facadeModuleId !== null && moduleId(chunk.facadeModuleId))
  const catalog = (locale: string, part?: string) =>
    chunkOf((id) => id.endsWith(`/locales/${part === undefined ? '' : `${part}/`}${locale}.po`))
  const url = (file: string) => `/${file}`
  // The shared catalog of each language the app has in this build.
  const shared = new Map(
    supportedLocales.flatMap((locale) => {
      const chunk = catalog(locale)
      return chunk ? [[locale, chunk.fileName] as const] : []
    }),
  )
  const locales = [...shared.keys()]
  /** `start` and what it imports, less what index.html and `known` name already. */
  const beyond = (start: string[], known = new Set<string>()) =>
    [...withImports(start)].filter((file) => !inEntry.has(file) && !known.has(file))

  const routes: RoutePreloads['routes'] = []
  for (const { path, chain, parts } of pages) {
    // The route's lazy component and, where it is split off too, its loader (not its error screens).
    const lazy = chain
      .flatMap((file) =>
        ['component', 'loader'].map((part) =>
          chunkOf(
            (id) =>
              id.startsWith(join(root, 'src/routes', `${file}.tsx?tsr-split=`)) &&
              id.split('?tsr-split=')[1]?.split('---').includes(part) === true,
          ),
        ),
      )
      .filter((chunk) => chunk !== undefined)
    const modules = beyond(lazy.map((chunk) => chunk.fileName))
    const styles = [...stylesOf(modules)].filter((file) => !entryStyles.has(file))
    const catalogs = Object.fromEntries(
      locales.map((locale) => {
        const files = parts.flatMap((part) => catalog(locale, part)?.fileName ?? [])
        return [locale, beyond(files, new Set(modules)).map(url)] as const
      }),
    )
    if (modules.length > 0 || styles.length > 0 || Object.values(catalogs).some((files) => files.length > 0))
      routes.push({ path, modules: modules.map(url), styles: styles.map(url), catalogs })
  }
  return {
    defaultLocale,
    catalogs: Object.fromEntries([...shared].map(([locale, file]) => [locale, [url(file)]])),
    routes,
  }
}

/** Writes `route-preloads.json` next to the built app's `index.html`. */
export function routePreloads(): Plugin {
  let root = process.cwd()
  return {
    name: 'signet-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is ChunkLike & typeof item => item.type === 'chunk',
      )
      const preloads = preloadsOf(chunks, readPages(root), root)
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads) })
    },
  }
}
