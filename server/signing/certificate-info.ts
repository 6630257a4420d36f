import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import { dottedOid, OID } from './oids.ts'

/** What a report shows of one certificate. */
export type CertificateInfo = {
  commonName: string | null
  email: string | null
  organization: string | null
  organizationalUnit: string | null
  issuerCommonName: string | null
  /** Serial number, lower-case hex. */
  serialNumber: string
  notBefore: Date
  notAfter: Date
  /** Certificate policy OIDs. */
  policies: string[]
}

/** Reads the names, validity and policies of a certificate. */
export function describeCertificate(certificate: pkijs.Certificate): CertificateInfo {
  return {
    commonName: nameAttribute(certificate.subject, OID.commonName),
    email: nameAttribute(certificate.subject, OID.emailAddress) ?? alternativeEmail(certificate),
    organization: nameAttribute(certificate.subject, OID.organizationName),
    organizationalUnit: nameAttribute(certificate.subject, OID.organizationalUnitName),
    issuerCommonName: nameAttribute(certificate.issuer, OID.commonName),
    serialNumber: Buffer.from(certificate.serialNumber.valueBlock.valueHexView).toString('hex'),
    notBefore: certificate.notBefore.value,
    notAfter: certificate.notAfter.value,
    policies: policies(certificate),
  }
}

const shortNames: Record<string, string> = {
  [OID.commonName]: 'CN',
  [OID.countryName]: 'C',
  [OID.organizationName]: 'O',
  [OID.organizationalUnitName]: 'OU',
  [OID.organizationIdentifier]: 'organizationIdentifier',
  [OID.emailAddress]: 'emailAddress',
}

/** A name as RFC 4514 writes it, most specific attribute first (`CN=Ann Example,O=Signet`). */
export function nameText(name: pkijs.RelativeDistinguishedNames): string {
  return name.typesAndValues
    .map((entry) => {
      const value = (entry.value.valueBlock as { value?: unknown }).value
      const text = typeof value === 'string' ? value.replace(/[\\,+"<>;=]/g, '\\$&') : ''
      return `${shortNames[entry.type] ?? entry.type}=${text}`
    })
    .reverse()
    .join(',')
}

function nameAttribute(name: pkijs.RelativeDistinguishedNames, type: string): string | null {
  const entry = name.typesAndValues.find((candidate) => candidate.type === type)
  if (!entry) return null
  const value = entry.value.valueBlock as { value?: unknown }
  return typeof value.value === 'string' ? value.value : null
}

function alternativeEmail(certificate: pkijs.Certificate): string | null {
  const extension = certificate.extensions?.find((candidate) => candidate.extnID === OID.subjectAltName)
  if (!extension) return null
  const names = extension.parsedValue
  if (!(names instanceof pkijs.GeneralNames)) return null
  const email = names.names.find((name) => name.type === 1)
  return typeof email?.value === 'string' ? email.value : null
}

function policies(certificate: pkijs.Certificate): string[] {
  const extension = certificate.extensions?.find((candidate) => candidate.extnID === OID.certificatePolicies)
  if (!extension) return []
  const asn1 = asn1js.fromBER(extension.extnValue.valueBlock.valueHexView)
  if (!(asn1.result instanceof asn1js.Sequence)) return []
  return asn1.result.valueBlock.value.flatMap((information) => {
    const identifier = information instanceof asn1js.Sequence ? information.valueBlock.value[0] : undefined
    return identifier instanceof asn1js.ObjectIdentifier ? [dottedOid(identifier)] : []
  })
}
