import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { create, extract } from 'tar'
import { openDatabase } from '../../server/db/open-database.ts'

// Migrating a new embedded database takes seconds on every test server; an archive of one already
// migrated, kept beside the empty-database template and named by the migrations it holds, is unpacked in
// a fraction of that.
const root = fileURLToPath(new URL('../../', import.meta.url))
const migrationsDir = join(root, 'server', 'db', 'migrations')

async function archiveFile(): Promise<string> {
  const hash = createHash('sha256')
  const files = (await readdir(migrationsDir, { recursive: true, encoding: 'utf8' })).sort()
  for (const file of files.filter((name) => name.endsWith('.sql') || name.endsWith('.json'))) {
    hash.update(file).update(await readFile(join(migrationsDir, file)))
  }
  const pglite = JSON.parse(
    await readFile(join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
  ) as { version: string }
  const name = `pglite-${pglite.version}-migrated-${hash.digest('hex').slice(0, 16)}.tar.gz`
  return join(root, 'node_modules', '.cache', 'signet', name)
}

/** Writes the archive of a migrated embedded database unless it exists; the tests' global setup calls it. */
export async function ensureMigratedPglite(): Promise<void> {
  const file = await archiveFile()
  if (existsSync(file)) return
  const dir = await mkdtemp(join(tmpdir(), 'signet-migrated-'))
  try {
    const database = await openDatabase({ driver: 'pglite', dir })
    await database.migrate()
    await database.close()
    // Written aside and renamed, so a concurrent reader never sees half a file.
    const partial = `${file}.${process.pid}.partial`
    await mkdir(join(file, '..'), { recursive: true })
    await create({ gzip: true, file: partial, cwd: dir }, await readdir(dir))
    await rename(partial, file)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** Unpacks the migrated embedded database into `dir` (the server then finds nothing left to migrate). */
export async function unpackMigratedPglite(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true })
  await extract({ file: await archiveFile(), cwd: dir })
}
