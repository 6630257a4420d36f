import { createHash } from 'node:crypto'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import { createSignedData, localSigner, RawDer, signedDataDer } from './cms.ts'
import { dottedOid, OID } from './oids.ts'
import type { ChainedKey } from './pki.ts'
import { positiveSerial } from './x509.ts'

/** Digest algorithms the timestamp authority accepts, named as WebCrypto and @libpdf/core name them. */
type TimestampDigestAlgorithm = 'SHA-256' | 'SHA-384' | 'SHA-512'

/** The platform's RFC 3161 timestamp authority, running in-process. */
export type TimestampAuthority = {
  /** Returns a DER TimeStampToken over `digest` (the shape @libpdf/core's `timestampAuthority` expects). */
  timestamp(digest: Uint8Array, algorithm: TimestampDigestAlgorithm): Promise<Uint8Array<ArrayBuffer>>
  /** Answers a DER TimeStampReq with a DER TimeStampResp, for `POST /api/pki/tsa`. */
  respond(request: Uint8Array): Promise<Uint8Array<ArrayBuffer>>
}

const digestOids: Record<TimestampDigestAlgorithm, string> = {
  'SHA-256': OID.sha256,
  'SHA-384': OID.sha384,
  'SHA-512': OID.sha512,
}
const digestLengths: Record<string, number> = { [OID.sha256]: 32, [OID.sha384]: 48, [OID.sha512]: 64 }

// PKIFailureInfo bits (RFC 3161 §2.4.2) as DER bit strings: [bytes, unused bits].
const failures = {
  badAlg: [[0x80], 7],
  badDataFormat: [[0x04], 2],
  unacceptedPolicy: [[0x00, 0x01], 0],
} as const satisfies Record<string, readonly [readonly number[], number]>

/**
 * Creates the timestamp authority around the PKI's TSA certificate and its chain; its tokens are dated by
 * the server's clock `now`.
 */
export function createTimestampAuthority(tsa: ChainedKey, now: () => Date): TimestampAuthority {
  const { chain } = tsa
  async function token(
    hashAlgorithm: string,
    hashedMessage: Uint8Array,
    nonce: asn1js.Integer | undefined,
    withCertificates: boolean,
  ): Promise<Uint8Array<ArrayBuffer>> {
    const tstInfo = new pkijs.TSTInfo({
      version: 1,
      policy: OID.policyTsa,
      messageImprint: new pkijs.MessageImprint({
        hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: hashAlgorithm }),
        hashedMessage: new asn1js.OctetString({ valueHex: hashedMessage }),
      }),
      serialNumber: new asn1js.Integer({ valueHex: positiveSerial() }),
      // Whole seconds: DER forbids trailing zeros in fractions, and a second is our stated accuracy.
      genTime: new Date(Math.floor(now().getTime() / 1000) * 1000),
      accuracy: new pkijs.Accuracy({ seconds: 1 }),
      // pkijs writes a default (empty) nonce for a key that is present but undefined.
      ...(nonce ? { nonce } : {}),
    })
    const content = new Uint8Array(tstInfo.toSchema().toBER(false))
    const signedData = await createSignedData({
      signer: localSigner(tsa.der, tsa.key, chain),
      contentType: OID.tstInfo,
      contentDigest: new Uint8Array(createHash('sha256').update(content).digest()),
      content,
    })
    return signedDataDer(signedData, withCertificates ? [tsa.der, ...chain] : [])
  }

  return {
    timestamp: (digest, algorithm) => token(digestOids[algorithm], digest, undefined, true),
    respond: async (requestDer) => {
      let request: pkijs.TimeStampReq
      try {
        request = pkijs.TimeStampReq.fromBER(Uint8Array.from(requestDer))
      } catch {
        return rejection(failures.badDataFormat)
      }
      const algorithm = request.messageImprint.hashAlgorithm.algorithmId
      const hashed = request.messageImprint.hashedMessage.valueBlock.valueHexView
      if (digestLengths[algorithm] !== hashed.byteLength) return rejection(failures.badAlg)
      const policy = requestedPolicy(requestDer)
      if (policy && policy !== OID.policyTsa) return rejection(failures.unacceptedPolicy)
      const tokenDer = await token(algorithm, hashed, request.nonce, request.certReq === true)
      const status = new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }).toSchema()
      return new Uint8Array(
        new asn1js.Sequence({ value: [status, new RawDer(tokenDer).asBlock()] }).toBER(false),
      )
    },
  }
}

function rejection([bytes, unusedBits]: readonly [readonly number[], number]): Uint8Array<ArrayBuffer> {
  const response = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({
      status: pkijs.PKIStatus.rejection,
      failInfo: new asn1js.BitString({ valueHex: new Uint8Array(bytes).buffer, unusedBits }),
    }),
  })
  return new Uint8Array(response.toSchema().toBER(false))
}

// pkijs keeps reqPolicy only as asn1js's string, which garbles long arcs: read the OID itself.
function requestedPolicy(requestDer: Uint8Array): string | null {
  const parsed = asn1js.fromBER(Uint8Array.from(requestDer)).result
  if (!(parsed instanceof asn1js.Sequence)) return null
  const policy = parsed.valueBlock.value.find((item) => item instanceof asn1js.ObjectIdentifier)
  return policy instanceof asn1js.ObjectIdentifier ? dottedOid(policy) : null
}
