import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { directAuthorization } from '../../../contract/direct.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { signatureRequestReportSchema } from '../../../contract/signature-requests.ts'
import { manifestationTime } from '../../../server/signing/sign-pdf.ts'
import { goodPassword, readJson } from '../accounts/accounts-client.ts'
import { changeSettings, openBusiness } from '../businesses/business-client.ts'
import { parseLink } from '../direct/direct-link.ts'
import { reportText, requestEvents } from '../signature-requests/request-history.ts'
import { featureDrivers } from '../test-database.ts'
import {
  documentTimestamp,
  makePdf,
  pdfsig,
  pdftotext,
  removeTemporaryDirectories,
  temporaryDirectory,
  trustStore,
} from './pdf-tools.ts'
import { type SigningClient, startSigningClient } from './signing-client.ts'

afterAll(removeTemporaryDirectories)

/** Issue 15: a business that signs under 21 CFR Part 11 has every signature of its requests confirmed. */
describe.each(featureDrivers)('Part 11 signing on %s', (driver) => {
  let api: SigningClient
  beforeAll(async () => {
    api = await startSigningClient(driver)
  })
  afterAll(async () => {
    await api?.server.stop()
  })

  it('asks for the password, name and meaning; a wrong password signs nothing; the report records them', async () => {
    const admin = await api.signUp('qa@pharma.example')
    const signer = await api.signUp('reviewer@lab.example')
    const businessId = await openBusiness(api, admin, 'Pharma AG')
    await changeSettings(api, admin, businessId, (settings) => ({
      ...settings,
      signatureRequests: { ...settings.signatureRequests, part11: { enabled: true } },
    }))
    const request = await api.openRequest(
      admin,
      'SOP 12 release',
      ['reviewer@lab.example'],
      [await makePdf(1)],
    )
    const item = { signature_request_id: request.id }

    expect((await api.signed(signer, [item]))[0]?.result).toBe('part11_required')
    const confirmation = { signing_name: 'Dr. R. Viewer', signing_reason: 'Approved for release' }
    const signWrong = () =>
      api.call('POST', apiPaths.sign(), {
        token: signer,
        body: {
          signature_requests: [item],
          language: 'en',
          part11: { ...confirmation, password: 'not-mine' },
        },
      })
    // Wrong passwords count as failed sign-ins: the fifth pauses the guessing.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await readJson(await signWrong())
      expect((wrong as { results: { result: string }[] }).results[0]?.result).toBe('part11_invalid')
    }
    await api.expectError(await signWrong(), 429, 'auth.too_many_attempts')
    expect((await api.getRequest(signer, request.id)).statusOverall).toBe('OPEN')
    api.clock.advance(16 * 60 * 1000)

    const signed = await api.call('POST', apiPaths.sign(), {
      token: signer,
      body: {
        signature_requests: [item],
        language: 'en',
        part11: { ...confirmation, password: goodPassword },
      },
    })
    expect(((await readJson(signed)) as { results: { result: string }[] }).results[0]?.result).toBe(
      'complete',
    )

    const report = v.parse(
      signatureRequestReportSchema,
      await readJson(
        await api.call('GET', apiPaths.signatureRequestReport(request.id, 'json'), { token: admin }),
      ),
    )
    expect(report.signers).toEqual([
      expect.objectContaining({
        accountEmail: 'reviewer@lab.example',
        status: 'SIGNED',
        signingName: 'Dr. R. Viewer',
        signingReason: 'Approved for release',
        signedAt: api.clock.now().toISOString(),
      }),
    ])
    // The PDF's signature carries the meaning as its reason and is valid.
    const pdf = await api.downloadSigned(admin, request.documents[0]?.id ?? '')
    expect(Buffer.from(pdf).toString('latin1')).toContain('Approved for release')
    const dir = temporaryDirectory(`part11-${driver}`)
    const caPem = await (await fetch(`${api.server.url}/api${apiPaths.pkiCa()}`)).text()
    expect((await pdfsig(dir, pdf, trustStore(dir, caPem))).map((verdict) => verdict.signature)).toEqual([
      'Signature is Valid.',
      documentTimestamp.signature,
    ])
    // The name and meaning are the signer's defaults next time.
    expect((await api.readUser(signer)).attributes).toMatchObject({
      p11_signing_name: ['Dr. R. Viewer'],
      p11_signing_reason: ['Approved for release'],
    })

    // A sender without Part 11 asks for no confirmation.
    const plain = await api.signUp('plain@sender.example')
    const other = await api.openRequest(plain, 'Lunch order', ['reviewer@lab.example'], [await makePdf(1)])
    expect((await api.signed(signer, [{ signature_request_id: other.id }]))[0]?.result).toBe('complete')
  })

  it('asks a direct-link signer for the name and meaning with the TAN; page, report and events name both', async () => {
    const admin = await api.signUp('qa@biolab.example')
    const reviewer = await api.signUp('approver@biolab.example')
    const businessId = await openBusiness(api, admin, 'Biolab AG')
    await changeSettings(api, admin, businessId, (settings) => ({
      ...settings,
      signatureRequests: { ...settings.signatureRequests, part11: { enabled: true } },
    }))
    const guestEmail = 'auditor@outside.example'
    const seen = await api.mailIds()
    const request = await api.openRequest(
      admin,
      'Batch 7 record',
      ['approver@biolab.example', guestEmail],
      [await makePdf(1)],
    )
    const mail = await api.waitForMail(guestEmail, /Batch 7 record/, seen)
    const link = parseLink(mail.links.find((each) => each.includes('/view/')) ?? '')
    // The sender retitles the open request: the trail says so in words.
    const retitled = await api.call('PUT', apiPaths.signatureRequest(request.id), {
      token: admin,
      body: { title: 'Batch 7 release record' },
    })
    expect(retitled.status, await retitled.text()).toBe(200)

    const accountSigned = await api.call('POST', apiPaths.sign(), {
      token: reviewer,
      body: {
        signature_requests: [{ signature_request_id: request.id }],
        language: 'en',
        part11: { signing_name: 'Anna Approver', signing_reason: 'Approved', password: goodPassword },
      },
    })
    expect(((await readJson(accountSigned)) as { results: { result: string }[] }).results[0]?.result).toBe(
      'complete',
    )

    const directSign = async (body: Record<string, unknown>) => {
      const response = await fetch(`${api.server.url}/api${apiPaths.directSign(link.token)}`, {
        method: 'POST',
        headers: {
          authorization: directAuthorization(link.signatureId, link.requestId),
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          signature_requests: [{ signature_request_id: request.id }],
          language: 'en',
          ...body,
        }),
      })
      return ((await readJson(response)) as { results: { result: string }[] }).results[0]?.result
    }
    const meaning = { signing_name: 'Otto Auditor', signing_reason: 'Reviewed' }
    // First the name and meaning, then the TAN that confirms them in the same call.
    expect(await directSign({})).toBe('part11_required')
    expect(await directSign({ part11: meaning })).toBe('tan_required')
    const tanSeen = await api.mailIds()
    const resent = await fetch(`${api.server.url}/api${apiPaths.tanResend(link.token)}`, {
      method: 'POST',
      headers: { authorization: directAuthorization(link.signatureId, link.requestId) },
    })
    expect(resent.status).toBe(204)
    const tanMail = await api.waitForMail(guestEmail, /TAN/, tanSeen)
    const tan = /\b(\d{6})\b/.exec(tanMail.text)?.[1] ?? ''
    expect(await directSign({ tan })).toBe('part11_required')
    expect(await directSign({ tan, part11: meaning })).toBe('complete')

    // The page shows each signer's printed name, meaning and time with its zone; both signatures are valid.
    const dir = temporaryDirectory(`part11-direct-${driver}`)
    const pdf = await api.downloadSigned(admin, request.documents[0]?.id ?? '')
    const page = pdftotext(dir, pdf).replace(/\s+/g, ' ')
    for (const [name, reason] of [
      ['Anna Approver', 'Approved'],
      ['Otto Auditor', 'Reviewed'],
    ]) {
      expect(page).toContain(`Signed by ${name}`)
      expect(page).toContain(`Meaning: ${reason}`)
    }
    const signedAt = manifestationTime.format(api.clock.now())
    // To the second, with the zone (11.50): "4 May 2026, 09:00:00 UTC".
    expect(signedAt).toMatch(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} UTC$/)
    expect(page).toContain(signedAt)
    const caPem = await (await fetch(`${api.server.url}/api${apiPaths.pkiCa()}`)).text()
    expect((await pdfsig(dir, pdf, trustStore(dir, caPem))).map((verdict) => verdict.signature)).toEqual([
      'Signature is Valid.',
      'Signature is Valid.',
      documentTimestamp.signature,
    ])

    // The events name each signer and how they proved who they were.
    const events = await requestEvents(api, admin, request.id)
    expect(events.filter((event) => event.type === 'signed')).toEqual([
      expect.objectContaining({
        actorEmail: 'approver@biolab.example',
        detail: expect.objectContaining({
          quality: 'ses',
          verifications: [{ method: 'sign_in' }, { method: 'password' }],
          part11: { name: 'Anna Approver', meaning: 'Approved' },
        }),
      }),
      expect.objectContaining({
        actorEmail: guestEmail,
        detail: expect.objectContaining({
          verifications: [{ method: 'tan', to: guestEmail }],
          part11: { name: 'Otto Auditor', meaning: 'Reviewed' },
        }),
      }),
    ])

    // The report says the same in words: no unknown signer, no raw details.
    const report = await reportText(api, admin, request.id, dir)
    expect(report).toContain(`Signed by ${guestEmail} from `)
    expect(report).toContain(`Verified by: TAN sent to ${guestEmail}`)
    expect(report).toContain('signed as Otto Auditor, meaning: Reviewed')
    expect(report).toContain('Signed by approver@biolab.example from ')
    expect(report).toContain('Verified by: signing in to the account; the account password entered again')
    expect(report).toContain('signed as Anna Approver, meaning: Approved')
    expect(report).toContain('Signature standard: SES, FDA 21 CFR Part 11')
    expect(report).toContain('Title changed from “Batch 7 record” to “Batch 7 release record”')
    expect(report).not.toContain('unknown')
    expect(report).not.toContain('{')
  })
})
