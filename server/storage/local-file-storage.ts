import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import { dirname, join, sep } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { FileStorage } from './file-storage.ts'
import { hashingStream, toReadable } from './hashing-stream.ts'
import { assertValidKey } from './storage-keys.ts'

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT'
}

/**
 * Files on local disk under `root`. A put streams into `root/.tmp/` (the same file system) and is renamed
 * into place only once complete and flushed, so a crash or a failed stream never leaves a partial file
 * under its key.
 */
export function createLocalFileStorage(root: string): FileStorage {
  const tempDir = join(root, '.tmp')
  const pathOf = (key: string) => {
    assertValidKey(key)
    return join(root, ...key.split('/'))
  }

  return {
    async put(key, body) {
      const path = pathOf(key)
      await mkdir(tempDir, { recursive: true })
      const tempPath = join(tempDir, `${randomUUID()}.part`)
      const hashing = hashingStream()
      try {
        await pipeline(toReadable(body), hashing, createWriteStream(tempPath, { flush: true }))
        await mkdir(dirname(path), { recursive: true })
        await rename(tempPath, path)
      } catch (error) {
        await rm(tempPath, { force: true })
        throw error
      }
      return hashing.result()
    },
    async get(key) {
      const path = pathOf(key)
      const stream = createReadStream(path)
      // Opening is asynchronous: wait for it so a missing file is an answer, not a stream error later.
      return new Promise((resolve, reject) => {
        stream.once('open', () => resolve(stream))
        stream.once('error', (error) => (isMissing(error) ? resolve(undefined) : reject(error)))
      })
    },
    async getBytes(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)))
      } catch (error) {
        if (isMissing(error)) return undefined
        throw error
      }
    },
    async exists(key) {
      return (await this.stat(key)) !== undefined
    },
    async delete(key) {
      await rm(pathOf(key), { force: true })
    },
    async deleteFolder(folder) {
      // A page image written into the folder while it is removed leaves it not empty (ENOTEMPTY) for a moment:
      // Node tries again after it, rather than the deletion failing.
      await rm(pathOf(folder), { recursive: true, force: true, maxRetries: 5, retryDelay: 20 })
    },
    async stat(key) {
      try {
        const info = await stat(pathOf(key))
        return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : undefined
      } catch (error) {
        if (isMissing(error)) return undefined
        throw error
      }
    },
    async *list(folder) {
      const top = pathOf(folder)
      let entries: string[]
      try {
        entries = await readdir(top, { recursive: true })
      } catch (error) {
        if (isMissing(error)) return
        throw error
      }
      for (const entry of entries) {
        const info = await stat(join(top, entry)).catch(() => undefined)
        if (info?.isFile()) yield { key: `${folder}/${entry.split(sep).join('/')}`, modifiedAt: info.mtime }
      }
    },
    sweepPartial: (before) => sweepFiles(tempDir, before),
  }
}

/** Removes the files directly in `dir` last modified before `before`; answers how many. */
export async function sweepFiles(dir: string, before: Date): Promise<number> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch (error) {
    if (isMissing(error)) return 0
    throw error
  }
  let removed = 0
  for (const name of names) {
    const path = join(dir, name)
    const info = await stat(path).catch(() => undefined)
    if (info === undefined || info.mtime >= before) continue
    await rm(path, { recursive: true, force: true })
    removed += 1
  }
  return removed
}
