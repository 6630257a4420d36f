import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

/**
 * Runs PostgreSQL's `pg_dump` or `pg_restore` from the PATH on the database at `url`, its password handed over
 * in PGPASSWORD rather than on the command line, where anyone on the host could read it. A tool that is missing
 * or fails throws an error saying so, with what the tool printed.
 */
export async function runPgTool(tool: 'pg_dump' | 'pg_restore', url: string, args: string[]): Promise<void> {
  const database = new URL(url)
  const password = decodeURIComponent(database.password)
  database.password = ''
  await promisify(execFile)(tool, [...args, `--dbname=${database.toString()}`], {
    env: { ...process.env, ...(password === '' ? {} : { PGPASSWORD: password }) },
  }).catch((error: NodeJS.ErrnoException & { stderr?: string }) => {
    throw new Error(
      error.code === 'ENOENT'
        ? `${tool} is not on the PATH: install the PostgreSQL client of the database’s version`
        : `${tool} failed: ${error.stderr?.trim() || error.message}`,
      { cause: error },
    )
  })
}
