import { verify, X509Certificate } from 'node:crypto'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import { mobileSigningPaths } from '../../../contract/mobile-signing.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { signAnswerSchema } from '../../../contract/signing.ts'
import { validationReportSchema } from '../../../contract/validation.ts'
import { createCscSigningProvider } from '../../../server/providers/csc/csc-signing-provider.ts'
import { RemoteSigningUnavailable } from '../../../server/providers/csc/remote-signing-provider.ts'
import {
  type SandboxCscServer,
  startSandboxCscServer,
} from '../../../server/providers/csc/sandbox-csc-server.ts'
import { fromPem } from '../../../server/signing/pem.ts'
import { validatePdf } from '../../../server/signing/validate-pdf.ts'
import { readJson } from '../accounts/accounts-client.ts'
import { identifyQualified } from '../identification/identify-qualified.ts'
import { reportText, requestEvents } from '../signature-requests/request-history.ts'
import {
  documentTimestamp,
  makePdf,
  pdfsig,
  removeTemporaryDirectories,
  temporaryDirectory,
  trustStore,
} from '../signing/pdf-tools.ts'
import { type SigningClient, startSigningClient } from '../signing/signing-client.ts'

afterAll(removeTemporaryDirectories)

const client = { clientId: 'signet-tests', clientSecret: 'csc-client-secret-of-the-tests' }
const mobile = '+41791234567'

