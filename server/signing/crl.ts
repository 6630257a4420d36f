import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import { type RevokedCertificate, revokedCertificates } from './certificate-registry.ts'
import { cryptoEngine } from './crypto-engine.ts'
import { type RevocationServices, reasonCodes } from './ocsp.ts'
import { OID } from './oids.ts'
import type { CertifiedKey, PlatformCa } from './pki.ts'
import { extension, pkixTime } from './x509.ts'

/** How long a CRL may be relied on (its nextUpdate after thisUpdate). */
const crlValidityMs = 24 * 60 * 60 * 1000

/**
 * The current CRL (RFC 5280 v2) of one of the platform's CAs, DER, signed by that CA: every certificate it
 * issued that is revoked, with the time and reason. Its number is its thisUpdate in seconds, which grows
 * with the server's clock as RFC 5280 §5.2.3 asks.
 */
export async function certificateRevocationList(
  services: RevocationServices,
  issuer: PlatformCa,
): Promise<Uint8Array<ArrayBuffer>> {
  return signedCrl(issuer, await revokedCertificates(services.db, issuer.ca), services.now())
}

/**
 * A CRL (RFC 5280 v2) of `issuer`, DER, signed by it, as of `at`, valid a day: `revoked` with their times and
 * reasons; numbered by its thisUpdate in seconds.
 */
export async function signedCrl(
  issuer: Pick<CertifiedKey, 'certificate' | 'key'>,
  revoked: RevokedCertificate[],
  at: Date,
): Promise<Uint8Array<ArrayBuffer>> {
  const seconds = Math.floor(at.getTime() / 1000)
  const thisUpdate = new Date(seconds * 1000)
  const authorityKeyId = issuer.certificate.extensions?.find(
    (candidate) => candidate.extnID === OID.subjectKeyIdentifier,
  )
  const crl = new pkijs.CertificateRevocationList({
    version: 1,
    issuer: issuer.certificate.subject,
    thisUpdate: pkixTime(thisUpdate),
    nextUpdate: pkixTime(new Date(thisUpdate.getTime() + crlValidityMs)),
    ...(revoked.length === 0
      ? {}
      : {
          revokedCertificates: revoked.map(
            (entry) =>
              new pkijs.RevokedCertificate({
                userCertificate: new asn1js.Integer({ valueHex: Buffer.from(entry.serial, 'hex') }),
                revocationDate: pkixTime(entry.revokedAt),
                crlEntryExtensions: new pkijs.Extensions({
                  extensions: [
                    extension(
                      OID.crlReason,
                      false,
                      new asn1js.Enumerated({ value: reasonCodes[entry.reason] }),
                    ),
                  ],
                }),
              }),
          ),
        }),
    crlExtensions: new pkijs.Extensions({
      extensions: [
        ...(authorityKeyId
          ? [
              extension(
                OID.authorityKeyIdentifier,
                false,
                new pkijs.AuthorityKeyIdentifier({
                  keyIdentifier: asn1js.fromBER(authorityKeyId.extnValue.valueBlock.valueHexView)
                    .result as asn1js.OctetString,
                }).toSchema(),
              ),
            ]
          : []),
        extension(OID.crlNumber, false, new asn1js.Integer({ value: seconds })),
      ],
    }),
  })
  await crl.sign(issuer.key, 'SHA-256', cryptoEngine)
  return new Uint8Array(crl.toSchema(true).toBER(false))
}
