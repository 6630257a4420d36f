/**
 * A certificate authority of the platform's PKI, as its CRL and certificate paths name it
 * (`/api/pki/crl/issuing.crl`): the root, the first issuing CA, and each later issuing CA by its certificate's
 * serial (lowercase hex), which the root gave a new key before the one before it ended.
 */
export type PkiCa = 'root' | 'issuing' | `issuing-${string}`

/** The name of an issuing CA that came after the first, by its certificate's serial (lowercase hex). */
export function renewedIssuingCa(serial: string): PkiCa {
  return `issuing-${serial}`
}

const caFile = /^(root|issuing(?:-[0-9a-f]+)?)\.(crl|cer)$/

/**
 * The CA a file of `GET /api/pki/crl/{file}` (`.crl`) or `GET /api/pki/ca/{file}` (`.cer`) names, by its form;
 * undefined for a file of another form.
 */
export function pkiCaOfFile(file: string, extension: 'crl' | 'cer'): PkiCa | undefined {
  const [, ca, found] = caFile.exec(file) ?? []
  return found === extension ? (ca as PkiCa) : undefined
}
