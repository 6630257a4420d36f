import sharp from 'sharp'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { businessPaths, businessSettingsSchema } from '../../../contract/businesses.ts'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import { readJson } from '../accounts/accounts-client.ts'
import { changeSettings, openBusiness } from '../businesses/business-client.ts'
import { makePdf } from '../signing/pdf-tools.ts'
import { type SigningClient, startSigningClient } from '../signing/signing-client.ts'
import { featureDrivers } from '../test-database.ts'

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Issue 15: a business's requests mail with its logo, and attach what its settings choose. */
describe.each(featureDrivers)('mails of a business request on %s', (driver) => {
  let api: SigningClient
  beforeAll(async () => {
    api = await startSigningClient(driver)
  })
  afterAll(async () => {
    await api?.server.stop()
  })

  it('heads the mails with the logo, and attaches the report instead of the documents when so set', async () => {
    const admin = await api.signUp('admin@brand.example')
    const signer = await api.signUp('signer@elsewhere.example')
    const businessId = await openBusiness(api, admin, 'Brand AG')
    const form = new FormData()
    const png = await sharp({ create: { width: 400, height: 100, channels: 3, background: '#aa0000' } })
      .png()
      .toBuffer()
    form.append('file', new Blob([png as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'logo.png')
    const uploaded = await fetch(
      `${api.server.url}${apiUrl(businessPaths.businessSettingsLogo(businessId))}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}` },
        body: form,
      },
    )
    const logo = v.parse(businessSettingsSchema, await readJson(uploaded)).companyBranding.logo
    await changeSettings(api, admin, businessId, (settings) => ({
      ...settings,
      mailService: {
        attachments: {
          signedDocument: { enabled: false, customisable: true },
          signatureProtocol: { enabled: true, customisable: true },
        },
      },
    }))

    const seen = await api.mailIds()
    const request = await api.openRequest(
      admin,
      'Brand contract',
      ['signer@elsewhere.example'],
      [await makePdf(1)],
    )
    const invitation = await api.waitForMail('signer@elsewhere.example', /Brand contract/, seen)
    expect(invitation.html).toMatch(
      new RegExp(`<img src="https?://[^"]+${escapeRegExp(logo?.url ?? 'no logo')}" alt="Brand AG"`),
    )
    // The logo it points at is there for anyone to load.
    expect((await fetch(`${api.server.url}${logo?.url}`)).headers.get('content-type')).toBe('image/png')

    const beforeSigning = await api.mailIds()
    await api.signed(signer, [{ signature_request_id: request.id }])
    const done = await api.waitForMail('signer@elsewhere.example', /signed/, beforeSigning)
    const attached = await api.attachments(done.id)
    expect(attached.map((a) => a.filename)).toEqual(['Brand contract - Signature request report.pdf'])
    expect(
      Buffer.from(attached[0]?.bytes ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    // The report was made when the mail went out: it holds the signature that completed the request.
    const pdfText = Buffer.from(attached[0]?.bytes ?? []).toString('latin1')
    expect(pdfText).toContain('/Type /Page')
    const report = await api.call('GET', apiPaths.signatureRequestReport(request.id, 'json'), {
      token: admin,
    })
    expect(((await report.json()) as { status_overall: string }).status_overall).toBe('SIGNED')
  })
})
