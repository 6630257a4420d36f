import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from 'pino'
import { dayMs } from '../../contract/datetime.ts'
import { type BackupServices, writeBackup } from '../backup/write-backup.ts'
import type { JobHandler, JobQueue } from './job-queue.ts'

/** The job kind of the nightly backup (BACKUP_DIR). */
export const nightlyBackupJob = 'backup'

/** When in the night (UTC) the backup falls due. */
const nightMs = 2 * 60 * 60 * 1000
const archiveName = /^signet-backup-.+\.tar\.gz$/

/** Where nightly backups go and how many are kept (BACKUP_DIR, BACKUP_KEEP). */
export type NightlyBackupOptions = { dir: string; keep: number }

/** The night `at` belongs to: 02:00 UTC of its day, or of the day before when earlier. */
function nightOf(at: Date): Date {
  return new Date(Math.floor((at.getTime() - nightMs) / dayMs) * dayMs + nightMs)
}

/**
 * Enqueues the backup of the last night, now and then every few minutes: its key makes it one job however many
 * processes run, and it runs once, at once when the process starts after the night. `enqueue` does it at once
 * (after the development clock moved).
 */
export function scheduleNightlyBackup(
  queue: JobQueue,
  services: Pick<BackupServices, 'database' | 'now'>,
  logger: Logger,
): { stop(): void; enqueue(): Promise<void> } {
  const enqueue = async () => {
    const night = nightOf(services.now())
    await queue
      .enqueue(
        services.database.db,
        nightlyBackupJob,
        {},
        {
          key: `${nightlyBackupJob}:${night.toISOString()}`,
          runAt: night,
        },
      )
      .then(() => queue.wake(nightlyBackupJob))
      .catch((error: unknown) => logger.warn({ err: error }, 'the nightly backup could not be scheduled'))
  }
  void enqueue()
  const timer = setInterval(enqueue, 5 * 60 * 1000)
  timer.unref()
  return { stop: () => clearInterval(timer), enqueue }
}

/** Writes a backup archive into the folder, named by its time, then removes all but the newest `keep`. */
export function nightlyBackupHandler(
  services: BackupServices & { backup: NightlyBackupOptions; logger: Logger },
): JobHandler {
  return async () => {
    const { dir, keep } = services.backup
    const stamp = services.now().toISOString().replaceAll(':', '-')
    const manifest = await writeBackup(services, join(dir, `signet-backup-${stamp}.tar.gz`))
    const archives = (await readdir(dir)).filter((name) => archiveName.test(name)).sort()
    for (const old of archives.slice(0, -keep)) await rm(join(dir, old), { force: true })
    services.logger.info(
      {
        files: manifest.files.length,
        missing: manifest.missing.length,
        removed: Math.max(0, archives.length - keep),
      },
      'nightly backup written',
    )
    return undefined
  }
}
