import { existsSync } from 'node:fs'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'

// Creating an embedded database runs initdb inside WebAssembly (3 to 7 s here); unpacking a copy
// of a freshly created one takes about 1 s. The copy is made once per PGlite version and kept
// with the other tool caches in node_modules/.cache.
const root = fileURLToPath(new URL('../../', import.meta.url))
const cacheDir = join(root, 'node_modules', '.cache', 'signet')

async function templateFile(): Promise<string> {
  const manifest = JSON.parse(
    await readFile(join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
  ) as { version: string }
  return join(cacheDir, `pglite-${manifest.version}.tar.gz`)
}

/** Writes the empty-database template unless it exists; `npm run build` and the tests call it. */
export async function ensurePgliteTemplate(): Promise<string> {
  const file = await templateFile()
  if (existsSync(file)) return file
  const empty = await PGlite.create()
  const dump = await empty.dumpDataDir('gzip')
  await empty.close()
  await mkdir(cacheDir, { recursive: true })
  // Written aside and renamed, so a concurrent reader never sees half a file.
  const partial = `${file}.${process.pid}.partial`
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()))
  await rename(partial, file)
  return file
}

/** Opens the embedded database in `dir`, starting a new one from the template when there is one. */
export async function openPglite(dir: string): Promise<PGlite> {
  await mkdir(dir, { recursive: true })
  if (existsSync(join(dir, 'PG_VERSION'))) return PGlite.create(dir)
  const file = await templateFile()
  if (!existsSync(file)) return PGlite.create(dir)
  return PGlite.create(dir, { loadDataDir: new Blob([await readFile(file)]) })
}
