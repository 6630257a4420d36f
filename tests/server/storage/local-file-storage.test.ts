import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createFileStorage } from '../../../server/storage/create-file-storage.ts'
import type { FileStorage } from '../../../server/storage/file-storage.ts'
import { createLocalFileStorage } from '../../../server/storage/local-file-storage.ts'
import { documentKey, pageImageKey } from '../../../server/storage/storage-keys.ts'

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex')

let root: string
let storage: FileStorage

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'local-storage-'))
  storage = createLocalFileStorage(root)
})
afterEach(() => rm(root, { recursive: true, force: true }))

async function* failingAfter(chunks: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < chunks; i++) yield new Uint8Array(64 * 1024).fill(i)
  throw new Error('connection reset')
}

describe('local file storage', () => {
  it('stores bytes and gives them back, with their size and SHA-256', async () => {
    const bytes = new TextEncoder().encode('hello, storage')
    expect(await storage.put('a/b.txt', bytes)).toEqual({ size: bytes.length, sha256: sha256(bytes) })
    expect(await storage.getBytes('a/b.txt')).toEqual(bytes)
    expect(await text((await storage.get('a/b.txt')) ?? Readable.from([]))).toBe('hello, storage')
    expect(await storage.exists('a/b.txt')).toBe(true)
    expect(await storage.stat('a/b.txt')).toMatchObject({ size: bytes.length })
  })

  it('streams a large body in chunks and hashes it on the way', async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(7)
    const chunks = Array.from({ length: 20 }, () => chunk)
    const whole = createHash('sha256')
    for (const c of chunks) whole.update(c)
    const result = await storage.put('big.bin', Readable.from(chunks))
    expect(result).toEqual({ size: 20 * 1024 * 1024, sha256: whole.digest('hex') })
    expect((await storage.stat('big.bin'))?.size).toBe(20 * 1024 * 1024)
  })

  it('answers undefined or false for a missing file, and deleting it twice is fine', async () => {
    expect(await storage.get('nope.pdf')).toBeUndefined()
    expect(await storage.getBytes('nope.pdf')).toBeUndefined()
    expect(await storage.stat('nope.pdf')).toBeUndefined()
    expect(await storage.exists('nope.pdf')).toBe(false)
    await storage.put('x.pdf', new Uint8Array([1]))
    await storage.delete('x.pdf')
    await storage.delete('x.pdf')
    expect(await storage.exists('x.pdf')).toBe(false)
  })

  it('deletes a folder of files and nothing beside it', async () => {
    for (const key of ['pages/ab/abc/0-20.webp', 'pages/ab/abc/0-250.webp', 'pages/ab/abcd/0-20.webp'])
      await storage.put(key, new Uint8Array([1]))
    await storage.deleteFolder('pages/ab/abc')
    await storage.deleteFolder('pages/ab/abc')
    expect(await storage.exists('pages/ab/abc/0-20.webp')).toBe(false)
    expect(await storage.exists('pages/ab/abc/0-250.webp')).toBe(false)
    expect(await storage.exists('pages/ab/abcd/0-20.webp')).toBe(true)
  })

  it('lists the files of a folder with their times, and nothing beside it', async () => {
    const keys = ['listed/a/1.pdf', 'listed/a/2.pdf', 'listed/b.pdf']
    for (const key of keys) await storage.put(key, new Uint8Array([1]))
    await storage.put('listed-not/c.pdf', new Uint8Array([1]))
    const listed = []
    for await (const file of storage.list('listed')) listed.push(file)
    expect(listed.map((file) => file.key).sort()).toEqual(keys)
    for (const file of listed) expect(Math.abs(file.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000)
    const none = []
    for await (const file of storage.list('never-written')) none.push(file)
    expect(none).toEqual([])
  })

  it('sweeps partial writes a dying process left, once they are old enough', async () => {
    await mkdir(join(root, '.tmp'), { recursive: true })
    await writeFile(join(root, '.tmp', 'left-behind.part'), 'half')
    expect(await storage.sweepPartial(new Date(Date.now() - 60_000))).toBe(0)
    expect(await storage.sweepPartial(new Date(Date.now() + 60_000))).toBe(1)
    expect(await readdir(join(root, '.tmp'))).toEqual([])
  })

  it('leaves no file, and no temp file, when the stream fails half way', async () => {
    await expect(storage.put('documents/half.pdf', failingAfter(3))).rejects.toThrow('connection reset')
    expect(await storage.exists('documents/half.pdf')).toBe(false)
    expect(await readdir(join(root, '.tmp'))).toEqual([])
  })

  it('keeps the old file whole when replacing it fails', async () => {
    await storage.put('same.bin', new Uint8Array([1, 2, 3]))
    await expect(storage.put('same.bin', failingAfter(2))).rejects.toThrow()
    expect(await storage.getBytes('same.bin')).toEqual(new Uint8Array([1, 2, 3]))
  })

  it('refuses keys that could leave the root or reach its temp folder', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', '.tmp/x', 'a//b', '', 'a/.hidden']) {
      await expect(storage.put(key, new Uint8Array([1])), key).rejects.toThrow('invalid storage key')
    }
  })

  it('is chosen by createFileStorage under DATA_DIR/files without S3 options', async () => {
    const fromConfig = createFileStorage({ dataDir: root })
    await fromConfig.put('k.txt', new Uint8Array([9]))
    expect(await readdir(join(root, 'files'))).toContain('k.txt')
  })
})

describe('content-addressed keys', () => {
  const hash = sha256('document')

  it('puts a document under documents/<first two hex>/<hash>.pdf', () => {
    expect(documentKey(hash)).toBe(`documents/${hash.slice(0, 2)}/${hash}.pdf`)
  })

  it('puts a page image under its document hash, page and scale', () => {
    expect(pageImageKey(hash, 0, 100)).toBe(`pages/${hash.slice(0, 2)}/${hash}/0-100.webp`)
    expect(pageImageKey(hash, 3, 20)).not.toBe(pageImageKey(hash, 3, 100))
  })

  it('refuses anything but a lowercase hex SHA-256', () => {
    expect(() => documentKey('../../etc')).toThrow()
    expect(() => documentKey(hash.toUpperCase())).toThrow()
  })

  it('stores the same bytes once under the same key', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7 same content')
    const key = documentKey(sha256(bytes))
    await storage.put(key, bytes)
    await storage.put(key, bytes)
    const dir = join(root, 'documents', key.split('/')[1] ?? '')
    expect(await readdir(dir)).toEqual([`${sha256(bytes)}.pdf`])
  })
})
