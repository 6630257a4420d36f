import { ensurePgliteTemplate } from '../server/db/pglite-template.ts'
import { ensureMigratedPglite } from './server/migrated-pglite.ts'

// Every test that starts a server on PGlite creates a database; the template makes that ~1 s, and the
// migrated one spares each test server's migrations.
export async function setup() {
  await ensurePgliteTemplate()
  await ensureMigratedPglite()
}
