import { ensurePgliteTemplate } from '../server/db/pglite-template.ts'

// Every test that starts a server on PGlite creates a database; the template makes that ~1 s.
export async function setup() {
  await ensurePgliteTemplate()
}
