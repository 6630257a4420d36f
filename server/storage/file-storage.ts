import type { Readable } from 'node:stream'

/** What a file is stored from: its bytes, or a stream of them that is read once. */
export type FileBody = Uint8Array | Readable | AsyncIterable<Uint8Array>

/** What `put` learned while writing a file. */
export type PutResult = { size: number; sha256: string }

/** Size and modification time of a stored file. */
type FileStat = { size: number; modifiedAt: Date }

/** A stored file as a listing gives it. */
export type ListedFile = { key: string; modifiedAt: Date }

/**
 * Where uploaded PDFs, page images and signed outputs live, by key (`documents/ab/abcd….pdf`). A key is a
 * relative path of `/`-separated segments; a file is either fully there under its key or not at all.
 */
export type FileStorage = {
  /** Stores a file, streaming it; a failed or aborted body leaves nothing under the key. */
  put(key: string, body: FileBody): Promise<PutResult>
  /** A stream of the file, or undefined when there is none. */
  get(key: string): Promise<Readable | undefined>
  /** The whole file in memory, or undefined; for small files (page images) only. */
  getBytes(key: string): Promise<Uint8Array | undefined>
  exists(key: string): Promise<boolean>
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>
  /** Removes every file whose key starts with `folder/` (e.g. all page images of a document). */
  deleteFolder(folder: string): Promise<void>
  stat(key: string): Promise<FileStat | undefined>
  /** Every file whose key starts with `folder/`, in no particular order, read as it goes. */
  list(folder: string): AsyncIterable<ListedFile>
  /**
   * Removes the partial files of writes that a dying process left behind, those last touched before
   * `before`; answers how many it removed.
   */
  sweepPartial(before: Date): Promise<number>
}
