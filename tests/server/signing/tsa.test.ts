import { createHash } from 'node:crypto'
import { join } from 'node:path'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cryptoEngine } from '../../../server/signing/crypto-engine.ts'
import { dottedOid, OID } from '../../../server/signing/oids.ts'
import { loadOrCreatePki, type Pki } from '../../../server/signing/pki.ts'
import { createTimestampAuthority, type TimestampAuthority } from '../../../server/signing/tsa.ts'
import { createTestClock } from '../accounts/accounts-client.ts'
import { testKeys } from '../keys/test-key-ring.ts'
import { removeTemporaryDirectories, temporaryDirectory } from './pdf-tools.ts'

afterAll(removeTemporaryDirectories)

let pki: Pki
let tsa: TimestampAuthority
const clock = createTestClock(new Date())

beforeAll(async () => {
  pki = await loadOrCreatePki({
    dir: join(temporaryDirectory('tsa'), 'pki'),
    keys: testKeys,
    production: false,
  })
  tsa = createTimestampAuthority(pki.tsa, clock.now)
})

function readToken(der: Uint8Array) {
  const signedData = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(Uint8Array.from(der)).content })
  const eContent = signedData.encapContentInfo.eContent
  if (!eContent) throw new Error('token without TSTInfo')
  return { signedData, tstInfo: pkijs.TSTInfo.fromBER(new Uint8Array(eContent.getValue())) }
}

function request(fields: { digest: Uint8Array; nonce?: number; certReq?: boolean; policy?: string }) {
  return new Uint8Array(
    new pkijs.TimeStampReq({
      version: 1,
      messageImprint: new pkijs.MessageImprint({
        hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
        hashedMessage: new asn1js.OctetString({ valueHex: fields.digest }),
      }),
      ...(fields.nonce === undefined ? {} : { nonce: new asn1js.Integer({ value: fields.nonce }) }),
      ...(fields.certReq === undefined ? {} : { certReq: fields.certReq }),
      ...(fields.policy === undefined ? {} : { reqPolicy: fields.policy }),
    })
      .toSchema()
      .toBER(false),
  )
}

describe('createTimestampAuthority', () => {
  it('returns a token that verifies, binds the digest, is dated by the server clock and chains to the root', async () => {
    const data = new TextEncoder().encode('signature value')
    const digest = new Uint8Array(createHash('sha256').update(data).digest())
    // The server's clock, not the system's, dates the token: moved an hour on, the token says so.
    clock.advance(60 * 60 * 1000)
    const { signedData, tstInfo } = readToken(await tsa.timestamp(digest, 'SHA-256'))

    expect(signedData.encapContentInfo.eContentType).toBe(OID.tstInfo)
    const raw = asn1js.fromBER(signedData.encapContentInfo.eContent?.getValue() ?? new ArrayBuffer(0))
    const policy = (raw.result as asn1js.Sequence).valueBlock.value[1] as asn1js.ObjectIdentifier
    expect(dottedOid(policy)).toBe(OID.policyTsa)
    expect(Buffer.from(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView).equals(digest)).toBe(
      true,
    )
    expect(tstInfo.genTime.getTime()).toBe(Math.floor(clock.now().getTime() / 1000) * 1000)

    const result = await signedData.verify(
      {
        signer: 0,
        data: data.buffer,
        trustedCerts: [pki.root.certificate],
        checkChain: true,
        extendedMode: true,
      },
      cryptoEngine,
    )
    expect(result.signatureVerified).toBe(true)
    expect(result.signerCertificate?.serialNumber.isEqual(pki.tsa.certificate.serialNumber)).toBe(true)
    await expect(
      signedData.verify({ signer: 0, data: new TextEncoder().encode('other').buffer }, cryptoEngine),
    ).rejects.toThrow()
  })

  it('answers an RFC 3161 request with a granted response echoing the nonce', async () => {
    const digest = new Uint8Array(32).fill(7)
    const response = pkijs.TimeStampResp.fromBER(
      await tsa.respond(request({ digest, nonce: 4242, certReq: true })),
    )
    expect(response.status.status).toBe(pkijs.PKIStatus.granted)
    const token = response.timeStampToken
    if (!token) throw new Error('no token')
    const { signedData, tstInfo } = readToken(new Uint8Array(token.toSchema().toBER(false)))
    expect(tstInfo.nonce?.valueBlock.valueDec).toBe(4242)
    expect(signedData.certificates?.length).toBeGreaterThan(0)

    const bare = pkijs.TimeStampResp.fromBER(await tsa.respond(request({ digest })))
    const bareToken = bare.timeStampToken
    if (!bareToken) throw new Error('no token')
    // Without certReq the token must carry no certificates (RFC 3161 §2.4.1).
    expect(
      readToken(new Uint8Array(bareToken.toSchema().toBER(false))).signedData.certificates,
    ).toBeUndefined()
  })

  it('rejects malformed requests, wrong digest lengths and foreign policies', async () => {
    const garbage = pkijs.TimeStampResp.fromBER(await tsa.respond(new Uint8Array([1, 2, 3])))
    expect(garbage.status.status).toBe(pkijs.PKIStatus.rejection)
    const short = pkijs.TimeStampResp.fromBER(await tsa.respond(request({ digest: new Uint8Array(20) })))
    expect(short.status.status).toBe(pkijs.PKIStatus.rejection)
    const ours = pkijs.TimeStampResp.fromBER(
      await tsa.respond(request({ digest: new Uint8Array(32), policy: OID.policyTsa })),
    )
    expect(ours.status.status).toBe(pkijs.PKIStatus.granted)
    const foreign = pkijs.TimeStampResp.fromBER(
      await tsa.respond(request({ digest: new Uint8Array(32), policy: '1.2.3.4' })),
    )
    expect(foreign.status.status).toBe(pkijs.PKIStatus.rejection)
    expect(foreign.timeStampToken).toBeUndefined()
  })
})
