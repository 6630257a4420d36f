// `npm run restore -- <file>`: fills an empty DATA_DIR (and, with DATABASE_URL, an empty PostgreSQL database)
// from an archive of `npm run backup`, with the server stopped; it refuses to overwrite anything.
import { RestoreError, restoreBackup } from '../server/backup/restore-backup.ts'
import { loadConfig } from '../server/config.ts'

const [file] = process.argv.slice(2)
if (file === undefined || process.argv.length > 3) {
  console.error('Usage: npm run restore -- <file>')
  process.exit(2)
}
try {
  const { manifest, notInBucket } = await restoreBackup(loadConfig(process.env), file)
  console.log(
    `Restored the backup of ${manifest.createdAt}: the database, ${manifest.files.length} files and the PKI.`,
  )
  if (manifest.missing.length > 0)
    console.warn(
      `${manifest.missing.length} files were already missing when the backup was made:\n${manifest.missing.join('\n')}`,
    )
  if (notInBucket.length > 0)
    console.warn(
      `${notInBucket.length} files the database refers to are not in the bucket:\n${notInBucket.join('\n')}`,
    )
} catch (error) {
  if (!(error instanceof RestoreError)) throw error
  console.error(error.message)
  process.exit(1)
}
