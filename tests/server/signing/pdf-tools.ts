import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PDFDocument, StandardFonts } from 'pdf-lib'

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
  const document = await PDFDocument.create()
  const font = await document.embedFont(StandardFonts.Helvetica)
  for (let index = 1; index <= pages; index++) {
    const page = document.addPage([595, 842])
    page.drawText(`Contract page ${index}`, { x: 72, y: 760, size: 20, font })
  }
  return document.save({ useObjectStreams: false })
}

/** One signature as `pdfsig` judged it. */
export type PdfsigVerdict = { signature: string; certificate: string }

/** Runs `pdfsig` on the bytes (trusting the CAs in `nssDir` when given) and reads each verdict. */
export function pdfsig(dir: string, bytes: Uint8Array, nssDir?: string): PdfsigVerdict[] {
  const file = join(dir, `pdfsig-${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(file, bytes)
  const args = nssDir ? ['-nssdir', `sql:${nssDir}`, file] : [file]
  const output = spawnSync('pdfsig', args, { encoding: 'utf8' }).stdout
  return output
    .split(/^Signature #\d+:$/m)
    .slice(1)
    .map((block) => ({
      signature: block.match(/Signature Validation: (.*)$/m)?.[1]?.trim() ?? '',
      certificate: block.match(/Certificate Validation: (.*)$/m)?.[1]?.trim() ?? '',
    }))
}

/** Creates an NSS database in `dir` that trusts the CA certificates in `caPem`. */
export function trustStore(dir: string, caPem: string): string {
  const nssDir = join(dir, 'nss')
  mkdirSync(nssDir, { recursive: true })
  const caFile = join(dir, 'ca.pem')
  writeFileSync(caFile, caPem)
  run('certutil', ['-N', '-d', `sql:${nssDir}`, '--empty-password'])
  run('certutil', ['-A', '-d', `sql:${nssDir}`, '-n', 'ca', '-t', 'CT,C,C', '-i', caFile])
  return nssDir
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
