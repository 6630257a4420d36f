import { randomUUID } from 'node:crypto'
import { open, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { Hono, type MiddlewareHandler } from 'hono'
import { apiPaths } from '../../contract/paths.ts'
import { type BackupServices, writeBackup } from '../backup/write-backup.ts'
import { ApiError } from '../http/api-error.ts'
import { clientAddress } from '../http/client-address.ts'
import { routeNotFound } from '../http/error-handler.ts'
import { operatorOnly } from '../http/operator-only.ts'

const loopback = new Set(['127.0.0.1', '::1'])

/**
 * `POST /operator/backup` (what `npm run backup` calls): the server, which holds the embedded database, writes
 * a consistent archive of everything it keeps and answers it as a download. Only for `operator` (see
 * {@link operatorOnly}): the archive holds every document and the platform's private keys, so where the
 * development tools are open to anyone it is still only for a caller on this machine.
 */
export function createBackupRoutes(services: BackupServices, operator: 'anyone' | string | undefined): Hono {
  const onThisMachine: MiddlewareHandler = async (c, next) => {
    if (operator === 'anyone' && !loopback.has(clientAddress(c))) throw routeNotFound(c)
    await next()
  }
  return new Hono().post(apiPaths.backup(), operatorOnly(operator), onThisMachine, async (c) => {
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
