/**
 * A certificate authority of the platform's PKI, as its CRL and certificate paths name it
 * (`/api/pki/crl/issuing.crl`): the first root and the first issuing CA, each later root by its certificate's
 * serial (lowercase hex), which came before the one before it ended, and each later issuing CA likewise.
 */
export type PkiCa = 'root' | `root-${string}` | 'issuing' | `issuing-${string}`

/** The name of an issuing CA that came after the first, by its certificate's serial (lowercase hex). */
export function renewedIssuingCa(serial: string): PkiCa {
  return `issuing-${serial}`
}

/** The name of a root CA that came after the first, by its certificate's serial (lowercase hex). */
export function renewedRootCa(serial: string): PkiCa {
  return `root-${serial}`
}

/** Whether `ca` is one of the platform's roots (the first or a later one), which no other CA certifies. */
export function isRootCa(ca: PkiCa): boolean {
  return ca === 'root' || ca.startsWith('root-')
}

const caFile = /^((?:root|issuing)(?:-[0-9a-f]+)?)\.(crl|cer)$/

/**
 * The CA a file of `GET /api/pki/crl/{file}` (`.crl`) or `GET /api/pki/ca/{file}` (`.cer`) names, by its form;
 * undefined for a file of another form.
 */
export function pkiCaOfFile(file: string, extension: 'crl' | 'cer'): PkiCa | undefined {
  const [, ca, found] = caFile.exec(file) ?? []
  return found === extension ? (ca as PkiCa) : undefined
}
