import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ApiError } from '../http/api-error.ts'

/** Skribble's `optimise` of `POST /tooling/process/{id}/compress`. */
export const skribbleOptimisations = ['archive', 'print', 'size', 'web'] as const
type Optimisation = (typeof skribbleOptimisations)[number]

/**
 * Lossless rewrites by qpdf for each of Skribble's optimisations (no image is resampled): `size` packs objects
 * into compressed object streams and recompresses every stream at the highest level, `web` does that and
 * linearizes for viewing while loading, `print` only recompresses, and `archive` recompresses without object
 * streams (which PDF/A-1 forbids).
 */
const compressArguments: Record<Optimisation, string[]> = {
  size: ['--object-streams=generate', '--compress-streams=y', '--recompress-flate', '--compression-level=9'],
  web: ['--object-streams=generate', '--recompress-flate', '--compression-level=9', '--linearize'],
  print: ['--compress-streams=y', '--recompress-flate', '--compression-level=9'],
  archive: [
    '--object-streams=disable',
    '--compress-streams=y',
    '--recompress-flate',
    '--compression-level=9',
  ],
}

/** A qpdf run takes at most this long; a PDF that takes longer is refused. */
const qpdfTimeMs = 20_000
const qpdfOutputBytes = 8 * 1024 * 1024

type QpdfRun = { code: number; stdout: string; stderr: string }

/**
 * Runs qpdf (the PDF tool the machine has) on `bytes` in a process of its own, bounded in time and output: its
 * answer and, with `output`, the file it wrote. Exit 0 is clean, 3 warnings, 2 errors. Without qpdf
 * installed, tooling answers 503.
 */
async function qpdf(
  tempDir: string,
  bytes: Uint8Array,
  args: (input: string, output: string) => string[],
): Promise<QpdfRun & { written: Uint8Array | undefined }> {
  await mkdir(tempDir, { recursive: true })
  const input = join(tempDir, `tooling-${randomUUID()}.pdf`)
  const output = `${input}.out.pdf`
  try {
    await writeFile(input, bytes)
    const run = await new Promise<QpdfRun>((resolve, reject) => {
      execFile(
        'qpdf',
        args(input, output),
        { timeout: qpdfTimeMs, maxBuffer: qpdfOutputBytes, encoding: 'utf8' },
        (error, stdout, stderr) => {
          if (error === null) return resolve({ code: 0, stdout, stderr })
          const code = (error as { code?: unknown }).code
          if (code === 'ENOENT') {
            return reject(new ApiError(503, 'server.unavailable', 'The PDF tools are not installed'))
          }
          if (typeof code === 'number') return resolve({ code, stdout, stderr })
          reject(new ApiError(422, 'document.too_complex', 'The PDF takes too long to process'))
        },
      )
    })
    const written = run.code === 2 ? undefined : await readFile(output).catch(() => undefined)
    return { ...run, written }
  } finally {
    await rm(input, { force: true })
    await rm(output, { force: true })
  }
}

/** The lines of qpdf's findings, without its own progress lines. */
function findings(run: QpdfRun): string[] {
  return `${run.stdout}\n${run.stderr}`
    .split('\n')
    .map((line) => line.trim())
    .filter(
      (line) =>
        line !== '' &&
        !/^(checking |PDF Version|File is not|File is linearized|No syntax or stream|errors that qpdf)/.test(
          line,
        ),
    )
    .slice(0, 50)
}

/**
 * The conformance a PDF claims, as Skribble writes it: `pdfa-2b` when its XMP metadata declares PDF/A (read
 * from the uncompressed metadata only), else `pdf-<version>` of its header.
 */