// Through the app's routes with each control level: SCAL 2 binds the authorisation to the documents' hashes.
describe.each(['1', '2'] as const)(
  'qualified signatures made by a QTSP through the CSC API (the sandbox CSC server, SCAL %s)',
  (scal) => {
    let csc: SandboxCscServer
    let api: SigningClient
    let owner: string
    let quinn: string
    let identification: string

    beforeAll(async () => {
      csc = await startSandboxCscServer(client, 0, scal)
      api = await startSigningClient('pglite', {
        identificationSandboxSecret: 'identification-sandbox-secret-of-the-tests-0123456789',
        csc: { baseUrl: csc.baseUrl, ...client, trustAnchors: [csc.root] },
      })
      owner = await api.signUp('owner@example.com')
      quinn = await api.signUp('quinn@example.com')
      identification = await identifyQualified(api, quinn)
      // Quinn chooses the qualified standard as the default: a request that asks for none signs qualified.
      await readJson(
        await api.call('PUT', apiPaths.user(), {
          token: quinn,
          body: { attributes: { default_quality: ['qes'] } },
        }),
      )
      const seen = await api.mailIds()
      const sent = await readJson(
        await api.call('POST', mobileSigningPaths.registerMobile(), { token: quinn, body: { mobile } }),
        201,
      )
      await readJson(
        await api.call('POST', mobileSigningPaths.confirmMobile(), {
          token: quinn,
          body: { id: sent.id, secret: await smsPassword(seen) },
        }),
      )
    }, 60_000)

    afterAll(async () => {
      await api?.server.stop()
      await csc?.close()
    })

    /** The one-time password of the newest SMS to Quinn's phone not in `seen`. */
    async function smsPassword(seen: Set<string>): Promise<string> {
      const sms = await api.waitForMail(`${mobile.replace(/\D/g, '')}@sms.invalid`, /^SMS to/, seen)
      const password = /\b(\d{6})\b/.exec(sms.text)?.[1]
      if (password === undefined) throw new Error(`no password in ${sms.text}`)
      return password
    }

    it('offers the identified signer a qualified signature, not a demo one, while a QTSP makes them', async () => {
      expect(
        await readJson(await api.call('GET', apiPaths.signatureQualitiesDetail(), { token: quinn })),
      ).toMatchObject({ qes: { zertes: { quality: 'qes' } } })
    })

    it('signs with the QTSP’s key and certificate, once it can be reached: the PDF validates with its chain', async () => {
      // Two documents: one authorisation signs both.
      const request = await api.openRequest(
        owner,
        'Deed',
        ['quinn@example.com'],
        [await makePdf(1), await makePdf(2)],
      )
      // One SMS a minute: the registration's went just now.
      api.clock.advance(60_000)
      const seen = await api.mailIds()
      const [started] = await api.signed(quinn, [{ signature_request_id: request.id }])
      expect(started).toMatchObject({ result: 'mobile_aes', mobileSigningId: expect.any(String) })
      const password = await smsPassword(seen)
      const proceed = () =>
        api.call('POST', mobileSigningPaths.proceed('mobileid', started?.mobileSigningId ?? ''), {
          token: quinn,
          body: { pwdotp: password },
        })
      // While the QTSP is out of reach: 503, nothing signed, and the same password works once it is back.
      await csc.close()
      await api.expectError(await proceed(), 503, 'server.unavailable')
      expect((await api.getRequest(owner, request.id)).signatures[0]?.status).toBe('OPEN')
      await csc.reopen()
      expect(v.parse(signAnswerSchema, toCamelCase(await readJson(await proceed()))).results).toEqual([
        { signatureRequestId: request.id, result: 'complete', statusOverall: 'SIGNED' },
      ])

      // The QTSP was told, in every call about Quinn's credential, which identification their certificate rests
      // on; the audit trail records what was handed over.
      const evidence = { provider: 'zertes', mode: 'video', reference: identification }
      const handedOver = JSON.stringify({
        identification: { provider: 'zertes', method: 'video', reference: identification },
      })
      expect(csc.clientData.filter((call) => call.userId === 'quinn@example.com')).toEqual([
        // The call while the QTSP was out of reach never arrived.
        { method: 'credentials/list', userId: 'quinn@example.com', clientData: handedOver },
        { method: 'credentials/authorize', userId: 'quinn@example.com', clientData: handedOver },
        { method: 'signatures/signHash', userId: 'quinn@example.com', clientData: handedOver },
        { method: 'signatures/signHash', userId: 'quinn@example.com', clientData: handedOver },
      ])
      const [signedEvent] = (await requestEvents(api, owner, request.id)).filter(
        (event) => event.type === 'signed',
      )
      expect(signedEvent?.detail).toMatchObject({
        quality: 'qes',
        verifications: expect.arrayContaining([{ method: 'identification', ...evidence }]),
        handedToQtsp: evidence,
      })
      // The request's report says what was handed over, as its history does.
      expect(await reportText(api, owner, request.id, temporaryDirectory('csc-report'))).toContain(
        `Identification handed to the trust service provider: video identification (ZertES), reference ${identification}`,
      )

      const bytes = await api.downloadSigned(owner, request.documents[0]?.id ?? '')
      const dir = temporaryDirectory('csc-signing')
      // pdfsig trusts the signature with the QTSP's root alone; the completed document ends with its timestamp.
      expect(await pdfsig(dir, bytes, trustStore(dir, csc.caPem))).toEqual([
        { signature: 'Signature is Valid.', certificate: 'Certificate is Trusted.' },
        documentTimestamp,
      ])
      const report = await validatePdf(bytes, { trustedRoots: [csc.root] })
      if (report.status !== 'ok') throw new Error('unreadable')
      expect(
        report.signatures.map((s) => [
          s.signer?.commonName,
          s.signer?.issuerCommonName,
          s.quality,
          s.trusted,
          s.intact,
        ]),
      ).toEqual([
        ['quinn@example.com', 'Signet CSC Sandbox Root CA', 'qes', true, true],
        ['Signet Timestamp Authority', 'Signet Issuing CA', 'unknown', false, true],
      ])
      // /validate trusts the QTSP's root (CSC_TRUST_ANCHORS) and judges the document from its DSS alone, which
      // holds the QTSP's OCSP answer for the signer's certificate: B-LTA and valid with the QTSP out of reach.
      await csc.close()
      const form = new FormData()
      form.set('file', new Blob([bytes as BlobPart], { type: 'application/pdf' }), 'deed.pdf')
      const validated = v.parse(
        validationReportSchema,
        await readJson(
          await fetch(`${api.server.url}/api${apiPaths.validate()}`, { method: 'POST', body: form }),
        ),
      )
      await csc.reopen()
      expect(
        validated.signatures.map((s) => [
          s.kind,
          s.signer?.commonName,
          s.trusted,
          s.intact,
          s.level,
          s.revocation,
        ]),
      ).toEqual([
        [
          'signature',
          'quinn@example.com',
          true,
          true,
          'B-LTA',
          { status: 'good', revokedAt: null, source: 'document' },
        ],
        ['document_timestamp', 'Signet Timestamp Authority', true, true, null, null],
      ])
      // The second document, signed under the same authorisation, holds as well.
      const other = await validatePdf(await api.downloadSigned(owner, request.documents[1]?.id ?? ''), {
        trustedRoots: [csc.root],
      })
      if (other.status !== 'ok') throw new Error('unreadable')
      expect(other.signatures.map((s) => [s.signer?.commonName, s.trusted, s.intact, s.level])).toEqual([
        ['quinn@example.com', true, true, 'B-LTA'],
        ['Signet Timestamp Authority', false, true, null],
      ])
      // The platform's own CA did not issue the signer's certificate.
      const platformCa = await (await fetch(`${api.server.url}/api${apiPaths.pkiCa()}`)).text()
      const byPlatform = await validatePdf(bytes, {
        trustedRoots: fromPem('CERTIFICATE', platformCa).slice(0, 1),
      })
      if (byPlatform.status !== 'ok') throw new Error('unreadable')
      expect(byPlatform.signatures.map((s) => s.trusted)).toEqual([false, true])
    })

    it.runIf(scal === '1')(
      'tells the QTSP refusing this app or the password apart, naming the CSC method and its error',
      async () => {
        const request = {
          userId: 'quinn@example.com',
          oneTimePassword: '123456',
          numSignatures: 1,
          description: 'Deed',
        }
        const options = { ...client, baseUrl: csc.baseUrl, trustAnchors: [csc.root] }
        const wrongSecret = createCscSigningProvider({ ...options, clientSecret: 'wrong' })
        await expect(wrongSecret.authorize(request)).rejects.toThrow(
          new RemoteSigningUnavailable('CSC oauth2/token answered 401: invalid_client'),
        )
        const provider = createCscSigningProvider(options)
        await expect(provider.authorize({ ...request, oneTimePassword: '' })).rejects.toThrow(
          new RemoteSigningUnavailable('CSC credentials/authorize answered 400: invalid_otp'),
        )
        // One authorisation signs as many hashes as it was asked for, and no more.
        const signer = await provider.authorize(request)
        await signer.sign(new Uint8Array([0x31, 0]))
        await expect(signer.sign(new Uint8Array([0x31, 0]))).rejects.toThrow(
          new RemoteSigningUnavailable('CSC signatures/signHash answered 400: invalid_request'),
        )
      },
    )

    // Last: Quinn's certificate stays revoked. With SCAL 2 the QTSP does not say so itself: its CA's OCSP does.
    it('refuses to sign with a certificate the QTSP revoked before the signing, and writes nothing', async () => {
      const request = await api.openRequest(owner, 'Will', ['quinn@example.com'], [await makePdf(1)])
      api.clock.advance(60_000)
      const seen = await api.mailIds()
      const [started] = await api.signed(quinn, [{ signature_request_id: request.id }])
      const password = await smsPassword(seen)
      await csc.revoke('quinn@example.com', { quietly: scal === '2' })
      const calls = csc.clientData.length
      const answer = await api.call(
        'POST',
        mobileSigningPaths.proceed('mobileid', started?.mobileSigningId ?? ''),
        { token: quinn, body: { pwdotp: password } },
      )
      expect(answer.status).toBe(409)
      expect(await answer.json()).toMatchObject({
        code: 'signing.certificate_unusable',
        message: expect.stringContaining('is revoked'),
      })
      // The QTSP was asked for no authorisation nor signature; the request, its signer and its document are as
      // they were, and its history records no signature.
      expect(csc.clientData.slice(calls).map((call) => call.method)).toEqual(['credentials/list'])
      const view = await api.getRequest(owner, request.id)
      expect(view.statusOverall).toBe('OPEN')
      expect(view.signatures[0]).toMatchObject({ status: 'OPEN', signedAt: null })
      const download = await api.call(
        'GET',
        apiPaths.documentDownload(request.documents[0]?.id ?? '', true),
        { token: owner },
      )
      expect(download.status).toBe(404)
      expect((await requestEvents(api, owner, request.id)).map((event) => event.type)).not.toContain('signed')
    })
  },
)

