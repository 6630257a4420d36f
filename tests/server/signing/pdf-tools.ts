import { execFile, spawnSync } from 'node:child_process'
import { X509Certificate } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { PDF } from '@libpdf/core'

const execFileAsync = promisify(execFile)

const created: string[] = []

/** A fresh temporary directory for one test file's PKI, PDFs and NSS database. */
export function temporaryDirectory(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `signet-${prefix}-`))
  created.push(dir)
  return dir
}

/** Removes every directory `temporaryDirectory` made in this test file. */
export function removeTemporaryDirectories(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true })
}

/** A plain A4 PDF with `pages` numbered pages, saved without object streams. */
export async function makePdf(pages: number): Promise<Uint8Array> {
  const document = PDF.create()
  for (let index = 1; index <= pages; index++) {
    const page = document.addPage({ width: 595, height: 842 })
    page.drawText(`Contract page ${index}`, { x: 72, y: 760, size: 20, font: 'Helvetica' })
  }
  return document.save()
}

/** One signature as `pdfsig` judged it. */
export type PdfsigVerdict = { signature: string; certificate: string }

/**
 * What `pdfsig` (poppler 22) says of a document timestamp, the last revision of a completed document
 * (B-LTA): it cannot check one (`validatePdf` does), so it neither validates nor rejects it.
 */
export const documentTimestamp: PdfsigVerdict = {
  signature: 'Signature has not yet been verified.',
  certificate: '',
}

/**
 * Runs `pdfsig` on the bytes (trusting the CAs in `nssDir` when given) and reads each verdict. It asks the OCSP
 * responder a certificate names, and finds a certificate whose responder does not answer untrusted ("Unknown
 * issue"; poppler 22's `-no-ocsp` reports every certificate so), hence it runs beside the event loop: the
 * responder may be the test's own server, in this process.
 */
export async function pdfsig(dir: string, bytes: Uint8Array, nssDir?: string): Promise<PdfsigVerdict[]> {
  const file = join(dir, `pdfsig-${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(file, bytes)
  const args = nssDir ? ['-nssdir', `sql:${nssDir}`, file] : [file]
  // pdfsig exits with 1 when a signature is not valid; its report is on stdout either way.
  const output = await execFileAsync('pdfsig', args, { encoding: 'utf8' }).then(
    ({ stdout }) => stdout,
    (error: { stdout?: string }) => error.stdout ?? '',
  )
  return output
    .split(/^Signature #\d+:$/m)
    .slice(1)
    .map((block) => ({
      signature: block.match(/Signature Validation: (.*)$/m)?.[1]?.trim() ?? '',
      certificate: block.match(/Certificate Validation: (.*)$/m)?.[1]?.trim() ?? '',
    }))
}

/** The text `pdftotext` reads on every page of the bytes (annotation appearances included), in reading order. */
export function pdftotext(dir: string, bytes: Uint8Array): string {
  const file = join(dir, `pdftotext-${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(file, bytes)
  const run = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr}`)
  return run.stdout
}

/**
 * Creates an NSS database in `dir` that trusts the roots (the self-signed certificates) in `caPem`, as a relying
 * party that installs the platform's `ca.pem` does; the issuing CAs come with each signature.
 */
export function trustStore(dir: string, caPem: string): string {
  const nssDir = join(dir, 'nss')
  mkdirSync(nssDir, { recursive: true })
  run('certutil', ['-N', '-d', `sql:${nssDir}`, '--empty-password'])
  const roots = pemBlocks(caPem).filter((pem) => {
    const certificate = new X509Certificate(pem)
    return certificate.subject === certificate.issuer
  })
  for (const [index, pem] of roots.entries()) {
    const caFile = join(dir, `ca-${index}.pem`)
    writeFileSync(caFile, pem)
    run('certutil', ['-A', '-d', `sql:${nssDir}`, '-n', `ca-${index}`, '-t', 'CT,C,C', '-i', caFile])
  }
  return nssDir
}

/** Each PEM block of `pem`, whole. */
export function pemBlocks(pem: string): string[] {
  return pem.match(/-----BEGIN ([A-Z ]+)-----[^-]+-----END \1-----\n?/g) ?? []
}

/** Runs `qpdf --check` and returns its exit status and output. */
export function qpdfCheck(dir: string, bytes: Uint8Array): { status: number | null; output: string } {
  const file = join(dir, `qpdf-${Date.now()}.pdf`)
  writeFileSync(file, bytes)
  const result = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`)
}

/** A page as pdftoppm draws it, in grey: `width` x `height` pixels of 0 (black) to 255 (white). */
export type PageRaster = { width: number; height: number; pixels: Uint8Array; dpi: number }

/** Draws page `page` (from 0) of the PDF with pdftoppm at `dpi`, in grey: its visible (crop) box, as the app shows it. */
export function rasterize(dir: string, bytes: Uint8Array, page: number, dpi = 36): PageRaster {
  const file = join(dir, `raster-${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(file, bytes)
  const n = String(page + 1)
  const result = spawnSync('pdftoppm', ['-gray', '-cropbox', '-r', String(dpi), '-f', n, '-l', n, file], {
    maxBuffer: 64 * 1024 * 1024,
  })
  if (result.status !== 0) throw new Error(`pdftoppm failed: ${result.stderr}`)
  // PGM: "P5\n<width> <height>\n<max>\n" then one byte per pixel.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(result.stdout.subarray(0, 64).toString('latin1'))
  if (header === null) throw new Error('pdftoppm wrote no PGM')
  const [whole = '', width = '0', height = '0'] = header
  return {
    width: Number(width),
    height: Number(height),
    pixels: new Uint8Array(result.stdout.subarray(whole.length)),
    dpi,
  }
}

/**
 * How the two drawings of a page differ, inside and outside boxes in PDF points (from the bottom-left):
 * the pixels that changed outside them, and inside them the pixels that were dark before and are no longer.
 */
export function compareRasters(
  before: PageRaster,
  after: PageRaster,
  ...boxes: { x: number; y: number; width: number; height: number }[]
): { changedOutside: number; hiddenInside: number; darkInside: number } {
  const scale = before.dpi / 72
  const pixelBoxes = boxes.map((box) => ({
    left: Math.floor(box.x * scale) - 1,
    right: Math.ceil((box.x + box.width) * scale) + 1,
    top: before.height - Math.ceil((box.y + box.height) * scale) - 1,
    bottom: before.height - Math.floor(box.y * scale) + 1,
  }))
  let changedOutside = 0
  let hiddenInside = 0
  let darkInside = 0
  for (let y = 0; y < before.height; y++) {
    for (let x = 0; x < before.width; x++) {
      const index = y * before.width + x
      const was = before.pixels[index] ?? 255
      const now = after.pixels[index] ?? 255
      const inside = pixelBoxes.some((b) => x >= b.left && x <= b.right && y >= b.top && y <= b.bottom)
      if (!inside && Math.abs(was - now) > 8) changedOutside++
      if (inside && was < 128) {
        darkInside++
        if (now > 200) hiddenInside++
      }
    }
  }
  return { changedOutside, hiddenInside, darkInside }
}
