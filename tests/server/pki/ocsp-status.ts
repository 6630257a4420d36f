import { execFile } from 'node:child_process'
import { X509Certificate } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { apiBase, apiPaths } from '../../../contract/paths.ts'
import { pemBlocks, temporaryDirectory } from '../signing/pdf-tools.ts'

const execFileAsync = promisify(execFile)

/** What an OCSP responder said of one certificate, as `openssl ocsp` prints it. */
export type OcspVerdict = { status: string; reason?: string }

/**
 * Asks the server's OCSP responder, with `openssl ocsp`, about the certificate `serial` (hex) of its issuing
 * CA (`issuer`: 0 the first, 1 the one after it, as `ca.pem` lists them after the roots), and checks the answer is signed for
 * that CA. Answers dated by a server clock that a test moved ahead
 * are accepted (`-validity_period`). The caller removes the temporary directories (removeTemporaryDirectories).
 */
export async function ocspStatus(serverUrl: string, serial: string, issuer = 0): Promise<OcspVerdict> {
  const dir = temporaryDirectory('ocsp')
  const caPem = await (await fetch(`${serverUrl}${apiBase}${apiPaths.pkiCa()}`)).text()
  // The issuing CAs follow the roots, which certify themselves.
  const issuingCas = pemBlocks(caPem).filter((pem) => {
    const certificate = new X509Certificate(pem)
    return certificate.subject !== certificate.issuer
  })
  const issuing = issuingCas[issuer] ?? ''
  writeFileSync(join(dir, 'ca.pem'), caPem)
  writeFileSync(join(dir, 'issuing.pem'), issuing)
  const { stdout, stderr } = await execFileAsync('openssl', [
    'ocsp',
    '-issuer',
    join(dir, 'issuing.pem'),
    '-serial',
    `0x${serial}`,
    '-url',
    `${serverUrl}${apiBase}${apiPaths.pkiOcsp()}`,
    '-CAfile',
    join(dir, 'ca.pem'),
    '-validity_period',
    String(10 * 365 * 24 * 3600),
  ])
  if (!stderr.includes('Response verify OK')) throw new Error(`openssl ocsp: ${stderr}`)
  const status = new RegExp(`^0x${serial}: (\\w+)$`, 'im').exec(stdout)?.[1] ?? stdout
  const reason = /Reason: (\w+)/.exec(stdout)?.[1]
  return reason === undefined ? { status } : { status, reason }
}
