import { crc32 } from 'node:zlib'

/** One file read back from a ZIP. */
export type ZipFile = { name: string; data: Uint8Array; utf8Name: boolean }

/**
 * Reads a ZIP of stored (uncompressed) files the way an unzip tool does, from its central directory, and
 * checks each file's CRC-32 and its local header; throws on anything malformed.
 */
export function readZip(bytes: Uint8Array): ZipFile[] {
  const zip = Buffer.from(bytes)
  const end = zip.length - 22
  if (zip.readUInt32LE(end) !== 0x06054b50) throw new Error('no end of central directory')
  const count = zip.readUInt16LE(end + 10)
  let at = zip.readUInt32LE(end + 16)
  if (at + zip.readUInt32LE(end + 12) !== end) throw new Error('central directory size is wrong')
  const files: ZipFile[] = []
  for (let index = 0; index < count; index++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`no central header ${index}`)
    const flags = zip.readUInt16LE(at + 8)
    if (zip.readUInt16LE(at + 10) !== 0) throw new Error('not stored')
    const crc = zip.readUInt32LE(at + 16)
    const size = zip.readUInt32LE(at + 20)
    const nameLength = zip.readUInt16LE(at + 28)
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32)
    const local = zip.readUInt32LE(at + 42)
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8')
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`no local header for ${name}`)
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
    const data = new Uint8Array(zip.subarray(start, start + size))
    if (crc32(data) !== crc) throw new Error(`CRC-32 of ${name} is wrong`)
    if (zip.readUInt32LE(start + size) !== 0x08074b50 || zip.readUInt32LE(start + size + 4) !== crc) {
      throw new Error(`data descriptor of ${name} is wrong`)
    }
    files.push({ name, data, utf8Name: (flags & (1 << 11)) !== 0 })
    at += 46 + skip
  }
  return files
}
