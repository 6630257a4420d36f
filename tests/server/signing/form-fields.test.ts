import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import type { FormField } from '../../../contract/form-fields.ts'
import { apiPaths } from '../../../contract/paths.ts'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { a4, a4Landscape, makePdf as makeSizedPdf } from '../../fixtures/make-fixtures.ts'
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

const valid = { signature: 'Signature is Valid.', certificate: 'Certificate is Trusted.' }

describe.each(featureDrivers)('fields besides the signature on %s', (driver) => {
  let api: SigningClient
  let owner: string
  let anna: string
  let ben: string
  let dir: string
  let nssDir: string
  const annaEmail = 'anna-fields@example.com'
  const benEmail = 'ben-fields@example.com'

  beforeAll(async () => {
    api = await startSigningClient(driver)
    owner = await api.signUp('owner-fields@example.com')
    anna = await api.signUp(annaEmail)
    ben = await api.signUp(benEmail)
    dir = temporaryDirectory(`form-fields-${driver}`)
    const ca = await fetch(`${api.server.url}/api${apiPaths.pkiCa()}`)
    nssDir = trustStore(dir, await ca.text())
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  const answer = async (response: Response, status: number): Promise<SignatureRequestView> => {
    const text = await response.text()
    expect(response.status, text).toBe(status)
    return toCamelCase(JSON.parse(text)) as SignatureRequestView
  }

  /** A draft of the owner's with one uploaded PDF (of `pages` A4 pages): its id and the document's. */
  const draftWithPdf = async (title: string, pages: number | Uint8Array) => {
    const draft = await answer(
      await api.call('POST', apiPaths.signatureRequests(), { token: owner, body: { title } }),
      201,
    )
    const form = new FormData()
    form.set('title', title)
    const bytes = typeof pages === 'number' ? await makePdf(pages) : pages
    form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), 'doc.pdf')
    const upload = await fetch(`${api.server.url}/api${apiPaths.signatureRequestDocuments(draft.id)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}` },
      body: form,
    })
    expect(upload.status, await upload.clone().text()).toBe(201)
    const uploaded = await api.getRequest(owner, draft.id)
    return { id: draft.id, documentId: uploaded.documents[0]?.id ?? '' }
  }

  const addSigner = (id: string, email: string, formFields: Record<string, unknown>[]) =>
    api.call('POST', apiPaths.signatureRequestSignatures(id), {
      token: owner,
      body: { account_email: email, form_fields: formFields },
    })

  const fieldsOf = (request: SignatureRequestView, email: string): FormField[] =>
    request.signatures.find((s) => s.accountEmail === email)?.formFields ?? []

  const box = (page: number, y: number, width = 200, height = 20) => ({ page, x: 72, y, width, height })

  it('writes the values of two signers into the PDF they sign, every signature valid', async () => {
    const { id, documentId } = await draftWithPdf('Fields', 3)
    const fieldsFor = (y: number, extra: Record<string, unknown>[]) => [
      { kind: 'text', document_id: documentId, ...box(0, y) },
      { kind: 'date', document_id: documentId, ...box(1, y) },
      { kind: 'checkbox', document_id: documentId, ...box(2, y, 20, 20) },
      { kind: 'initials', document_id: documentId, ...box(0, y - 40, 60), every_page: true },
      ...extra,
    ]
    await answer(
      await addSigner(
        id,
        annaEmail,
        fieldsFor(600, [{ kind: 'name', document_id: documentId, ...box(2, 500) }]),
      ),
      201,
    )
    const sent = await answer(
      await addSigner(
        id,
        benEmail,
        fieldsFor(400, [
          { kind: 'text', document_id: documentId, ...box(1, 300), required: false, value: 'Sender note' },
        ]),
      ),
      201,
    )
    expect(fieldsOf(sent, benEmail).map((f) => [f.kind, f.page, f.value, f.filledBy])).toEqual([
      ['text', 0, null, null],
      ['date', 1, null, null],
      ['checkbox', 2, null, null],
      ['initials', 0, null, null],
      ['initials', 1, null, null],
      ['initials', 2, null, null],
      ['text', 1, 'Sender note', 'sender'],
    ])
    await answer(await api.call('POST', apiPaths.initiateSignatureRequest(id), { token: owner }), 200)

    const annaFields = fieldsOf(await api.getRequest(anna, id), annaEmail)
    const [text, date, checkbox, ...rest] = annaFields.map((f) => f.id)
    const initials = annaFields.filter((f) => f.kind === 'initials').map((f) => f.id)
    expect(initials).toHaveLength(3)
    expect(rest).toHaveLength(4)
    const values = (entries: [string | undefined, string][]) =>
      entries.map(([fieldId, value]) => ({ field_id: fieldId, value }))
    const annaValues = values([
      [text, 'Flat 4, second floor'],
      [date, '2026-12-31'],
      [checkbox, 'true'],
      ...initials.map((fieldId): [string, string] => [fieldId, 'AB']),
    ])
    const sign = (token: string, formValues: unknown[]) =>
      api.sign(token, [{ signature_request_id: id, form_values: formValues } as never])
    const invalid = 'request.invalid'
    // Wrong values are refused before anything is signed, naming the value.
    await api.expectError(
      await sign(anna, values([[date, '31.12.2026']])),
      400,
      invalid,
      'signature_requests.0.form_values.0.value',
    )
    await api.expectError(
      await sign(anna, values([[checkbox, 'yes']])),
      400,
      invalid,
      'signature_requests.0.form_values.0.value',
    )
    await api.expectError(
      await sign(anna, values([[initials[0], 'ABCDEFGHIJK']])),
      400,
      invalid,
      'signature_requests.0.form_values.0.value',
    )
    await api.expectError(
      await sign(anna, values([[fieldsOf(sent, benEmail)[0]?.id, 'not mine']])),
      400,
      invalid,
      'signature_requests.0.form_values.0.field_id',
    )
    // A required checkbox left unticked is a required field not filled.
    await api.expectError(
      await sign(
        anna,
        annaValues.map((v) => (v.field_id === checkbox ? { ...v, value: 'false' } : v)),
      ),
      400,
      invalid,
      'signature_requests.0.form_values',
    )
    expect((await api.getRequest(anna, id)).signatureStatus).toBe('OPEN')

    expect(
      (await api.sign(anna, [{ signature_request_id: id, form_values: annaValues } as never])).status,
    ).toBe(200)
    const benFields = fieldsOf(await api.getRequest(ben, id), benEmail)
    // Ben leaves his date out: it is the signing date.
    const benValues = benFields.flatMap((f) =>
      f.kind === 'text' && f.value === null
        ? [{ field_id: f.id, value: 'Ben typed this' }]
        : f.kind === 'checkbox'
          ? [{ field_id: f.id, value: 'true' }]
          : f.kind === 'initials'
            ? [{ field_id: f.id, value: 'BC' }]
            : [],
    )
    expect((await sign(ben, benValues)).status).toBe(200)

    const done = await api.getRequest(owner, id)
    expect(done.statusOverall).toBe('SIGNED')
    const today = new Date().toISOString().slice(0, 10)
    expect(fieldsOf(done, annaEmail).map((f) => [f.kind, f.value, f.filledBy])).toEqual([
      ['text', 'Flat 4, second floor', 'signer'],
      ['date', '2026-12-31', 'signer'],
      ['checkbox', 'true', 'signer'],
      ['initials', 'AB', 'signer'],
      ['initials', 'AB', 'signer'],
      ['initials', 'AB', 'signer'],
      // The name of Anna's account, as she signed up.
      ['name', 'Ada Lovelace', 'signer'],
    ])
    expect(fieldsOf(done, benEmail).find((f) => f.kind === 'date')?.value).toBe(today)
    expect(fieldsOf(done, benEmail).at(-1)).toMatchObject({ value: 'Sender note', filledBy: 'sender' })

    const bytes = await api.downloadSigned(owner, documentId)
    const words = pdftotext(dir, bytes)
    for (const value of [
      'Flat 4, second floor',
      '2026-12-31',
      'Ben typed this',
      today,
      'Sender note',
      'Ada Lovelace',
    ])
      expect(words).toContain(value)
    expect(words.match(/\bAB\b/g)?.length).toBeGreaterThanOrEqual(3)
    expect(words.match(/\bBC\b/g)?.length).toBeGreaterThanOrEqual(3)
    expect(await pdfsig(dir, bytes, nssDir)).toEqual([valid, valid, documentTimestamp])

    // The report lists each value and who gave it.
    const report = await fetch(
      `${api.server.url}/api${apiPaths.signatureRequestReport(id, 'pdf', 'en-gb')}`,
      {
        headers: { authorization: `Bearer ${owner}` },
      },
    )
    expect(report.status).toBe(200)
    const reported = pdftotext(dir, new Uint8Array(await report.arrayBuffer())).replace(/\s+/g, ' ')
    expect(reported).toContain('Text, Fields, page 1: Flat 4, second floor (given by the signer)')
    expect(reported).toContain('Checkbox, Fields, page 3: ticked (given by the signer)')
    expect(reported).toContain('Initials, Fields, page 2: BC (given by the signer)')
    expect(reported).toContain(`Date, Fields, page 2: ${today} (given by the signer)`)
    expect(reported).toContain('Text, Fields, page 2: Sender note (given by the sender)')
  })

  it('takes fields on POST /v3/signature-requests and refuses wrong ones with the field named', async () => {
    const { documentId } = await draftWithPdf('Source', 2)
    const create = (field: Record<string, unknown>) =>
      api.call('POST', apiPaths.signatureRequests(), {
        token: owner,
        body: {
          title: 'With fields',
          documents: [{ id: documentId }],
          signatures: [{ account_email: annaEmail, form_fields: [{ document_id: documentId, ...field }] }],
        },
      })
    const created = await answer(
      await create({ kind: 'checkbox', ...box(1, 100, 20, 20), value: 'true' }),
      201,
    )
    expect(fieldsOf(created, annaEmail)).toMatchObject([
      { kind: 'checkbox', page: 1, required: true, value: 'true', filledBy: 'sender' },
    ])
    await api.expectError(await create({ kind: 'stamp', ...box(0, 100) }), 400, 'request.invalid')
    await api.expectError(
      await create({ kind: 'date', ...box(0, 100), value: '2026-02-30' }),
      400,
      'request.invalid',
      'signatures.0.form_fields.0.value',
    )
    await api.expectError(
      await create({ kind: 'name', ...box(0, 100), value: 'Someone else' }),
      400,
      'request.invalid',
      'signatures.0.form_fields.0.value',
    )
    await api.expectError(
      await create({ kind: 'text', ...box(2, 100) }),
      400,
      'request.invalid',
      'signatures.0.form_fields.0.page',
    )

    // Placing a signer's fields replaces their fields besides the signature, checked alike.
    const signatureId = created.signatures[0]?.id ?? ''
    const place = (formFields: Record<string, unknown>[]) =>
      api.call('PUT', apiPaths.signatureRequestSignature(created.id, signatureId), {
        token: owner,
        body: { document_signatures: [], form_fields: formFields },
      })
    const placed = await answer(
      await place([{ kind: 'initials', document_id: documentId, ...box(0, 60, 60), every_page: true }]),
      200,
    )
    expect(fieldsOf(placed, annaEmail).map((f) => [f.kind, f.page])).toEqual([
      ['initials', 0],
      ['initials', 1],
    ])
    await api.expectError(
      await place([{ kind: 'text', document_id: documentId, ...box(0, 830) }]),
      400,
      'request.invalid',
      'form_fields.0',
    )
  })

  it('refuses fields that overlap on a page with 400 naming both, on create, add and place', async () => {
    const { documentId } = await draftWithPdf('Overlap', 2)
    const signature = (page: number, y: number) => ({ document_id: documentId, ...box(page, y, 150, 70) })
    const field = (kind: string, page: number, y: number, extra: Record<string, unknown> = {}) => ({
      kind,
      document_id: documentId,
      ...box(page, y),
      ...extra,
    })
    const refused = async (response: Response, field: string, other: string) => {
      const body = (await response.json()) as {
        status: number
        code: string
        field?: string
        message: string
      }
      expect(body).toMatchObject({ status: 400, code: 'request.invalid', field })
      expect(body.message).toContain(other)
    }
    const create = (signatures: Record<string, unknown>[]) =>
      api.call('POST', apiPaths.signatureRequests(), {
        token: owner,
        body: { title: 'Overlapping fields', documents: [{ id: documentId }], signatures },
      })
    // Ben's text field runs into Anna's signature on the first page.
    await refused(
      await create([
        { account_email: annaEmail, document_signatures: [signature(0, 100)] },
        { account_email: benEmail, form_fields: [field('text', 0, 150)] },
      ]),
      'signatures.1.form_fields.0',
      'signatures.0.document_signatures.0',
    )
    // Initials on every page run into one signer's own date on the second page.
    await refused(
      await create([
        {
          account_email: annaEmail,
          form_fields: [field('date', 1, 300), field('initials', 0, 310, { every_page: true })],
        },
      ]),
      'signatures.0.form_fields.1',
      'signatures.0.form_fields.0',
    )
    // Fields side by side, or on another page, are fine.
    const created = await answer(
      await create([
        { account_email: annaEmail, document_signatures: [signature(0, 100)] },
        { account_email: benEmail, form_fields: [field('text', 0, 170), field('text', 1, 100)] },
      ]),
      201,
    )
    // A signer added later, or a signer's fields placed again, may not cover another's either.
    await refused(
      await api.call('POST', apiPaths.signatureRequestSignatures(created.id), {
        token: owner,
        body: { account_email: 'carl-fields@example.com', document_signatures: [signature(1, 50)] },
      }),
      'document_signatures.0',
      `the text field of ${benEmail}`,
    )
    const annaSignature = created.signatures.find((s) => s.accountEmail === annaEmail)?.id ?? ''
    await refused(
      await api.call('PUT', apiPaths.signatureRequestSignature(created.id, annaSignature), {
        token: owner,
        body: { document_signatures: [signature(0, 120)] },
      }),
      'document_signatures.0',
      `the text field of ${benEmail}`,
    )
    // Moving Anna's own signature a little, clear of Ben's text, is taken.
    await answer(
      await api.call('PUT', apiPaths.signatureRequestSignature(created.id, annaSignature), {
        token: owner,
        body: { document_signatures: [signature(0, 90)] },
      }),
      200,
    )
  })
  it('keeps a signature clear of the fields to fill: suggested clear, placed over one 400', async () => {
    const { id, documentId } = await draftWithPdf('Signature over a field', 1)
    await answer(
      await addSigner(id, annaEmail, [{ kind: 'text', document_id: documentId, ...box(0, 600) }]),
      201,
    )
    const suggested = (request: SignatureRequestView) => {
      const field = request.signatures.find((s) => s.accountEmail === annaEmail)?.documentSignatures[0]
      if (field === undefined) throw new Error('Anna has no signature field')
      return field
    }
    // Ben's checkbox goes where the app suggested Anna signs: her suggestion moves clear of it.
    const before = suggested(await api.getRequest(owner, id))
    const checkbox = { page: 0, x: before.x + 10, y: before.y + 10, width: 20, height: 20 }
    const overlaps = (a: typeof checkbox, b: typeof checkbox) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    await answer(
      await addSigner(id, benEmail, [{ kind: 'checkbox', document_id: documentId, ...checkbox }]),
      201,
    )
    await answer(await api.call('POST', apiPaths.initiateSignatureRequest(id), { token: owner }), 200)
    const sent = await api.getRequest(anna, id)
    expect(overlaps(suggested(sent), checkbox)).toBe(false)
    const [text] = fieldsOf(sent, annaEmail)
    const sign = (placement: Record<string, unknown>) =>
      api.sign(anna, [
        {
          signature_request_id: id,
          document_signatures: [{ document_id: documentId, page: 0, ...placement }],
          form_values: [{ field_id: text?.id, value: 'Typed' }],
        } as never,
      ])
    const refused = async (response: Response, other: string) => {
      const body = (await response.json()) as { status: number; field?: string; message: string }
      expect(body).toMatchObject({ status: 400, field: 'signature_requests.0.document_signatures.0' })
      expect(body.message).toContain(other)
    }
    // Over her own text field, or Ben's checkbox: refused, naming the field, before anything is signed.
    await refused(await sign({ x: 100, y: 580 }), `the text field of ${annaEmail}`)
    await refused(await sign({ ...checkbox, width: 150, height: 70 }), `the checkbox field of ${benEmail}`)
    expect((await api.getRequest(anna, id)).signatureStatus).toBe('OPEN')
    // Clear of both, it signs.
    expect((await sign({ x: 300, y: 300, width: 150, height: 70 })).status).toBe(200)
  })
  it('keeps a signature clear of the other signers’ signatures: over one 400, a page alone clear', async () => {
    const { id, documentId } = await draftWithPdf('Signature over a signature', 2)
    const benField = { page: 0, x: 72, y: 400, width: 150, height: 70 }
    await answer(await addSigner(id, annaEmail, []), 201)
    await answer(
      await api.call('POST', apiPaths.signatureRequestSignatures(id), {
        token: owner,
        body: { account_email: benEmail, document_signatures: [{ document_id: documentId, ...benField }] },
      }),
      201,
    )
    await answer(await api.call('POST', apiPaths.initiateSignatureRequest(id), { token: owner }), 200)
    const sign = (token: string, placement: Record<string, unknown>) =>
      api.sign(token, [
        {
          signature_request_id: id,
          document_signatures: [{ document_id: documentId, ...placement }],
        } as never,
      ])
    const refused = async (response: Response, other: string) => {
      const body = (await response.json()) as { status: number; field?: string; message: string }
      expect(body).toMatchObject({ status: 400, field: 'signature_requests.0.document_signatures.0' })
      expect(body.message).toContain(other)
    }
    // Over the field the sender placed for Ben: refused, naming both, before anything is signed.
    await refused(await sign(anna, { ...benField, x: 100 }), `the signature field of ${benEmail}`)
    expect((await api.getRequest(anna, id)).signatureStatus).toBe('OPEN')
    // Anna signs in the bottom-left corner of the second page, where a page alone used to put every signature.
    const annaBox = { page: 1, x: 36, y: 36, width: 300, height: 140 }
    expect((await sign(anna, annaBox)).status).toBe(200)
    // Ben may not sign over her signature.
    await refused(await sign(ben, { ...annaBox, x: 60, y: 60 }), `the signature of ${annaEmail}`)
    // Naming the second page alone, his signature goes to a free place of that page, clear of hers.
    expect((await sign(ben, { page: 1 })).status).toBe(200)
    const signed = await api.getRequest(owner, id)
    const fieldOf = (email: string) =>
      signed.signatures.find((s) => s.accountEmail === email)?.documentSignatures[0]
    const annaSigned = fieldOf(annaEmail)
    const benSigned = fieldOf(benEmail)
    expect(annaSigned).toMatchObject(annaBox)
    expect(benSigned?.page).toBe(1)
    const apart = (a: typeof annaBox, b: typeof annaBox) =>
      a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y
    expect(apart(annaSigned ?? annaBox, benSigned ?? annaBox)).toBe(true)
    expect(signed.statusOverall).toBe('SIGNED')
  })
  it('fits a field on every page to each page of a document of mixed page sizes', async () => {
    const { id, documentId } = await draftWithPdf(
      'Mixed pages',
      await makeSizedPdf([a4, a4Landscape, [300, 400]]),
    )
    // Fits the first page (A4 portrait), but is too high for the landscape page, too wide for the small one.
    const initials = {
      kind: 'initials',
      document_id: documentId,
      page: 0,
      x: 250,
      y: 780,
      width: 320,
      height: 40,
      every_page: true,
    }
    // Where it is fitted is where it must stand apart: here over the signer's text field on the small page.
    await api.expectError(
      await addSigner(id, benEmail, [
        { kind: 'text', document_id: documentId, page: 2, x: 0, y: 350, width: 200, height: 20 },
        initials,
      ]),
      400,
      'request.invalid',
      'form_fields.1',
    )
    const placed = fieldsOf(await answer(await addSigner(id, annaEmail, [initials]), 201), annaEmail)
    expect(placed.map(({ page, x, y, width, height }) => ({ page, x, y, width, height }))).toEqual([
      { page: 0, x: 250, y: 780, width: 320, height: 40 },
      { page: 1, x: 250, y: a4Landscape[1] - 40, width: 320, height: 40 },
      { page: 2, x: 0, y: 360, width: 300, height: 40 },
    ])
  })

  it('keeps the ids of a signer’s fields when they are placed again', async () => {
    const { id, documentId } = await draftWithPdf('Stable ids', 1)
    const added = await answer(
      await addSigner(id, annaEmail, [
        { kind: 'text', document_id: documentId, ...box(0, 600) },
        { kind: 'date', document_id: documentId, ...box(0, 500) },
      ]),
      201,
    )
    const signatureId = added.signatures.find((s) => s.accountEmail === annaEmail)?.id ?? ''
    const [text, date] = fieldsOf(added, annaEmail)
    const place = (formFields: Record<string, unknown>[]) =>
      api.call('PUT', apiPaths.signatureRequestSignature(id, signatureId), {
        token: owner,
        body: { document_signatures: [], form_fields: formFields },
      })
    const again = (field: FormField | undefined, y: number) => ({
      id: field?.id,
      kind: field?.kind,
      document_id: documentId,
      ...box(0, y),
      required: false,
    })
    // Both moved and made optional, and a checkbox added: the two keep their ids, the checkbox has a new one.
    const placed = fieldsOf(
      await answer(
        await place([
          again(text, 650),
          again(date, 450),
          { kind: 'checkbox', document_id: documentId, ...box(0, 300, 20, 20) },
        ]),
        200,
      ),
      annaEmail,
    )
    expect(placed.map((f) => [f.kind, f.y, f.required])).toEqual([
      ['text', 650, false],
      ['date', 450, false],
      ['checkbox', 300, true],
    ])
    expect(placed[0]?.id).toBe(text?.id)
    expect(placed[1]?.id).toBe(date?.id)
    expect([text?.id, date?.id]).not.toContain(placed[2]?.id)
    expect(fieldsOf(await api.getRequest(owner, id), annaEmail).map((f) => f.id)).toEqual(
      placed.map((f) => f.id),
    )
    // An id of no field of hers, one given twice, or one on a field asked on every page is refused.
    const invalid = 'request.invalid'
    await api.expectError(
      await place([{ ...again(text, 650), id: crypto.randomUUID() }]),
      400,
      invalid,
      'form_fields.0.id',
    )
    await api.expectError(
      await place([again(text, 650), { ...again(text, 450), kind: 'date' }]),
      400,
      invalid,
      'form_fields.1.id',
    )
    await api.expectError(
      await place([{ ...again(text, 650), kind: 'initials', every_page: true }]),
      400,
      invalid,
      'form_fields.0.id',
    )
  })
})
