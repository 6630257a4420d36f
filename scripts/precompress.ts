// Writes a brotli (.br) and a gzip (.gz) twin next to every text file of the built app, which the
// server sends to browsers that accept them (server/http/static-files.ts): the bytes on the wire.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** What is worth compressing: text and WebAssembly; images, fonts in woff2 and archives are compressed already. */
const compressible = /\.(js|mjs|css|html|svg|json|map|txt|wasm|webmanifest)$/

/** Compresses every compressible file under `dir` (twins already there are written again). */
export function precompress(dir: string): { files: number; rawBytes: number; brotliBytes: number } {
  let files = 0
  let rawBytes = 0
  let brotliBytes = 0
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, name)
    if (!compressible.test(name) || !statSync(path).isFile()) continue
    const raw = readFileSync(path)
    const brotli = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    })
    writeFileSync(`${path}.br`, brotli)
    writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }))
    files++
    rawBytes += raw.length
    brotliBytes += brotli.length
  }
  return { files, rawBytes, brotliBytes }
}
