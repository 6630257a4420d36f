import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import { apiPaths } from '../../../contract/paths.ts'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import type { TemplatePage, TemplateView } from '../../../contract/templates.ts'
import { type DatabaseHandle, openDatabase } from '../../../server/db/open-database.ts'
import { documents } from '../../../server/db/schema/documents.ts'
import { templateDocuments } from '../../../server/db/schema/templates.ts'
import { orphanAgeMs, sweepOrphanFiles } from '../../../server/documents/sweep-orphan-files.ts'
import { createFileStorage } from '../../../server/storage/create-file-storage.ts'
import { a4, makePdf } from '../../fixtures/make-fixtures.ts'
import { join as joinBusiness, openBusiness } from '../businesses/business-client.ts'
import { type SigningClient, startSigningClient } from '../signing/signing-client.ts'
import { featureDrivers } from '../test-database.ts'
import { uploadDistinctDocument } from './upload-distinct-document.ts'

const adminEmail = 'ada@templates.example'
const memberEmail = 'max@templates.example'
const outsiderEmail = 'otto@elsewhere.example'
const employeeEmail = 'emma@example.com'
const hrEmail = 'hank@example.com'
const guestEmail = 'guest@example.com'

/** Issue 41 §1: templates with roles, kept by their owner or shared with the business, and requests from them. */
describe.each(featureDrivers)('templates on %s', (driver) => {
  let api: SigningClient
  let handle: DatabaseHandle
  let admin: string
  let member: string
  let outsider: string
  let employee: string
  let hr: string

  beforeAll(async () => {
    api = await startSigningClient(driver)
    handle = await openDatabase(api.server.database)
    admin = await api.signUp(adminEmail)
    member = await api.signUp(memberEmail)
    outsider = await api.signUp(outsiderEmail)
    employee = await api.signUp(employeeEmail)
    hr = await api.signUp(hrEmail)
    const business = await openBusiness(api, admin, 'Templates AG')
    await joinBusiness(api, admin, business, memberEmail, member)
  })

  afterAll(async () => {
    await handle?.close()
    await api?.server.stop()
  })

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const text = await response.text()
    expect(response.status, text).toBe(status)
    return toCamelCase(JSON.parse(text)) as T
  }
  /** The error answer of `response`, checked to have `status`. */
  const refusal = (response: Response, status: number) =>
    json<{ code: string; field?: string; message: string }>(response, status)
  const call = (token: string, method: string, path: string, body?: unknown) =>
    api.call(method, path, { token, body })

  const uploadDocument = (token: string) => uploadDistinctDocument(api, token, 'Employment contract')

  /** A template of `token`'s with roles Employee and HR signing one document in that order. */
  async function twoRoleTemplate(token: string, title: string, shared = false): Promise<TemplateView> {
    const document = await uploadDocument(token)
    return json(
      await call(token, 'POST', apiPaths.templates(), {
        title,
        documents: [{ id: document.id }],
        roles: [
          {
            name: 'Employee',
            document_signatures: [
              { document_id: document.id, page: 0, x: 40, y: 40, width: 240, height: 112 },
            ],
            form_fields: [
              { kind: 'date', document_id: document.id, page: 0, x: 40, y: 400, width: 120, height: 20 },
            ],
          },
          {
            name: 'HR',
            sequence: 2,
            document_signatures: [
              { document_id: document.id, page: 0, x: 300, y: 40, width: 240, height: 112 },
            ],
          },
        ],
        shared,
      }),
      201,
    )
  }

  const signers = [
    { role: 'Employee', account_email: employeeEmail },
    { role: 'HR', account_email: hrEmail },
  ]

  it('saves a request as a template, starts one from it, and the template stays as it was once signed', async () => {
    const document = await uploadDocument(admin)
    const expiresAt = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString()
    const request = await json<SignatureRequestView>(
      await call(admin, 'POST', apiPaths.signatureRequests(), {
        title: 'Employment contract Emma',
        message: 'Welcome aboard',
        documents: [{ id: document.id }],
        expires_at: expiresAt,
        reminders: { every_days: 3, at_most: 2 },
        signatures: [
          {
            account_email: 'first@example.com',
            sequence: 1,
            document_signatures: [
              { document_id: document.id, page: 0, x: 40, y: 40, width: 240, height: 112 },
            ],
            form_fields: [
              {
                kind: 'text',
                document_id: document.id,
                page: 0,
                x: 40,
                y: 300,
                width: 200,
                height: 20,
                value: 'Zürich',
              },
              {
                kind: 'date',
                document_id: document.id,
                page: 0,
                x: 40,
                y: 400,
                width: 120,
                height: 20,
                required: false,
              },
            ],
          },
          {
            account_email: 'second@example.com',
            sequence: 2,
            document_signatures: [
              { document_id: document.id, page: 0, x: 300, y: 40, width: 240, height: 112 },
            ],
          },
        ],
      }),
      201,
    )
    const [first, second] = request.signatures
    if (first === undefined || second === undefined) throw new Error('two signers expected')

    const template = await json<TemplateView>(
      await call(admin, 'POST', apiPaths.saveRequestAsTemplate(request.id), {
        roles: [
          { signature_id: first.id, name: 'Employee' },
          { signature_id: second.id, name: 'HR' },
        ],
      }),
      201,
    )
    expect(template).toMatchObject({
      title: 'Employment contract Emma',
      message: 'Welcome aboard',
      isOwner: true,
      shared: false,
      mayEdit: true,
      expiresAfterDays: 10,
      reminders: { everyDays: 3, atMost: 2 },
    })
    expect(template.roles.map((r) => [r.name, r.sequence])).toEqual([
      ['Employee', 1],
      ['HR', 2],
    ])
    const [copy] = template.documents
    expect(copy?.sha256).toBe(document.sha256)
    expect(copy?.id).not.toBe(document.id)
    const employeeRole = template.roles[0]
    expect(employeeRole?.documentSignatures.map((f) => f.documentId)).toEqual([copy?.id])
    expect(employeeRole?.formFields.map((f) => [f.kind, f.value, f.documentId])).toEqual([
      ['text', 'Zürich', copy?.id],
      ['date', null, copy?.id],
    ])
    const dateField = employeeRole?.formFields.find((f) => f.kind === 'date')

    // The request it came from goes; the template does not need it.
    expect((await call(admin, 'DELETE', apiPaths.signatureRequest(request.id))).status).toBe(204)

    const started = await json<SignatureRequestView>(
      await call(admin, 'POST', apiPaths.templateSignatureRequests(template.id), {
        signers: [
          { role: 'hr', account_email: hrEmail },
          {
            role: 'Employee',
            signer_identity_data: { email_address: employeeEmail, first_name: 'Emma', language: 'de-ch' },
          },
        ],
        prefill: [{ field_id: dateField?.id, value: '2026-12-01' }],
        send: true,
      }),
      201,
    )
    expect(started).toMatchObject({ title: template.title, message: 'Welcome aboard', statusOverall: 'OPEN' })
    expect(started.signatures.map((s) => [s.accountEmail, s.sequence])).toEqual([
      [employeeEmail, 1],
      [hrEmail, 2],
    ])
    expect(started.signatures[0]?.formFields.map((f) => [f.kind, f.value, f.filledBy])).toEqual([
      ['text', 'Zürich', 'sender'],
      ['date', '2026-12-01', 'sender'],
    ])
    expect(started.reminders).toEqual({ everyDays: 3, atMost: 2 })
    expect(started.documents.map((d) => d.sha256)).toEqual([document.sha256])
    const startedDocument = started.documents[0]?.id
    expect(startedDocument).not.toBe(copy?.id)
    expect(started.signatures[0]?.documentSignatures.map((f) => f.documentId)).toEqual([startedDocument])

    await api.signed(employee, [{ signature_request_id: started.id }])
    await api.signed(hr, [{ signature_request_id: started.id }])
    expect((await api.getRequest(admin, started.id)).statusOverall).toBe('SIGNED')

    expect(await json<TemplateView>(await call(admin, 'GET', apiPaths.template(template.id)))).toEqual(
      template,
    )
  })

  it('keeps the stored file of a template when the documents it was copied from go, and through the sweep', async () => {
    const template = await twoRoleTemplate(admin, 'Kept file')
    const sha256 = template.documents[0]?.sha256 ?? ''
    const originals = await handle.db.select().from(documents).where(eq(documents.sha256, sha256))
    expect(originals).toHaveLength(1)
    for (const original of originals) {
      expect((await call(admin, 'DELETE', apiPaths.document(original.id))).status).toBe(204)
    }
    const storage = createFileStorage({ dataDir: api.server.dataDir })
    await sweepOrphanFiles({
      db: handle.db,
      storage,
      tempDir: join(api.server.dataDir, 'tmp'),
      now: () => new Date(Date.now() + orphanAgeMs + 60_000),
    })

    const started = await json<SignatureRequestView>(
      await call(admin, 'POST', apiPaths.templateSignatureRequests(template.id), { signers }),
      201,
    )
    expect(started.statusOverall).toBe('DRAFT')
    const download = await call(admin, 'GET', apiPaths.documentDownload(started.documents[0]?.id ?? ''))
    expect(download.status).toBe(200)
    const bytes = new Uint8Array(await download.arrayBuffer())
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(sha256)

    // Deleting the template leaves the request its copy.
    expect((await call(admin, 'DELETE', apiPaths.template(template.id))).status).toBe(204)
    expect(
      await handle.db.select().from(templateDocuments).where(eq(templateDocuments.templateId, template.id)),
    ).toEqual([])
    expect((await call(admin, 'GET', apiPaths.documentDownload(started.documents[0]?.id ?? ''))).status).toBe(
      200,
    )
  })

  it('names what is wrong with the signers and values of a new request', async () => {
    const template = await twoRoleTemplate(admin, 'Checked')
    const dateField = template.roles[0]?.formFields[0]
    const start = (body: unknown) =>
      call(admin, 'POST', apiPaths.templateSignatureRequests(template.id), body)

    const unknown = await refusal(
      await start({ signers: [...signers, { role: 'Boss', account_email: 'boss@example.com' }] }),
      400,
    )
    expect(unknown).toMatchObject({ code: 'request.invalid', field: 'signers.2.role' })
    expect(unknown.message).toContain('no role "Boss"')

    const missing = await refusal(await start({ signers: [signers[0]] }), 400)
    expect(missing).toMatchObject({ code: 'request.invalid', field: 'signers' })
    expect(missing.message).toContain('no signer for role "HR"')

    const twice = await refusal(await start({ signers: [...signers, signers[0]] }), 400)
    expect(twice).toMatchObject({ field: 'signers.2.role' })

    const samePerson = await refusal(
      await start({ signers: [signers[0], { role: 'HR', account_email: employeeEmail }] }),
      400,
    )
    expect(samePerson).toMatchObject({ field: 'signers.1.account_email' })

    const badValue = await refusal(
      await start({ signers, prefill: [{ field_id: dateField?.id, value: 'next Friday' }] }),
      400,
    )
    expect(badValue).toMatchObject({ code: 'request.invalid', field: 'prefill.0.value' })
    expect(badValue.message).toContain('YYYY-MM-DD')

    const unknownField = await refusal(
      await start({ signers, prefill: [{ field_id: crypto.randomUUID(), value: 'x' }] }),
      400,
    )
    expect(unknownField).toMatchObject({ field: 'prefill.0.field_id' })

    // Nothing was left behind by the refused calls: no request, and the template is as it was.
    const drafts = await json<{ total: number }>(
      await call(admin, 'GET', `${apiPaths.signatureRequests()}?title=Checked`),
    )
    expect(drafts.total).toBe(0)
    expect(await json<TemplateView>(await call(admin, 'GET', apiPaths.template(template.id)))).toEqual(
      template,
    )
  })

  it('refuses templates whose roles are named twice or whose fields are off the document', async () => {
    const document = await uploadDocument(admin)
    const twice = await refusal(
      await call(admin, 'POST', apiPaths.templates(), {
        title: 'Twice',
        documents: [{ id: document.id }],
        roles: [{ name: 'HR' }, { name: 'hr' }],
      }),
      400,
    )
    expect(twice.field).toBe('roles')
    const off = await refusal(
      await call(admin, 'POST', apiPaths.templates(), {
        title: 'Off',
        documents: [{ id: document.id }],
        roles: [
          {
            name: 'HR',
            document_signatures: [{ document_id: document.id, page: 3, x: 0, y: 0, width: 240, height: 112 }],
          },
        ],
      }),
      400,
    )
    expect(off.field).toMatch(/^roles\.0\.document_signatures\.0/)
    const empty = await refusal(
      await call(admin, 'POST', apiPaths.templates(), {
        title: 'Empty',
        documents: [],
        roles: [{ name: 'HR' }],
      }),
      400,
    )
    expect(empty).toMatchObject({ code: 'request.invalid', field: 'documents' })
    const foreign = await uploadDocument(outsider)
    const notYours = await refusal(
      await call(admin, 'POST', apiPaths.templates(), {
        title: 'Foreign',
        documents: [{ id: foreign.id }],
        roles: [{ name: 'HR' }],
      }),
      404,
    )
    expect(notYours).toMatchObject({ code: 'document.not_found', field: 'documents.0.id' })
  })

  it('keeps a template its owner’s alone until an admin shares it with the business', async () => {
    const own = await twoRoleTemplate(member, 'Member’s own')
    for (const other of [admin, outsider]) {
      expect((await refusal(await call(other, 'GET', apiPaths.template(own.id)), 404)).code).toBe(
        'template.not_found',
      )
      expect((await call(other, 'PUT', apiPaths.template(own.id), { title: 'Taken' })).status).toBe(404)
      expect((await call(other, 'DELETE', apiPaths.template(own.id))).status).toBe(404)
      expect(
        (await call(other, 'POST', apiPaths.templateSignatureRequests(own.id), { signers })).status,
      ).toBe(404)
    }
    // A member may not share.
    expect(
      (await refusal(await call(member, 'PUT', apiPaths.template(own.id), { shared: true }), 403)).code,
    ).toBe('business.not_allowed')
    expect((await call(member, 'PUT', apiPaths.template(own.id), { title: 'Mine' })).status).toBe(200)

    const shared = await twoRoleTemplate(admin, 'Business NDA', true)
    expect(shared).toMatchObject({ shared: true, mayEdit: true })
    const asMember = await json<TemplateView>(await call(member, 'GET', apiPaths.template(shared.id)))
    expect(asMember).toMatchObject({ shared: true, mayEdit: false, isOwner: false, ownerEmail: adminEmail })
    // Members use it, and the request is theirs.
    const started = await json<SignatureRequestView>(
      await call(member, 'POST', apiPaths.templateSignatureRequests(shared.id), { signers }),
      201,
    )
    expect(started.ownerEmail).toBe(memberEmail)
    // Only admins change or delete it; outside the business it is unknown.
    expect((await call(member, 'PUT', apiPaths.template(shared.id), { title: 'Changed' })).status).toBe(403)
    expect((await call(member, 'DELETE', apiPaths.template(shared.id))).status).toBe(403)
    expect((await call(outsider, 'GET', apiPaths.template(shared.id))).status).toBe(404)
    expect(
      (await call(outsider, 'POST', apiPaths.templateSignatureRequests(shared.id), { signers })).status,
    ).toBe(404)

    const listed = await json<TemplatePage>(await call(member, 'GET', apiPaths.templates()))
    expect(listed.items.map((t) => t.title).sort()).toEqual(['Business NDA', 'Mine'])
    const searched = await json<TemplatePage>(await call(member, 'GET', `${apiPaths.templates()}?title=nda`))
    expect(searched.items.map((t) => t.title)).toEqual(['Business NDA'])
    const outsiders = await json<TemplatePage>(await call(outsider, 'GET', apiPaths.templates()))
    expect(outsiders.items.map((t) => t.title)).not.toContain('Business NDA')

    // Taken back, it is the admin's alone again.
    await json(await call(admin, 'PUT', apiPaths.template(shared.id), { shared: false }))
    expect((await call(member, 'GET', apiPaths.template(shared.id))).status).toBe(404)
  })

  it('changes roles and follow-up, and a signer of a request may not save it as a template', async () => {
    const template = await twoRoleTemplate(admin, 'Editable')
    const [employeeRole, hrRole] = template.roles
    const changed = await json<TemplateView>(
      await call(admin, 'PUT', apiPaths.template(template.id), {
        message: 'Please sign',
        expires_after_days: 14,
        reminders: { every_days: 2, at_most: 3 },
        roles: [
          { ...hrRole, name: 'Manager', sequence: 1 },
          {
            name: 'Employee',
            sequence: 2,
            document_signatures: employeeRole?.documentSignatures,
            form_fields: employeeRole?.formFields.map(({ filledBy: _, value: __, ...field }) => field),
          },
        ],
      }),
    )
    expect(changed.roles.map((r) => [r.name, r.sequence])).toEqual([
      ['Manager', 1],
      ['Employee', 2],
    ])
    // A field keeps its id, so a prefill of it still works.
    expect(changed.roles[1]?.formFields[0]?.id).toBe(employeeRole?.formFields[0]?.id)
    expect(changed).toMatchObject({
      message: 'Please sign',
      expiresAfterDays: 14,
      reminders: { everyDays: 2, atMost: 3 },
    })

    const open = await api.openRequest(admin, 'Sent to Emma', [employeeEmail], [await makePdf([a4])])
    expect(
      (await refusal(await call(employee, 'POST', apiPaths.saveRequestAsTemplate(open.id), {}), 409)).code,
    ).toBe('signature_request.not_owner')
    expect((await call(outsider, 'POST', apiPaths.saveRequestAsTemplate(open.id), {})).status).toBe(404)
    const saved = await json<TemplateView>(
      await call(admin, 'POST', apiPaths.saveRequestAsTemplate(open.id), {}),
      201,
    )
    expect(saved.roles.map((r) => r.name)).toEqual(['Signer 1'])
    expect(saved.expiresAfterDays).toBeNull()
  })

  it('asks a request’s signer for the authentication of their role, also after they delegate it', async () => {
    const template = await twoRoleTemplate(admin, 'Guarded')
    expect(template.roles.map((r) => r.authentication)).toEqual(['tan', 'tan'])
    const [employeeRole, hrRole] = template.roles
    const roleInput = (role: TemplateView['roles'][number] | undefined) => ({
      name: role?.name,
      sequence: role?.sequence,
      document_signatures: role?.documentSignatures,
      form_fields: role?.formFields.map(({ filledBy: _, value: __, ...field }) => field),
    })
    const changed = await json<TemplateView>(
      await call(admin, 'PUT', apiPaths.template(template.id), {
        roles: [
          { ...roleInput(employeeRole), authentication: 'second_factor' },
          { ...roleInput(hrRole), authentication: 'account_sign_in' },
        ],
      }),
    )
    expect(changed.roles.map((r) => [r.name, r.authentication])).toEqual([
      ['Employee', 'second_factor'],
      ['HR', 'account_sign_in'],
    ])
    expect(
      (
        await refusal(
          await call(admin, 'PUT', apiPaths.template(template.id), {
            roles: [{ name: 'Employee', authentication: 'sms' }],
          }),
          400,
        )
      ).field,
    ).toBe('roles.0.authentication')

    const started = await json<SignatureRequestView>(
      await call(admin, 'POST', apiPaths.templateSignatureRequests(template.id), { signers, send: true }),
      201,
    )
    expect(started.signatures.map((s) => [s.accountEmail, s.authentication])).toEqual([
      [employeeEmail, 'second_factor'],
      [hrEmail, 'account_sign_in'],
    ])
    // Emma hands her signature on: her deputy is asked for the same second factor.
    expect(
      (
        await call(employee, 'POST', apiPaths.delegateSignatureRequest(started.id), {
          account_email: 'deputy@templates.example',
          message: '',
        })
      ).status,
    ).toBe(204)
    const delegated = await json<SignatureRequestView>(
      await call(admin, 'GET', apiPaths.signatureRequest(started.id)),
    )
    expect(delegated.signatures.map((s) => [s.accountEmail, s.authentication])).toEqual([
      ['deputy@templates.example', 'second_factor'],
      [hrEmail, 'account_sign_in'],
    ])
    // Saved as a template again, the roles keep what their signers were asked for.
    const saved = await json<TemplateView>(
      await call(admin, 'POST', apiPaths.saveRequestAsTemplate(started.id), {}),
      201,
    )
    expect(saved.roles.map((r) => r.authentication)).toEqual(['second_factor', 'account_sign_in'])
  })

  it('starts a request for a direct-link signer without an account', async () => {
    const template = await twoRoleTemplate(admin, 'Guest')
    const started = await json<SignatureRequestView>(
      await call(admin, 'POST', apiPaths.templateSignatureRequests(template.id), {
        signers: [
          { role: 'Employee', signer_identity_data: { email_address: guestEmail, first_name: 'Gus' } },
          signers[1],
        ],
        send: true,
      }),
      201,
    )
    expect(started.signatures[0]).toMatchObject({
      accountEmail: guestEmail,
      signerIdentityData: { emailAddress: guestEmail, firstName: 'Gus' },
      status: 'OPEN',
    })
  })

  it('shows a template’s pages to those who may use it, and to nobody else', async () => {
    const own = await twoRoleTemplate(admin, 'Pages')
    const shared = await twoRoleTemplate(admin, 'Shared pages', true)
    const pageOf = (template: TemplateView) => apiPaths.documentPage(template.documents[0]?.id ?? '', 0, 50)
    // The renderer answers at once or asks to come back (202); either way the caller may see the page.
    expect([200, 202]).toContain((await call(admin, 'GET', pageOf(own))).status)
    expect([200, 202]).toContain((await call(member, 'GET', pageOf(shared))).status)
    expect((await refusal(await call(member, 'GET', pageOf(own)), 404)).code).toBe('document.not_found')
    expect((await refusal(await call(outsider, 'GET', pageOf(shared)), 404)).code).toBe('document.not_found')
    // A template's document is not a document of the caller's: it is neither downloaded nor deleted as one.
    const document = own.documents[0]?.id ?? ''
    expect((await call(admin, 'GET', apiPaths.documentDownload(document, false))).status).toBe(404)
    expect((await call(admin, 'DELETE', `/v3/documents/${document}`)).status).toBe(404)
  })

  it('makes roles of a request’s signers in the order the request shows them', async () => {
    const document = await uploadDocument(admin)
    const request = await json<SignatureRequestView>(
      await call(admin, 'POST', apiPaths.signatureRequests(), {
        title: 'Order',
        documents: [{ id: document.id }],
        signatures: [{ account_email: 'zed@example.com' }, { account_email: 'amy@example.com' }],
      }),
      201,
    )
    expect(request.signatures.map((s) => s.accountEmail)).toEqual(['amy@example.com', 'zed@example.com'])
    // Changing the first signer's fields writes its row anew, after the other one.
    const amy = request.signatures[0]?.id ?? ''
    await json(
      await call(admin, 'PUT', apiPaths.signatureRequestSignature(request.id, amy), {
        document_signatures: [{ document_id: document.id, page: 0, x: 40, y: 40, width: 240, height: 112 }],
      }),
    )
    const template = await json<TemplateView>(
      await call(admin, 'POST', apiPaths.saveRequestAsTemplate(request.id), {}),
      201,
    )
    expect(template.roles.map((r) => [r.name, r.documentSignatures.length])).toEqual([
      ['Signer 1', 1],
      ['Signer 2', 0],
    ])
  })
})
