import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import type { ValidatedSignature } from '../../contract/validation.ts'
import { ValidateScreen } from '../../src/features/validation/validate-screen.tsx'
import { json, noMaintenance, refusal, renderScreen, serveApi } from './render-screen.tsx'

const signature: ValidatedSignature = {
  fieldName: 'Signature1',
  kind: 'signature',
  signingName: 'Anna Muster',
  reason: 'Approved',
  contactInfo: 'anna@example.ch',
  intact: true,
  problems: [],
  signer: {
    commonName: 'Anna Muster',
    email: 'anna@example.ch',
    organization: null,
    issuerCommonName: 'Signet Demo CA',
    serialNumber: '01',
    notBefore: '2026-01-01T00:00:00Z',
    notAfter: '2027-01-01T00:00:00Z',
  },
  quality: 'aes',
  demo: false,
  trusted: true,
  signingTime: '2026-11-02T09:30:00Z',
  timestamp: { time: '2026-11-02T09:30:05Z', verified: true, trusted: true, authority: 'Signet TSA' },
  changedAfter: false,
  level: 'B-LTA',
  revocation: { status: 'good', revokedAt: null, source: 'document' },
  revokedBeforeSigning: false,
}

const pdf = () => new File(['%PDF-1.7 test'], 'contract.pdf', { type: 'application/pdf' })

describe('/validate', () => {
  it('shows the verdict of each signature of the PDF the user chose', async () => {
    const calls = serveApi(noMaintenance, ({ method, path }) =>
      method === 'POST' && path === '/v1/validate'
        ? json({
            signatures: [
              signature,
              { ...signature, fieldName: 'Signature2', signingName: 'Ben Beispiel', changedAfter: true },
            ],
          })
        : undefined,
    )
    await renderScreen('/validate', ValidateScreen, { messages: ['validation'] })
    await expect.element(page.getByRole('heading', { name: 'Validate a signed PDF' })).toBeVisible()

    await userEvent.upload(page.getByLabelText('Choose a PDF'), pdf())

    await expect.element(page.getByRole('heading', { name: 'contract.pdf has 2 signatures' })).toBeVisible()
    await expect.element(page.getByText('Signature 1 by Anna Muster')).toBeVisible()
    await expect.element(page.getByRole('heading', { name: 'Valid signature' })).toBeVisible()
    await expect
      .element(page.getByRole('heading', { name: 'The document was changed after this signature' }))
      .toBeVisible()
    await expect.element(page.getByText('Advanced electronic signature').first()).toBeVisible()
    const sent = calls.find((call) => call.path === '/v1/validate')
    const file = (await sent?.request.formData())?.get('file')
    expect(file instanceof File ? file.name : file).toBe('contract.pdf')
  })

  it('says a PDF without signatures has none', async () => {
    serveApi(noMaintenance, ({ path }) => (path === '/v1/validate' ? json({ signatures: [] }) : undefined))
    await renderScreen('/validate', ValidateScreen, { messages: ['validation'] })
    await userEvent.upload(page.getByLabelText('Choose a PDF'), pdf())
    await expect.element(page.getByRole('heading', { name: 'contract.pdf has no signatures' })).toBeVisible()
  })

  it("shows the server's refusal of a file in the screen's words", async () => {
    serveApi(noMaintenance, ({ path }) =>
      path === '/v1/validate' ? refusal(422, 'validation.pdf_unreadable', 'file') : undefined,
    )
    await renderScreen('/validate', ValidateScreen, { messages: ['validation'] })
    await userEvent.upload(page.getByLabelText('Choose a PDF'), pdf())
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('This PDF cannot be read: it is damaged or not a PDF at all.')
  })
})
