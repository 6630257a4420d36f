import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Secret, TOTP } from 'otpauth'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountSecurityPaths, totpSetupSchema } from '../../../contract/account-security.ts'
import { toCamelCase } from '../../../contract/case.ts'
import { mobileSigningPaths, mobileSigningSentSchema } from '../../../contract/mobile-signing.ts'
import { apiPaths } from '../../../contract/paths.ts'
import type { SignerAuthentication } from '../../../contract/signature-requests.ts'
import { type SignAnswer, signAnswerSchema } from '../../../contract/signing.ts'
import { OID } from '../../../server/signing/oids.ts'
import { fromPem } from '../../../server/signing/pem.ts'
import { validatePdf } from '../../../server/signing/validate-pdf.ts'
import { goodPassword, readJson } from '../accounts/accounts-client.ts'
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
import { featureDrivers } from '../test-database.ts'

afterAll(removeTemporaryDirectories)

const minute = 60_000
const secret = 'identification-sandbox-secret-of-the-tests-0123456789'

describe.each(featureDrivers)('qualified signing confirmed on the phone on %s', (driver) => {
  let api: SigningClient
  let owner: string
  let quinn: string
  let mallory: string
  let dir: string
  let nssDir: string
  const quinnMobile = '+41791234567'

  beforeAll(async () => {
    api = await startSigningClient(driver, { identificationSandboxSecret: secret })
    owner = await api.signUp('owner@example.com')
    quinn = await api.signUp('quinn@example.com')
    mallory = await api.signUp('mallory@example.com')
    dir = temporaryDirectory(`mobile-signing-${driver}`)
    nssDir = trustStore(dir, await (await fetch(`${api.server.url}/api${apiPaths.pkiCa()}`)).text())
    // Both choose the qualified standard as their default once identified: their requests sign qualified.
    for (const token of [quinn, mallory]) {
      await identifyQualified(api, token)
      await readJson(
        await api.call('PUT', apiPaths.user(), { token, body: { attributes: { default_quality: ['qes'] } } }),
      )
    }
  }, 60_000)

  afterAll(async () => {
    await api?.server.stop()
  })

  /** The one-time password of the newest SMS to `mobile` not in `seen`. */
  async function smsPassword(mobile: string, seen: Set<string>): Promise<string> {
    const sms = await api.waitForMail(`${mobile.replace(/\D/g, '')}@sms.invalid`, /^SMS to/, seen)
    const password = /\b(\d{6})\b/.exec(sms.text)?.[1]
    if (password === undefined) throw new Error(`no password in ${sms.text}`)
    return password
  }

  /** Registers `mobile` as typed; the SMS goes to `stored`, the number in E.164. */
  async function registerMobile(token: string, mobile: string, stored = mobile) {
    const seen = await api.mailIds()
    const sent = v.parse(
      mobileSigningSentSchema,
      toCamelCase(
        await readJson(
          await api.call('POST', mobileSigningPaths.registerMobile(), { token, body: { mobile } }),
          201,
        ),
      ),
    )
    const code = await smsPassword(stored, seen)
    return { sent, code }
  }

  const answer = async (response: Response): Promise<SignAnswer> =>
    v.parse(signAnswerSchema, toCamelCase(await readJson(response)))
  const proceed = (token: string, id: string, pwdotp: string, provider = 'mobileid') =>
    api.call('POST', mobileSigningPaths.proceed(provider, id), { token, body: { pwdotp } })

  /** An OPEN request from the owner to Quinn, signed with `default_quality` qes: answers `mobile_aes`. */
  async function startQualified(title: string) {
    const request = await api.openRequest(owner, title, ['quinn@example.com'], [await makePdf(1)])
    const seen = await api.mailIds()
    const results = await api.signed(quinn, [{ signature_request_id: request.id }])
    expect(results).toEqual([
      {
        signatureRequestId: request.id,
        result: 'mobile_aes',
        statusOverall: 'OPEN',
        mobileSigningId: expect.any(String),
        mobileProvider: 'mobileid',
        maskedMobile: '+41••••••567',
      },
    ])
    const id = results[0]?.mobileSigningId ?? ''
    return { request, id, password: await smsPassword(quinnMobile, seen) }
  }

  it('registers a mobile number with the code of an SMS, refusing a wrong code', async () => {
    // Not a mobile number: too short, a Swiss landline, or a Swiss number read for Germany.
    for (const body of [
      { mobile: '0791' },
      { mobile: '044 123 45 67' },
      { mobile: '079 123 45 67', country: 'DE' },
    ])
      await api.expectError(
        await api.call('POST', mobileSigningPaths.registerMobile(), { token: quinn, body }),
        422,
        'mobile_signing.number_invalid',
        'mobile',
      )
    await api.expectError(
      await api.call('POST', mobileSigningPaths.registerMobile(), {
        token: quinn,
        body: { mobile: '079 123 45 67', country: 'XX' },
      }),
      400,
      'request.invalid',
      'country',
    )
    // A national number is read for Switzerland unless another country is given, and kept in E.164.
    const { sent, code } = await registerMobile(quinn, '079 123 45 67', quinnMobile)
    expect(sent.maskedMobile).toBe('+41••••••567')
    const wrong = code === '000000' ? '111111' : '000000'
    await api.expectError(
      await api.call('POST', mobileSigningPaths.confirmMobile(), {
        token: quinn,
        body: { id: sent.id, secret: wrong },
      }),
      422,
      'tan.invalid',
      'secret',
    )
    // Another user cannot confirm Quinn's registration.
    await api.expectError(
      await api.call('POST', mobileSigningPaths.confirmMobile(), {
        token: mallory,
        body: { id: sent.id, secret: code },
      }),
      404,
      'mobile_signing.not_found',
    )
    expect(
      await readJson(
        await api.call('POST', mobileSigningPaths.confirmMobile(), {
          token: quinn,
          body: { id: sent.id, secret: code },
        }),
      ),
    ).toEqual({ mobile: quinnMobile })
    expect((await api.readUser(quinn)).attributes.mobile).toEqual([quinnMobile])
    // One SMS a minute.
    const again = await api.call('POST', mobileSigningPaths.registerMobile(), {
      token: quinn,
      body: { mobile: quinnMobile },
    })
    await api.expectError(again, 429, 'tan.resend_too_soon')
    api.clock.advance(minute)
  })

  it('sends one SMS when two registrations of one user come at once', async () => {
    const rita = await api.signUp(`rita-${driver}@example.com`)
    const seen = await api.mailIds()
    const answers = await Promise.all(
      ['+41791110001', '+41791110002'].map((mobile) =>
        api.call('POST', mobileSigningPaths.registerMobile(), { token: rita, body: { mobile } }),
      ),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 429])
    const sentTo = answers[0]?.status === 201 ? '+41791110001' : '+41791110002'
    await smsPassword(sentTo, seen)
    const smsSent = [...(await api.mailIds())].filter((mail) => !seen.has(mail))
    expect(smsSent).toHaveLength(1)
    api.clock.advance(minute)
  })

  it('asks a signer without a mobile number to register one before a qualified signature', async () => {
    const request = await api.openRequest(owner, 'No phone', ['mallory@example.com'], [await makePdf(1)])
    await api.expectError(
      await api.sign(mallory, [{ signature_request_id: request.id }]),
      409,
      'mobile_signing.mobile_missing',
      'mobile',
    )
    expect((await api.getRequest(owner, request.id)).signatures[0]?.status).toBe('OPEN')
  })

  it('signs qualified once the SMS password comes back, into a PDF pdfsig accepts with the qualified policy', async () => {
    const { request, id, password } = await startQualified('Deed')
    // Nothing is signed while the phone has not confirmed.
    expect((await api.getRequest(owner, request.id)).signatures[0]?.status).toBe('OPEN')
    const wrong = password === '000000' ? '111111' : '000000'
    expect((await answer(await proceed(quinn, id, wrong))).results).toEqual([
      { signatureRequestId: request.id, result: 'tan_invalid', statusOverall: 'OPEN', tanTriesLeft: 4 },
    ])
    // Another user's call, an unknown provider and a malformed id are all 404.
    await api.expectError(await proceed(mallory, id, password), 404, 'mobile_signing.not_found')
    await api.expectError(await proceed(quinn, id, password, 'swisscom'), 404, 'mobile_signing.not_found')
    await api.expectError(await proceed(quinn, 'nope', password), 404, 'mobile_signing.not_found')
    await api.expectError(
      await api.call('POST', mobileSigningPaths.proceed('mobileid', id), {
        token: quinn,
        body: { pwdotp: '12' },
      }),
      400,
      'request.invalid',
      'pwdotp',
    )

    const signed = await answer(await proceed(quinn, id, password))
    expect(signed.results).toEqual([
      { signatureRequestId: request.id, result: 'complete', statusOverall: 'SIGNED' },
    ])
    // Proceeding again answers the same and signs nothing more.
    expect(await answer(await proceed(quinn, id, password))).toEqual(signed)

    const bytes = await api.downloadSigned(owner, request.documents[0]?.id ?? '')
    expect(await pdfsig(dir, bytes, nssDir)).toEqual([
      { signature: 'Signature is Valid.', certificate: 'Certificate is Trusted.' },
      documentTimestamp,
    ])
    const caPem = await (await fetch(`${api.server.url}/api${apiPaths.pkiCa()}`)).text()
    const report = await validatePdf(bytes, { trustedRoots: fromPem('CERTIFICATE', caPem).slice(0, 1) })
    if (report.status !== 'ok') throw new Error('unreadable')
    expect(report.signatures.map((s) => [s.signer?.commonName, s.quality, s.demo, s.trusted])).toEqual([
      ['Ada Lovelace', 'qes', true, true],
      ['Signet Timestamp Authority', 'unknown', false, true],
    ])
    // The signer's certificate names the qualified policy and the demo one, and the signer.
    const text = signerPolicies(dir, bytes)
    expect(text).toContain('CN = Ada Lovelace')
    expect(text).toContain(`Policy: ${OID.policyQes}`)
    expect(text).toContain(`Policy: ${OID.policyDemo}`)
    expect((await api.getRequest(owner, request.id)).signatures[0]).toMatchObject({ status: 'SIGNED' })

    // The history and the report name how Quinn was verified: the identification it rests on (provider and
    // method) and the SMS that brought the one-time password, to the number as the signer saw it.
    expect((await requestEvents(api, owner, request.id)).filter((event) => event.type === 'signed')).toEqual([
      expect.objectContaining({
        actorEmail: 'quinn@example.com',
        detail: expect.objectContaining({
          quality: 'qes',
          verifications: [
            { method: 'sign_in' },
            { method: 'identification', provider: 'zertes', mode: 'video', reference: expect.any(String) },
            { method: 'sms_otp', to: '+41••••••567' },
          ],
        }),
      }),
    ])
    const history = await reportText(api, owner, request.id, dir)
    expect(history).toContain('Signed by quinn@example.com from ')
    expect(history).toContain('Signature standard: QES')
    expect(history).toContain(
      'Verified by: signing in to the account; video identification (ZertES); one-time password by SMS to +41••••••567',
    )
  })

  it('expires the password after 5 minutes by the server clock; a new SMS gives a new one', async () => {
    const { id, password, request } = await startQualified('Expiring')
    api.clock.advance(5 * minute)
    expect((await answer(await proceed(quinn, id, password))).results[0]?.result).toBe('tan_expired')
    const seen = await api.mailIds()
    const resent = await api.call('POST', mobileSigningPaths.resend(id), { token: quinn })
    expect(v.parse(mobileSigningSentSchema, toCamelCase(await readJson(resent)))).toMatchObject({ id })
    const fresh = await smsPassword(quinnMobile, seen)
    // A second SMS within the minute is refused, with when to ask again.
    const tooSoon = await api.call('POST', mobileSigningPaths.resend(id), { token: quinn })
    expect(tooSoon.headers.get('retry-after')).toBe('60')
    await api.expectError(tooSoon, 429, 'tan.resend_too_soon')
    await api.expectError(
      await api.call('POST', mobileSigningPaths.resend(id), { token: mallory }),
      404,
      'mobile_signing.not_found',
    )
    // The phone's own answer confirms as the entered password does.
    const responded = await api.call('POST', mobileSigningPaths.respond(id), {
      token: quinn,
      body: { secret: fresh },
    })
    expect((await answer(responded)).results).toEqual([
      { signatureRequestId: request.id, result: 'complete', statusOverall: 'SIGNED' },
    ])
  })

  it('locks after five wrong passwords and then accepts not even the right one', async () => {
    const { id, password, request } = await startQualified('Locked')
    const wrong = password === '000000' ? '111111' : '000000'
    const left: (number | undefined)[] = []
    for (let i = 0; i < 4; i++)
      left.push((await answer(await proceed(quinn, id, wrong))).results[0]?.tanTriesLeft)
    expect(left).toEqual([4, 3, 2, 1])
    expect((await answer(await proceed(quinn, id, wrong))).results[0]?.result).toBe('tan_locked')
    expect((await answer(await proceed(quinn, id, password))).results[0]?.result).toBe('tan_locked')
    expect((await api.getRequest(owner, request.id)).signatures[0]?.status).toBe('OPEN')
  })

  it('cancels: nothing is signed and the password no longer works', async () => {
    api.clock.advance(minute)
    const { id, password, request } = await startQualified('Cancelled')
    await api.expectError(
      await api.call('POST', mobileSigningPaths.cancel(id), { token: mallory }),
      404,
      'mobile_signing.not_found',
    )
    expect((await api.call('POST', mobileSigningPaths.cancel(id), { token: quinn })).status).toBe(204)
    expect((await api.call('POST', mobileSigningPaths.cancel(id), { token: quinn })).status).toBe(204)
    await api.expectError(await proceed(quinn, id, password), 409, 'mobile_signing.closed')
    await api.expectError(
      await api.call('POST', mobileSigningPaths.resend(id), { token: quinn }),
      409,
      'mobile_signing.closed',
    )
    expect((await api.getRequest(owner, request.id)).signatures[0]?.status).toBe('OPEN')
  })

  it('answers serial_mismatch once the account name no longer matches the identification', async () => {
    api.clock.advance(minute)
    const request = await api.openRequest(owner, 'Renamed', ['quinn@example.com'], [await makePdf(1)])
    const rename = (first: string) =>
      api.call('PUT', apiPaths.user(), { token: quinn, body: { first_name: first } })
    expect((await rename('Eve')).status).toBe(200)
    expect(await api.signed(quinn, [{ signature_request_id: request.id }])).toEqual([
      { signatureRequestId: request.id, result: 'serial_mismatch', statusOverall: 'OPEN' },
    ])
    expect((await rename('Ada')).status).toBe(200)
  })

  /** An OPEN request from the owner to `signer` asking for this signature standard, as the API takes it. */
  async function openAsking(
    title: string,
    signer: string,
    standard: Record<string, string>,
    authentication: SignerAuthentication = 'tan',
  ) {
    const created = await api.call('POST', apiPaths.signatureRequests(), {
      token: owner,
      body: { title, ...standard, signatures: [{ account_email: signer, authentication }] },
    })
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: string }
    const form = new FormData()
    form.set(
      'file',
      new Blob([(await makePdf(1)) as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
      'doc.pdf',
    )
    const upload = await fetch(`${api.server.url}/api${apiPaths.signatureRequestDocuments(id)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}` },
      body: form,
    })
    expect(upload.status).toBe(201)
    expect((await api.call('POST', apiPaths.initiateSignatureRequest(id), { token: owner })).status).toBe(200)
    return api.getRequest(owner, id)
  }

  it('sends a signer who holds less than the request asks for to identification, and signs at the asked quality', async () => {
    const asksQes = await openAsking('Asks qes', 'owner@example.com', { quality: 'qes' })
    expect(await api.signed(owner, [{ signature_request_id: asksQes.id }])).toEqual([
      { signatureRequestId: asksQes.id, result: 'identification_required', statusOverall: 'OPEN' },
    ])
    // Quinn holds qualified zertes, not eidas.
    const asksEidas = await openAsking('Asks eidas', 'quinn@example.com', {
      quality: 'qes',
      legislation: 'eidas',
    })
    expect((await api.signed(quinn, [{ signature_request_id: asksEidas.id }]))[0]?.result).toBe(
      'identification_required',
    )
    expect((await api.getRequest(owner, asksEidas.id)).signatures[0]?.status).toBe('OPEN')
    // A request asking for aes is signed advanced by a qualified signer, with no SMS.
    const asksAes = await openAsking('Asks aes', 'quinn@example.com', { quality: 'aes' })
    expect(await api.signed(quinn, [{ signature_request_id: asksAes.id }])).toEqual([
      { signatureRequestId: asksAes.id, result: 'complete', statusOverall: 'SIGNED' },
    ])
    const aesPdf = await api.downloadSigned(owner, asksAes.documents[0]?.id ?? '')
    const report = await validatePdf(aesPdf, { trustedRoots: [] })
    if (report.status !== 'ok') throw new Error('unreadable')
    expect(report.signatures.map((s) => s.quality)).toEqual(['aes', 'unknown'])
  }, 30_000)

  it('names the second factor the sender asked for in the trail of a signing confirmed on the phone', async () => {
    api.clock.advance(minute)
    const codeOf = (totpSecret: string, stepsAhead: number) =>
      new TOTP({ secret: Secret.fromBase32(totpSecret) }).generate({
        timestamp: api.clock.now().getTime() + stepsAhead * 30_000,
      })
    const setup = v.parse(
      totpSetupSchema,
      await readJson(await api.call('POST', accountSecurityPaths.secondFactorSetup(), { token: quinn })),
    )
    await readJson(
      await api.call('POST', accountSecurityPaths.secondFactorEnable(), {
        token: quinn,
        body: { password: goodPassword, code: codeOf(setup.secret, 0) },
      }),
    )
    const request = await openAsking('Guarded deed', 'quinn@example.com', {}, 'second_factor')
    const seen = await api.mailIds()
    const started = await answer(
      await api.call('POST', apiPaths.sign(), {
        token: quinn,
        body: {
          signature_requests: [{ signature_request_id: request.id }],
          language: 'en',
          second_factor_code: codeOf(setup.secret, 1),
        },
      }),
    )
    expect(started.results[0]?.result).toBe('mobile_aes')
    const password = await smsPassword(quinnMobile, seen)
    expect(
      (await answer(await proceed(quinn, started.results[0]?.mobileSigningId ?? '', password))).results,
    ).toEqual([{ signatureRequestId: request.id, result: 'complete', statusOverall: 'SIGNED' }])
    const signed = (await requestEvents(api, owner, request.id)).find((event) => event.type === 'signed')
    expect(signed?.detail.verifications).toEqual([
      { method: 'sign_in' },
      { method: 'identification', provider: 'zertes', mode: 'video', reference: expect.any(String) },
      { method: 'sms_otp', to: '+41••••••567' },
      { method: 'second_factor', kind: 'totp' },
    ])
    expect(await reportText(api, owner, request.id, dir)).toContain(
      'Verified by: signing in to the account; video identification (ZertES); one-time password by SMS to +41••••••567; a code of the authenticator app (second factor)',
    )
  })
})

/**
 * The certificate policies of the first signature's signer, read outside our code: pdfsig dumps the CMS,
 * openssl prints its certificates' extensions.
 */
function signerPolicies(workDir: string, bytes: Uint8Array): string {
  const dumpDir = mkdtempSync(join(workDir, 'dump-'))
  writeFileSync(join(dumpDir, 'signed.pdf'), bytes)
  const dump = spawnSync('pdfsig', ['-dump', 'signed.pdf'], { cwd: dumpDir, encoding: 'utf8' })
  if (dump.status !== 0) throw new Error(`pdfsig -dump failed: ${dump.stderr}`)
  const certificates = spawnSync(
    'openssl',
    ['pkcs7', '-inform', 'DER', '-in', join(dumpDir, 'signed.pdf.sig0'), '-print_certs'],
    { encoding: 'utf8' },
  ).stdout
  const leaf = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(certificates)?.[0] ?? ''
  return spawnSync('openssl', ['x509', '-noout', '-text'], { input: leaf, encoding: 'utf8' }).stdout
}