export function claimedConformance(bytes: Uint8Array): string {
  const text = Buffer.from(bytes.subarray(0, Math.min(bytes.byteLength, 4 * 1024 * 1024))).toString('latin1')
  const part = text.match(/pdfaid:part(?:="|>)(\d)/)?.[1]
  const level = text.match(/pdfaid:conformance(?:="|>)([ABUabu])/)?.[1]
  if (part !== undefined && level !== undefined) return `pdfa-${part}${level.toLowerCase()}`
  return `pdf-${text.match(/^%PDF-(\d\.\d)/)?.[1] ?? '1.7'}`
}

/**
 * Whether the PDF carries a signature (a signature dictionary's /ByteRange): rewriting it would break it, so
 * it is compressed only when forced.
 */
export function isSigned(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('/ByteRange')
}

/** What a PDF allows (its encryption's permissions), as Skribble's upload answers them. */
export async function pdfPermissions(tempDir: string, bytes: Uint8Array) {
  const run = await qpdf(tempDir, bytes, (input) => ['--json=2', '--json-key=encrypt', input])
  const encrypt = (JSON.parse(run.stdout || '{}') as { encrypt?: Encrypt }).encrypt
  const can = encrypt?.capabilities ?? {}
  const encrypted = encrypt?.encrypted ?? false
  return {
    canConform: !encrypted,
    canCompress: !encrypted && !isSigned(bytes),
    allowsSign: can.modify !== false && can.modifyannotations !== false,
    allowsAnnotate: can.modifyannotations !== false,
    allowsFill: can.modifyforms !== false,
    allowsModify: can.modify !== false,
  }
}
type Encrypt = { encrypted?: boolean; capabilities?: Record<string, boolean> }

/** qpdf's structural check of a PDF: sound when it finds neither errors nor warnings. */
export async function checkPdf(
  tempDir: string,
  bytes: Uint8Array,
): Promise<{ sound: boolean; details: string[] }> {
  const run = await qpdf(tempDir, bytes, (input) => ['--check', input])
  return { sound: run.code === 0, details: findings(run) }
}

/** The PDF rewritten losslessly for `optimisation` (see {@link compressArguments}). */
export async function compressPdf(
  tempDir: string,
  bytes: Uint8Array,
  optimisation: Optimisation,
): Promise<{ pdf: Uint8Array | undefined; details: string[] }> {
  const run = await qpdf(tempDir, bytes, (input, output) => [
    ...compressArguments[optimisation],
    input,
    output,
  ])
  return { pdf: run.written, details: findings(run) }
}

/** A signature field a PDF has: its name, and where it is (page from 0, points from the bottom left). */
export type SpottedField = {
  name: string
  page: number
  x: number
  y: number
  width: number
  height: number
}

/** The signature fields of a PDF's form, as qpdf reads them (at most 200). */
export async function signatureFields(tempDir: string, bytes: Uint8Array): Promise<SpottedField[]> {
  const form = await qpdf(tempDir, bytes, (input) => ['--json=2', '--json-key=acroform', input])
  type Field = {
    fieldtype?: string
    fullname?: string
    pageposfrom1?: number
    annotation?: { object?: string }
  }
  const fields = (
    (JSON.parse(form.stdout || '{}') as { acroform?: { fields?: Field[] } }).acroform?.fields ?? []
  )
    .filter((field) => field.fieldtype === '/Sig' && typeof field.annotation?.object === 'string')
    .slice(0, 200)
  if (fields.length === 0) return []
  const refs = fields.map((field) => String(field.annotation?.object).replace(/ 0 R$/, '').replace(' ', ','))
  const objects = await qpdf(tempDir, bytes, (input) => [
    '--json=2',
    '--json-key=qpdf',
    ...refs.map((ref) => `--json-object=${ref.split(',')[0]}`),
    input,
  ])
  type Objects = { qpdf?: [unknown, Record<string, { value?: { '/Rect'?: number[] } }>] }
  const found = (JSON.parse(objects.stdout || '{}') as Objects).qpdf?.[1] ?? {}
  return fields.flatMap((field) => {
    const rect = found[`obj:${field.annotation?.object}`]?.value?.['/Rect']
    if (!Array.isArray(rect) || rect.length !== 4) return []
    const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = rect
    return [
      {
        name: field.fullname ?? '',
        page: Math.max(0, (field.pageposfrom1 ?? 1) - 1),
        x: Math.min(x1, x2),
        y: Math.min(y1, y2),
        width: Math.abs(x2 - x1),
        height: Math.abs(y2 - y1),
      },
    ]
  })
}
