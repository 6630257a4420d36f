import { randomUUID } from 'node:crypto'
import { open, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { Hono } from 'hono'
import { apiPaths } from '../../contract/paths.ts'
import { type BackupServices, writeBackup } from '../backup/write-backup.ts'
import { ApiError } from '../http/api-error.ts'
import { operatorOnly } from '../http/operator-only.ts'

/**
 * `POST /operator/backup` (what `npm run backup` calls): the server, which holds the embedded database, writes
 * a consistent archive of everything it keeps and answers it as a download. Only for `operator` (see
 * {@link operatorOnly}): the archive holds every document and the platform's private keys.
 */
export function createBackupRoutes(services: BackupServices, operator: 'anyone' | string | undefined): Hono {
  return new Hono().post(apiPaths.backup(), operatorOnly(operator), async (c) => {
    const file = join(services.storage.dataDir, 'tmp', `backup-${randomUUID()}.tar.gz`)
    const manifest = await writeBackup(services, file).catch((error: unknown) => {
      // The operator sees why (pg_dump missing or of an older version, a full disk) without the server's log.
      throw new ApiError(
        503,
        'server.unavailable',
        `The backup could not be made: ${(error as Error).message}`,
        {
          cause: error,
        },
      )
    })
    // Unlinked once open: the answer streams from the open file, and nothing is left behind however it ends.
    const handle = await open(file)
    await rm(file)
    const filename = `signet-backup-${manifest.createdAt.replaceAll(':', '-')}.tar.gz`
    return c.body(Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>, 200, {
      'Content-Type': 'application/gzip',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    })
  })
}
