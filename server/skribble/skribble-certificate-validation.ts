import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import type { Database } from '../db/open-database.ts'
import { ApiError } from '../http/api-error.ts'
import { describeCertificate, nameText } from '../signing/certificate-info.ts'
import { certificateStatus } from '../signing/certificate-registry.ts'
import { cryptoEngine } from '../signing/crypto-engine.ts'
import { OID } from '../signing/oids.ts'
import type { Pki } from '../signing/pki.ts'
import { qualityOf } from '../signing/validate-pdf.ts'
import type { SkribbleValidationResult } from './skribble-validation-answers.ts'

/** What judging a certificate needs: the platform's PKI (its CAs and what they revoked) and the clock. */
export type CertificateJudge = { db: Pick<Database, 'select'>; pki: Pki | undefined; now: Date }

type Verdict = { valid: boolean; details: string[]; certificate: pkijs.Certificate }

/**
 * A certificate judged at `now`: issued by one of the platform's CAs (by its signature), within its validity,
 * and not revoked by the CA's records. A certificate of another CA is not valid here: Signet knows no other
 * trust list.
 */
async function judge(judge: CertificateJudge, certificate: pkijs.Certificate): Promise<Verdict> {
  const details: string[] = []
  const issuer = await judge.pki?.issuerOf(certificate)
  if (issuer === undefined) details.push('The certificate was not issued by a CA Signet trusts')
  if (certificate.notBefore.value > judge.now || certificate.notAfter.value < judge.now)
    details.push('The current time is not in the validity range of the certificate')
  if (issuer !== undefined) {
    const serial = Buffer.from(certificate.serialNumber.valueBlock.valueHexView).toString('hex')
    const status = await certificateStatus(judge.db, issuer.ca, serial)
    if (status.status === 'revoked')
      details.push(`The certificate was revoked at ${status.revokedAt.toISOString()}`)
    if (status.status === 'unknown') details.push('The CA has no record of the certificate')
  }
  return { valid: details.length === 0, details, certificate }
}

function certificateSummary(certificate: pkijs.Certificate) {
  const serial = describeCertificate(certificate).serialNumber
  return {
    subject: nameText(certificate.subject),
    issuer: nameText(certificate.issuer),
    serialNumber: BigInt(`0x${serial || '0'}`).toString(),
  }
}

/** DER, or PEM (`-----BEGIN ...-----`), read as DER. */
function derOf(bytes: Uint8Array): Uint8Array {
  const text = Buffer.from(bytes.subarray(0, 64)).toString('latin1')
  if (!text.startsWith('-----BEGIN')) return bytes
  const body = Buffer.from(bytes)
    .toString('latin1')
    .split('\n')
    .filter((line) => !line.startsWith('-----'))
  return Buffer.from(body.join(''), 'base64')
}

function parsed<T>(bytes: Uint8Array, read: (schema: asn1js.AsnType) => T, what: string): T {
  const asn = asn1js.fromBER(Uint8Array.from(derOf(bytes)))
  try {
    if (asn.offset === -1) throw new Error('not DER')
    return read(asn.result)
  } catch {
    throw new ApiError(400, 'request.invalid', `content: not ${what}`, { field: 'content' })
  }
}

/** `POST /validate/certificate`: a certificate (DER or PEM) judged as {@link judge} does. */
export async function validateCertificate(
  context: CertificateJudge,
  id: string,
  bytes: Uint8Array,
): Promise<SkribbleValidationResult> {
  const certificate = parsed(bytes, (schema) => new pkijs.Certificate({ schema }), 'an X.509 certificate')
  const verdict = await judge(context, certificate)
  return {
    summary: { id, valid: verdict.valid },
    signer: [],
    format: { fileType: 'X509' },
    validation: {
      indication: verdict.valid ? 'TOTAL-PASSED' : 'INDETERMINATE',
      details: verdict.details,
    },
  }
}

const skribbleQuality = { qes: 'QES', aes: 'AES', ses: 'SES', unknown: 'SES' } as const

/**
 * `POST /validate/signature`: a CMS signature without its content. Each signer's certificate is judged as
 * {@link judge} does; a signature that carries its content is verified over it, and one that does not (a
 * detached signature) cannot be: its digest is never checked, so it is INDETERMINATE
 * (SIGNED_DATA_NOT_FOUND of ETSI EN 319 102-1) and not counted valid.
 */
export async function validateCmsSignature(
  context: CertificateJudge,
  id: string,
  bytes: Uint8Array,
): Promise<SkribbleValidationResult> {
  const signed = parsed(
    bytes,
    (schema) => {
      const info = new pkijs.ContentInfo({ schema })
      if (info.contentType !== OID.signedData) throw new Error('not signed data')
      return new pkijs.SignedData({ schema: info.content })
    },
    'a CMS signature',
  )
  const certificates = (signed.certificates ?? []).filter((c) => c instanceof pkijs.Certificate)
  const attached = signed.encapContentInfo.eContent !== undefined
  const signer: Record<string, unknown>[] = []
  const details: string[] = []
  let validSignatures = 0
  for (const [index, info] of signed.signerInfos.entries()) {
    const sid = info.sid
    const certificate = certificates.find(
      (c) =>
        sid instanceof pkijs.IssuerAndSerialNumber &&
        c.issuer.isEqual(sid.issuer) &&
        c.serialNumber.isEqual(sid.serialNumber),
    )
    if (certificate === undefined) {
      details.push(`Signature ${index + 1}: its signing certificate is not in the signature`)
      signer.push({ valid: false })
      continue
    }
    const verdict = await judge(context, certificate)
    const intact = attached
      ? await signed
          .verify({ signer: index, checkChain: false }, cryptoEngine)
          .then((ok) => ok === true)
          .catch(() => false)
      : false
    if (!attached)
      details.push(`Signature ${index + 1}: the signed content is not given, so it is not checked`)
    else if (!intact) details.push(`Signature ${index + 1}: the signature is not intact`)
    details.push(...verdict.details.map((detail) => `Signature ${index + 1}: ${detail}`))
    const valid = intact && verdict.valid
    if (valid) validSignatures++
    const described = describeCertificate(certificate)
    signer.push({
      valid,
      signer: described.commonName ?? described.email ?? nameText(certificate.subject),
      quality: skribbleQuality[qualityOf(described.policies)],
      certificate: certificateSummary(certificate),
      ...(described.email === null ? {} : { optionalInfos: { contact: described.email } }),
    })
  }
  const count = signed.signerInfos.length
  const valid = count > 0 && validSignatures === count
  return {
    summary: { id, valid, signatures: count, validSignatures },
    signer,
    format: { fileType: 'CMS' },
    validation: valid
      ? { indication: 'TOTAL-PASSED', details }
      : attached
        ? { indication: 'INDETERMINATE', details }
        : { indication: 'INDETERMINATE', subIndication: 'SIGNED_DATA_NOT_FOUND', details },
  }
}
