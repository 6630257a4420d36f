import { join } from 'node:path'

/** What `manifest.json` of a backup says. */
export type BackupManifest = {
  format: 'signet-backup'
  version: 1
  createdAt: string
  database: 'pglite' | 'postgres'
  /** Where the files were: in the archive under `files/`, or in the S3 bucket, which the archive does not hold. */
  storage: 'local' | 's3'
  /** Every storage key the rows refer to; with local storage each is in the archive under `files/`. */
  files: string[]
  /** Keys the rows refer to whose files were not in storage when the backup was made. */
  missing: string[]
}

export const manifestFile = 'manifest.json'
export const filesFolder = 'files'
export const pkiFolder = 'pki'

/** The platform's CA, OCSP and TSA certificates and their sealed keys: `DATA_DIR/pki`. */
export function pkiDir(dataDir: string): string {
  return join(dataDir, pkiFolder)
}
