/** Wraps DER bytes in a PEM block (`label` e.g. `CERTIFICATE`, `PRIVATE KEY`). */
export function toPem(label: string, der: Uint8Array): string {
  const base64 = Buffer.from(der).toString('base64')
  const lines = base64.match(/.{1,64}/g) ?? []
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`
}

/** Reads every PEM block with the given label, in order, as DER bytes. */
export function fromPem(label: string, pem: string): Uint8Array<ArrayBuffer>[] {
  const pattern = new RegExp(`-----BEGIN ${label}-----([^-]+)-----END ${label}-----`, 'g')
  return [...pem.matchAll(pattern)].map(
    (match) => new Uint8Array(Buffer.from((match[1] ?? '').replace(/\s+/g, ''), 'base64')),
  )
}