describe('a SCAL 2 credential at the sandbox CSC server', () => {
  it('authorises a SCAL 2 credential for exactly the hashes of the prepared signatures, and no other', async () => {
    const scal2 = await startSandboxCscServer(client, 0, '2')
    try {
      const provider = createCscSigningProvider({
        ...client,
        baseUrl: scal2.baseUrl,
        trustAnchors: [scal2.root],
      })
      const signer = await provider.authorize({
        userId: 'rita@example.com',
        oneTimePassword: '123456',
        numSignatures: 2,
        description: 'Deeds',
      })
      const [first, second, other] = [1, 2, 3].map((n) => new Uint8Array([0x31, 1, n]))
      if (first === undefined || second === undefined || other === undefined) throw new Error('three')
      await expect(signer.sign(first)).rejects.toThrow(/once its hashes are bound/)
      await signer.bind?.([first, second])
      // Not a hash it was authorised for, though the SAD has two signatures left.
      await expect(signer.sign(other)).rejects.toThrow(
        new RemoteSigningUnavailable('CSC signatures/signHash answered 400: invalid_request'),
      )
      // Those it was, in any order, verified with the certificate the QTSP gave.
      const key = new X509Certificate(signer.certificate).publicKey
      for (const attributes of [second, first]) {
        expect(verify('sha256', attributes, key, await signer.sign(attributes))).toBe(true)
      }
    } finally {
      await scal2.close()
    }
  })
})
