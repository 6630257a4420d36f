// A build step: which files each page of the app needs beyond the entry, written to `route-preloads.json` in the
// built app, so the server can name them in the page's HTML (server/http/route-preloads.ts). The browser then
// fetches and compiles a route's lazy chunks, their styles and its texts while the entry runs, instead of one
// after the other once the router has found the route.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'

/** What the server reads: the files of every page, and those every page needs. */
export interface RoutePreloads {
  /** Scripts every page loads after the entry (the shared catalog of the default language). */
  modules: string[]
  /** One entry per page: its path pattern as the router writes it (`/view/$srid`), scripts and styles. */
  routes: { path: string; modules: string[]; styles: string[] }[]
}

/** The language a first visit starts in (src/i18n/locales.ts defaultLocale); other languages are not guessed. */
const defaultLocale = 'en-gb'

interface ChunkLike {
  type: 'chunk'
  fileName: string
  facadeModuleId: string | null
  isEntry: boolean
  imports: string[]
  viteMetadata?: { importedCss: Set<string> }
}

/** The routes of the generated route tree: full path, route file (without extension) and parent's variable. */
function readRouteTree(root: string) {
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
  const paths: { path: string; chain: string[] }[] = []
  for (const [, path, name] of byPath.matchAll(/'([^']+)': typeof (\w+)/g)) {
    // The route and the layouts above it, each of which may have a lazy component of its own.
    const chain: string[] = []
    for (let at = routes.get(name as string); at; at = routes.get(at.parent)) chain.push(at.file)
    paths.push({ path: path as string, chain })
  }
  return paths
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
      if (!entry) return
      // What index.html already names (the entry and its static imports) and the styles they bring.
      const inEntry = withImports([entry.fileName])
      const entryStyles = new Set(
        [...inEntry].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]),
      )
      const chunkOf = (moduleId: (id: string) => boolean) =>
        chunks.find((chunk) => chunk.facadeModuleId !== null && moduleId(chunk.facadeModuleId))
      const catalog = (part?: string) =>
        chunkOf((id) => id.endsWith(`/locales/${part === undefined ? '' : `${part}/`}${defaultLocale}.po`))
      const url = (file: string) => `/${file}`

      const routes: RoutePreloads['routes'] = []
      for (const { path, chain } of readRouteTree(root)) {
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
        // The feature catalogs the route's loaders load (`loadMessages('documents', ...)`), in the default language.
        const parts = chain.flatMap((file) => {
          const source = readFileSync(join(root, 'src/routes', `${file}.tsx`), 'utf8')
          return [...source.matchAll(/loadMessages\(([^)]*)\)/g)].flatMap(([, args]) =>
            [...(args as string).matchAll(/'([\w-]+)'/g)].map(([, part]) => part as string),
          )
        })
        const catalogs = parts.map((part) => catalog(part)).filter((chunk) => chunk !== undefined)
        const files = [...withImports([...lazy, ...catalogs].map((chunk) => chunk.fileName))].filter(
          (file) => !inEntry.has(file),
        )
        const styles = [
          ...new Set(files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])])),
        ].filter((file) => !entryStyles.has(file))
        if (files.length > 0 || styles.length > 0)
          routes.push({ path, modules: files.map(url), styles: styles.map(url) })
      }
      const shared = catalog()
      const preloads: RoutePreloads = { modules: shared ? [url(shared.fileName)] : [], routes }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads) })
    },
  }
}
