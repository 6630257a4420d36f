/** The certificate authorities of the platform's PKI, as its CRL paths name them (`/api/pki/crl/issuing.crl`). */
export const pkiCas = ['root', 'issuing'] as const

/** One of {@link pkiCas}. */
export type PkiCa = (typeof pkiCas)[number]

/** The CRL files the platform publishes, one per CA: the `{file}` of `GET /api/pki/crl/{file}`. */
export const crlFiles = pkiCas.map((ca) => `${ca}.crl` as const)

/** The certificate of each CA, DER: the `{file}` of `GET /api/pki/ca/{file}`, which certificates name (caIssuers). */
export const caCertificateFiles = pkiCas.map((ca) => `${ca}.cer` as const)
