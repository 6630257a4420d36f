import { join } from 'node:path'
import type { FileStorage } from './file-storage.ts'
import { createLocalFileStorage } from './local-file-storage.ts'
import { createS3FileStorage, type S3StorageOptions } from './s3-file-storage.ts'

/**
 * Which storage to use, as plain data (it is also handed to the render workers): `s3` set means the
 * bucket (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION); else local disk.
 */
export type FileStorageOptions = {
  /** Root of the data; local files go to `root ?? DATA_DIR/files`. */
  dataDir: string
  /** Local root directory; @default `${dataDir}/files` */
  root?: string
  s3?: S3StorageOptions
}

/** The configured {@link FileStorage}: S3-compatible when `s3` is given, else local disk. */
export function createFileStorage(options: FileStorageOptions): FileStorage {
  if (options.s3 !== undefined)
    return createS3FileStorage({ tempDir: join(options.dataDir, 'tmp'), ...options.s3 })
  return createLocalFileStorage(options.root ?? join(options.dataDir, 'files'))
}
