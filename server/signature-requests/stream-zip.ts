import { crc32 } from 'node:zlib'

/** One file of a ZIP: its name in the archive, its exact size, and how to read its bytes when its turn comes. */
export type ZipEntry = {
  name: string
  size: number
  modifiedAt: Date
  open: () => Promise<AsyncIterable<Uint8Array>>
}

const localHeaderSize = 30
const dataDescriptorSize = 16
const centralHeaderSize = 46
const endOfCentralDirectorySize = 22
// Bit 3: CRC-32 in a data descriptor after the data (known only once streamed); bit 11: UTF-8 names.
const flags = (1 << 3) | (1 << 11)
const version = 20

/** The exact byte length of the archive {@link streamZip} writes for `entries`, for Content-Length. */
export function zipLength(entries: readonly ZipEntry[]): number {
  let length = endOfCentralDirectorySize
  for (const entry of entries) {
    const name = Buffer.byteLength(entry.name)
    length += localHeaderSize + 2 * name + entry.size + dataDescriptorSize + centralHeaderSize
  }
  return length
}

function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.max(at.getUTCFullYear(), 1980)
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  }
}

/**
 * Writes a ZIP of `entries` as it reads them, one at a time, holding no more than one chunk: stored
 * without compression (PDFs hardly compress, and the length is known up front), each CRC-32 computed on
 * the way and written after its data. Entries and sizes must stay under the classic ZIP limits (65,535
 * files, 4 GiB), which the request limits keep far from.
 */
export async function* streamZip(entries: readonly ZipEntry[]): AsyncGenerator<Uint8Array> {
  const central: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name)
    const { time, date } = dosDateTime(entry.modifiedAt)
    const local = Buffer.alloc(localHeaderSize)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(version, 4)
    local.writeUInt16LE(flags, 6)
    local.writeUInt16LE(0, 8)
    local.writeUInt16LE(time, 10)
    local.writeUInt16LE(date, 12)
    local.writeUInt16LE(name.length, 26)
    yield local
    yield name
    let crc = 0
    let size = 0
    for await (const chunk of await entry.open()) {
      crc = crc32(chunk, crc)
      size += chunk.length
      yield chunk
    }
    if (size !== entry.size)
      throw new Error(`zip entry ${entry.name}: ${size} bytes read, ${entry.size} expected`)
    const descriptor = Buffer.alloc(dataDescriptorSize)
    descriptor.writeUInt32LE(0x08074b50, 0)
    descriptor.writeUInt32LE(crc, 4)
    descriptor.writeUInt32LE(size, 8)
    descriptor.writeUInt32LE(size, 12)
    yield descriptor
    const header = Buffer.alloc(centralHeaderSize)
    header.writeUInt32LE(0x02014b50, 0)
    header.writeUInt16LE(version, 4)
    header.writeUInt16LE(version, 6)
    header.writeUInt16LE(flags, 8)
    header.writeUInt16LE(0, 10)
    header.writeUInt16LE(time, 12)
    header.writeUInt16LE(date, 14)
    header.writeUInt32LE(crc, 16)
    header.writeUInt32LE(size, 20)
    header.writeUInt32LE(size, 24)
    header.writeUInt16LE(name.length, 28)
    header.writeUInt32LE(offset, 42)
    central.push(header, name)
    offset += localHeaderSize + name.length + size + dataDescriptorSize
  }
  const directory = Buffer.concat(central)
  yield directory
  const end = Buffer.alloc(endOfCentralDirectorySize)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  yield end
}
