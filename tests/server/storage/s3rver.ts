import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { S3StorageOptions } from '../../../server/storage/s3-file-storage.ts'

// s3rver: an S3-compatible server in Node (dev dependency). It speaks the S3 protocol and checks the access
// key id, but does not verify V4 signatures: sign-v4.test.ts checks those against AWS's published vectors.
type S3rverServer = { run(): Promise<{ port: number }>; close(): Promise<void> }
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: object) => S3rverServer

/** An s3rver on a free port keeping its bucket `signet` under `dir`, and the storage options that reach it. */
export async function startS3rver(
  dir: string,
): Promise<{ options: S3StorageOptions; close(): Promise<void> }> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(dir, 's3'),
    configureBuckets: [{ name: 'signet' }],
  })
  const { port } = await server.run()
  return {
    options: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'signet',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      region: 'us-east-1',
      tempDir: join(dir, 'spool'),
    },
    close: () => server.close(),
  }
}
