import { eq } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  accountSecurityPaths,
  recoveryCodesSchema,
  totpSetupSchema,
} from '../../../contract/account-security.ts'
import { directAuthorization } from '../../../contract/direct.ts'
import { apiPaths } from '../../../contract/paths.ts'
import {
  type SignatureRequestView,
  type SignerAuthentication,
  signatureRequestReportSchema,
} from '../../../contract/signature-requests.ts'
import { openDatabase } from '../../../server/db/open-database.ts'
import { signatures } from '../../../server/db/schema/signature-requests.ts'
import { goodPassword, readJson } from '../accounts/accounts-client.ts'
import { parseLink } from '../direct/direct-link.ts'
import { reportText, requestEvents } from '../signature-requests/request-history.ts'
import { featureDrivers } from '../test-database.ts'
import { makePdf, removeTemporaryDirectories, temporaryDirectory } from './pdf-tools.ts'
import { type SigningClient, startSigningClient } from './signing-client.ts'

afterAll(removeTemporaryDirectories)

/** Issue 42 §5: the sender asks per signer for an account sign-in or a second factor at signing; the server enforces it. */
describe.each(featureDrivers)('signer authentication on %s', (driver) => {
  let api: SigningClient
  let counter = 0
  beforeAll(async () => {
    api = await startSigningClient(driver, { trustedProxies: 1 })
  })
  afterAll(async () => {
    await api?.server.stop()
  })

  /** The code the authenticator app shows `stepsAhead` 30 s steps from the server's clock. */
  const codeOf = (secret: string, stepsAhead = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret) }).generate({
      timestamp: api.clock.now().getTime() + stepsAhead * 30_000,
    })

  /** A new account with two-step verification switched on (its first code spent doing so). */
  async function guardedAccount(email: string) {
    const token = await api.signUp(email)
    const setup = v.parse(
      totpSetupSchema,
      await readJson(await api.call('POST', accountSecurityPaths.secondFactorSetup(), { token })),
    )
    const enabled = v.parse(
      recoveryCodesSchema,
      await readJson(
        await api.call('POST', accountSecurityPaths.secondFactorEnable(), {
          token,
          body: { password: goodPassword, code: codeOf(setup.secret) },
        }),
      ),
    )
    return { token, secret: setup.secret, recoveryCodes: enabled.recoveryCodes }
  }

  /** An open request of `owner` with one page, to these signers, each authenticating as given. */
  async function openRequest(owner: string, title: string, signers: Record<string, SignerAuthentication>) {
    const created = await api.call('POST', apiPaths.signatureRequests(), {
      token: owner,
      body: {
        title,
        signatures: Object.entries(signers).map(([email, authentication]) => ({
          account_email: email,
          authentication,
        })),
      },
    })
    const draft = (await readJson(created, 201)) as unknown as SignatureRequestView
    expect(draft.signatures.map((s) => s.authentication).sort()).toEqual(Object.values(signers).sort())
    const form = new FormData()
    form.set('file', new Blob([(await makePdf(1)) as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }))
    const uploaded = await fetch(`${api.server.url}/api${apiPaths.signatureRequestDocuments(draft.id)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}` },
      body: form,
    })
    expect(uploaded.status, await uploaded.clone().text()).toBe(201)
    await readJson(await api.call('POST', apiPaths.initiateSignatureRequest(draft.id), { token: owner }))
    return draft.id
  }

  const signWith = (token: string, id: string, secondFactorCode?: string) =>
    api.call('POST', apiPaths.sign(), {
      token,
      body: {
        signature_requests: [{ signature_request_id: id }],
        language: 'en',
        ...(secondFactorCode === undefined ? {} : { second_factor_code: secondFactorCode }),
      },
    })

  it('refuses a signing without the code, with a wrong or a used one, and records the one that signed', async () => {
    counter += 1
    const owner = await api.signUp(`sender${counter}@example.com`)
    const signerEmail = `guarded${counter}@example.com`
    const signer = await guardedAccount(signerEmail)
    const id = await openRequest(owner, 'Board minutes', { [signerEmail]: 'second_factor' })

    await api.expectError(await signWith(signer.token, id), 403, 'signing.second_factor_required')
    await api.expectError(
      await signWith(signer.token, id, codeOf(signer.secret) === '000000' ? '111111' : '000000'),
      400,
      'second_factor.invalid_code',
    )
    // The code that switched the factor on is spent: the same one again is refused.
    await api.expectError(
      await signWith(signer.token, id, codeOf(signer.secret)),
      400,
      'second_factor.code_used',
    )
    expect((await api.getRequest(signer.token, id)).statusOverall).toBe('OPEN')

    const signed = await readJson(await signWith(signer.token, id, codeOf(signer.secret, 1)))
    expect((signed as { results: { result: string }[] }).results[0]?.result).toBe('complete')

    const events = await requestEvents(api, owner, id)
    expect(events.find((e) => e.type === 'signed')?.detail.verifications).toEqual([
      { method: 'sign_in' },
      { method: 'second_factor', kind: 'totp' },
    ])
    const report = v.parse(
      signatureRequestReportSchema,
      await readJson(await api.call('GET', apiPaths.signatureRequestReport(id, 'json'), { token: owner })),
    )
    expect(report.signers[0]).toMatchObject({ accountEmail: signerEmail, authentication: 'second_factor' })
    expect(await reportText(api, owner, id, temporaryDirectory('signer-auth'))).toContain(
      'Verified by: signing in to the account; a code of the authenticator app (second factor)',
    )
  })

  it('lets the sender change how a draft’s signer authenticates, keeping the signing order', async () => {
    counter += 1
    const owner = await api.signUp(`sender${counter}@example.com`)
    const created = await api.call('POST', apiPaths.signatureRequests(), {
      token: owner,
      body: {
        title: 'Draft',
        signatures: [
          { account_email: `first${counter}@example.com`, sequence: 1 },
          { account_email: `second${counter}@example.com`, sequence: 2 },
        ],
      },
    })
    const draft = (await readJson(created, 201)) as unknown as SignatureRequestView
    const [first, second] = draft.signatures
    const put = (signatures: unknown) =>
      api.call('PUT', apiPaths.signatureRequest(draft.id), { token: owner, body: { signatures } })
    const changed = (await readJson(
      await put([
        { id: first?.id, sequence: 1 },
        { id: second?.id, sequence: 2, authentication: 'second_factor' },
      ]),
    )) as unknown as SignatureRequestView
    expect(changed.signatures.map((s) => [s.id, s.sequence, s.authentication])).toEqual([
      [first?.id, 1, 'tan'],
      [second?.id, 2, 'second_factor'],
    ])
    await api.expectError(
      await put([{ id: second?.id, sequence: 2, authentication: 'sms' }]),
      400,
      'request.invalid',
      'signatures.0.authentication',
    )
  })

  it('counts wrong codes in the sign-in throttle', async () => {
    counter += 1
    const owner = await api.signUp(`sender${counter}@example.com`)
    const signerEmail = `guarded${counter}@example.com`
    const signer = await guardedAccount(signerEmail)
    const id = await openRequest(owner, 'Loan', { [signerEmail]: 'second_factor' })
    const wrong = codeOf(signer.secret) === '000000' ? '111111' : '000000'
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await api.expectError(await signWith(signer.token, id, wrong), 400, 'second_factor.invalid_code')
    }
    await api.expectError(
      await signWith(signer.token, id, codeOf(signer.secret, 1)),
      429,
      'auth.too_many_attempts',
    )
  })

  it('leads a signer without a second factor to set one up; a recovery code signs too', async () => {
    counter += 1
    const owner = await api.signUp(`sender${counter}@example.com`)
    const plainEmail = `plain${counter}@example.com`
    const plain = await api.signUp(plainEmail)
    const id = await openRequest(owner, 'NDA', { [plainEmail]: 'second_factor' })
    await api.expectError(await signWith(plain, id, '123456'), 403, 'signing.second_factor_not_set_up')

    const guardedEmail = `guarded${counter}@example.com`
    const guarded = await guardedAccount(guardedEmail)
    const other = await openRequest(owner, 'NDA 2', { [guardedEmail]: 'second_factor' })
    const signed = await readJson(await signWith(guarded.token, other, guarded.recoveryCodes[0]))
    expect((signed as { results: { result: string }[] }).results[0]?.result).toBe('complete')
    const events = await requestEvents(api, owner, other)
    expect(events.find((e) => e.type === 'signed')?.detail.verifications).toContainEqual({
      method: 'second_factor',
      kind: 'recovery',
    })
  })

  it('mails no direct link to a signer who must sign in, and refuses their direct calls', async () => {
    counter += 1
    const owner = await api.signUp(`sender${counter}@example.com`)
    const guestEmail = `guest${counter}@outside.example`
    const linkedEmail = `linked${counter}@outside.example`
    const seen = await api.mailIds()
    const id = await openRequest(owner, 'Lease', { [guestEmail]: 'account_sign_in', [linkedEmail]: 'tan' })
    const invited = await api.waitForMail(guestEmail, /Lease/, seen)
    expect(invited.links.some((link) => link.endsWith(`/view/${id}`))).toBe(true)
    expect(invited.links.some((link) => /\/view\/[^/]+\/[^/]+\?token=/.test(link))).toBe(false)

    // Once sent, how a signer authenticates is settled, like the signing order.
    const linkedMail = await api.waitForMail(linkedEmail, /Lease/, seen)
    const link = parseLink(linkedMail.links.find((each) => each.includes('token=')) ?? '')
    const put = await api.call('PUT', apiPaths.signatureRequest(id), {
      token: owner,
      body: { signatures: [{ id: link.signatureId, sequence: 1, authentication: 'account_sign_in' }] },
    })
    expect(put.status).toBe(409)
    // A direct link of a signature that asks for an account (one mailed before it did) opens nothing.
    const directSign = () =>
      fetch(`${api.server.url}/api${apiPaths.directSign(link.token)}`, {
        method: 'POST',
        headers: {
          authorization: directAuthorization(link.signatureId, link.requestId),
          'content-type': 'application/json',
        },
        body: JSON.stringify({ signature_requests: [{ signature_request_id: id }], language: 'en' }),
      })
    expect((await readJson(await directSign())).results).toMatchObject([{ result: 'tan_required' }])
    const handle = await openDatabase(api.server.database)
    try {
      await handle.db
        .update(signatures)
        .set({ authentication: 'account_sign_in' })
        .where(eq(signatures.id, link.signatureId))
    } finally {
      await handle.close()
    }
    await api.expectError(await directSign(), 403, 'signing.account_sign_in_required')

    // The signer who must sign in signs once they have an account with the invited address.
    const guest = await api.signUp(guestEmail)
    const signed = await readJson(await signWith(guest, id))
    expect((signed as { results: { result: string }[] }).results[0]?.result).toBe('complete')
  })
})
