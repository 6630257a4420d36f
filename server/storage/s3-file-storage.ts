import { createHash, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FileStorage, ListedFile } from './file-storage.ts'
import { hashingStream, toReadable } from './hashing-stream.ts'
import { sweepFiles } from './local-file-storage.ts'
import { encodePath, encodeRfc3986, signV4 } from './sign-v4.ts'
import { assertValidKey } from './storage-keys.ts'

/** Connection to an S3-compatible bucket; addressed path-style (`endpoint/bucket/key`). */
export type S3StorageOptions = {
  /** e.g. `https://s3.eu-central-2.amazonaws.com` or `http://127.0.0.1:9000` */
  endpoint: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  /** @default 'us-east-1' */
  region?: string
  /** Where a streamed upload is spooled to learn its length and hash before the PUT; @default os.tmpdir() */
  tempDir?: string
}

const emptySha256 = createHash('sha256').digest('hex')

/**
 * Files in an S3-compatible bucket, over plain fetch signed with SigV4. A streamed body is first spooled to
 * a local temp file (S3 needs the length up front, and the payload hash is signed), then sent from disk,
 * so an upload is never held in memory; S3 itself makes a PUT all-or-nothing.
 */
export function createS3FileStorage(options: S3StorageOptions): FileStorage {
  const endpoint = new URL(options.endpoint)
  const base = endpoint.pathname.replace(/\/$/, '')
  const region = options.region ?? 'us-east-1'
  const tempDir = options.tempDir ?? tmpdir()

  async function send(
    method: string,
    key: string,
    payloadSha256: string,
    init: {
      body?: BodyInit | AsyncIterable<Uint8Array>
      headers?: Record<string, string>
      query?: [string, string][]
    } = {},
  ): Promise<Response> {
    // The bucket itself ('') is addressed only to list it.
    if (key !== '') assertValidKey(key)
    const path = key === '' ? `${base}/${options.bucket}` : `${base}/${options.bucket}/${key}`
    const query = init.query ?? []
    const headers = signV4({
      method,
      host: endpoint.host,
      path,
      query,
      headers: { ...init.headers, 'x-amz-content-sha256': payloadSha256 },
      payloadSha256,
      region,
      service: 's3',
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      now: new Date(),
    })
    const search = query.map(([name, value]) => `${encodeRfc3986(name)}=${encodeRfc3986(value)}`).join('&')
    const url = `${endpoint.protocol}//${endpoint.host}${encodePath(path)}${search ? `?${search}` : ''}`
    const requestInit = { method, headers, body: init.body, duplex: 'half' } as RequestInit
    return fetch(url, requestInit)
  }

  /** One page of ListObjectsV2 under `folder/`, and the token of the next page if there is one. */
  async function listPage(folder: string, token?: string): Promise<{ files: ListedFile[]; next?: string }> {
    assertValidKey(folder)
    const query: [string, string][] = [
      ['list-type', '2'],
      ['prefix', `${folder}/`],
    ]
    if (token !== undefined) query.push(['continuation-token', token])
    const response = await send('GET', '', emptySha256, { query })
    if (!response.ok) throw await failure(response, `LIST ${folder}/`)
    const xml = await response.text()
    const files = [...xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)].map(([, contents = '']) => ({
      key: xmlText(/<Key>([^<]+)<\/Key>/.exec(contents)?.[1] ?? ''),
      modifiedAt: new Date(/<LastModified>([^<]+)<\/LastModified>/.exec(contents)?.[1] ?? 0),
    }))
    const next = /<NextContinuationToken>([^<]+)<\/NextContinuationToken>/.exec(xml)?.[1]
    return next === undefined ? { files } : { files, next: xmlText(next) }
  }

  async function failure(response: Response, what: string): Promise<Error> {
    const text = await response.text().catch(() => '')
    return new Error(`S3 ${what}: ${response.status} ${text.slice(0, 300)}`)
  }

  return {
    async put(key, body) {
      if (body instanceof Uint8Array) {
        const sha256 = createHash('sha256').update(body).digest('hex')
        const response = await send('PUT', key, sha256, { body: body as Uint8Array<ArrayBuffer> })
        if (!response.ok) throw await failure(response, `PUT ${key}`)
        await response.body?.cancel()
        return { size: body.length, sha256 }
      }
      await mkdir(tempDir, { recursive: true })
      const spool = join(tempDir, `s3-${randomUUID()}.part`)
      try {
        const hashing = hashingStream()
        await pipeline(toReadable(body), hashing, createWriteStream(spool))
        const result = hashing.result()
        const response = await send('PUT', key, result.sha256, {
          body: createReadStream(spool),
          headers: { 'content-length': String(result.size) },
        })
        if (!response.ok) throw await failure(response, `PUT ${key}`)
        await response.body?.cancel()
        return result
      } finally {
        await rm(spool, { force: true })
      }
    },
    async get(key) {
      const response = await send('GET', key, emptySha256)
      if (response.status === 404) {
        await response.body?.cancel()
        return undefined
      }
      if (!response.ok || response.body === null) throw await failure(response, `GET ${key}`)
      return Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>)
    },
    async getBytes(key) {
      const response = await send('GET', key, emptySha256)
      if (response.status === 404) {
        await response.body?.cancel()
        return undefined
      }
      if (!response.ok) throw await failure(response, `GET ${key}`)
      return new Uint8Array(await response.arrayBuffer())
    },
    async exists(key) {
      return (await this.stat(key)) !== undefined
    },
    async delete(key) {
      const response = await send('DELETE', key, emptySha256)
      await response.body?.cancel()
      if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE ${key}: ${response.status}`)
    },
    async deleteFolder(folder) {
      // ListObjectsV2 answers up to 1,000 keys; each batch is deleted, then the listing starts over until
      // it is empty (a continuation token would point past keys that are gone by then).
      for (;;) {
        const { files } = await listPage(folder)
        if (files.length === 0) return
        for (const { key } of files) await this.delete(key)
      }
    },
    async *list(folder) {
      let token: string | undefined
      do {
        const page = await listPage(folder, token)
        yield* page.files
        token = page.next
      } while (token !== undefined)
    },
    // S3 makes a PUT all-or-nothing; what a dying process leaves is its spool files.
    sweepPartial: (before) => sweepFiles(tempDir, before),
    async stat(key) {
      const response = await send('HEAD', key, emptySha256)
      await response.body?.cancel()
      if (response.status === 404) return undefined
      if (!response.ok) throw new Error(`S3 HEAD ${key}: ${response.status}`)
      const modified = response.headers.get('last-modified')
      return {
        size: Number(response.headers.get('content-length') ?? 0),
        modifiedAt: modified === null ? new Date(0) : new Date(modified),
      }
    },
  }
}

/** The text of an XML element's content: S3 escapes these five characters in keys. */
function xmlText(escaped: string): string {
  return escaped.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) =>
    name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : name === 'apos' ? "'" : '&',
  )
}
