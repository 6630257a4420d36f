import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../../server/db/open-database.ts'
import { createJobQueue } from '../../../server/jobs/job-queue.ts'
import {
  nightlyBackupHandler,
  nightlyBackupJob,
  scheduleNightlyBackup,
} from '../../../server/jobs/nightly-backup.ts'
import { createTestDatabase, drivers, type TestDatabase } from '../test-database.ts'

const hourMs = 60 * 60 * 1000

describe.each(drivers)('the nightly backup on %s', (driver) => {
  let testDatabase: TestDatabase
  let handle: DatabaseHandle

  beforeAll(async () => {
    testDatabase = await createTestDatabase(driver)
    handle = await openDatabase(testDatabase.database)
    await handle.migrate()
    await mkdir(join(testDatabase.dataDir, 'pki'))
    await writeFile(join(testDatabase.dataDir, 'pki', 'root.pem'), 'certificate')
  })

  afterAll(async () => {
    await handle?.close()
    await testDatabase?.drop()
  })

  it('writes one archive a night into BACKUP_DIR and keeps the last three', async () => {
    let now = new Date('2026-03-01T08:00:00Z')
    const logger = pino({ level: 'silent' })
    const dir = join(testDatabase.dataDir, 'backups')
    const services = {
      database: handle,
      driver,
      storage: { dataDir: testDatabase.dataDir },
      now: () => now,
    }
    const queue = createJobQueue({
      db: handle.db,
      logger,
      now: () => now,
      handlers: {
        [nightlyBackupJob]: {
          lane: 'upkeep',
          run: nightlyBackupHandler({ ...services, backup: { dir, keep: 3 }, logger }),
        },
      },
    })
    const schedule = scheduleNightlyBackup(queue, services, logger)
    try {
      // Enqueuing wakes the queue, which may start the job before runDue waits for it.
      await schedule.enqueue()
      await queue.runDue()
      // Later the same day, the night's backup is done already.
      now = new Date(now.getTime() + 12 * hourMs)
      await schedule.enqueue()
      await queue.runDue()
      expect(await readdir(dir)).toEqual(['signet-backup-2026-03-01T08-00-00.000Z.tar.gz'])

      for (let night = 0; night < 3; night++) {
        now = new Date(now.getTime() + 24 * hourMs)
        await schedule.enqueue()
        await queue.runDue()
      }
      expect((await readdir(dir)).sort()).toEqual([
        'signet-backup-2026-03-02T20-00-00.000Z.tar.gz',
        'signet-backup-2026-03-03T20-00-00.000Z.tar.gz',
        'signet-backup-2026-03-04T20-00-00.000Z.tar.gz',
      ])
    } finally {
      schedule.stop()
      await queue.stop()
    }
  })
})
