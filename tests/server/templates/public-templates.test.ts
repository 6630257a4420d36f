import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import { directAuthorization } from '../../../contract/direct.ts'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import type { TemplateView } from '../../../contract/templates.ts'
import { join as joinBusiness, openBusiness } from '../businesses/business-client.ts'
import { parseLink } from '../direct/direct-link.ts'
import { type SigningClient, startSigningClient } from '../signing/signing-client.ts'
import { featureDrivers } from '../test-database.ts'
import { uploadDistinctDocument } from './upload-distinct-document.ts'

const adminEmail = 'ada@public-templates.example'
const memberEmail = 'max@public-templates.example'
const outsiderEmail = 'otto@elsewhere.example'

/** Issue 41 §1 public templates: a link anyone opens to sign a template, once they confirm their e-mail. */
describe.each(featureDrivers)('public templates on %s', (driver) => {
  let api: SigningClient
  let admin: string
  let member: string
  let outsider: string

  beforeAll(async () => {
    api = await startSigningClient(driver)
    admin = await api.signUp(adminEmail)
    member = await api.signUp(memberEmail)
    outsider = await api.signUp(outsiderEmail)
    const business = await openBusiness(api, admin, 'Public AG')
    await joinBusiness(api, admin, business, memberEmail, member)
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const text = await response.text()
    expect(response.status, text).toBe(status)
    return toCamelCase(JSON.parse(text)) as T
  }
  const call = (token: string | undefined, method: string, path: string, body?: unknown) =>
    api.call(method, path, { token, body })

  const uploadDocument = (token: string) => uploadDistinctDocument(api, token, 'Non-disclosure agreement')

  /** A template of `token`'s whose roles sign one document. */
  async function template(token: string, title: string, roles = ['Visitor'], shared = false) {
    const document = await uploadDocument(token)
    return json<TemplateView>(
      await call(token, 'POST', apiPaths.templates(), {
        title,
        documents: [{ id: document.id }],
        roles: roles.map((name, at) => ({
          name,
          document_signatures: [
            { document_id: document.id, page: 0, x: 40 + 260 * at, y: 40, width: 240, height: 112 },
          ],
        })),
        shared,
      }),
      201,
    )
  }

  /** The secret of a public link switched on by `token`. */
  async function switchOn(token: string, id: string): Promise<string> {
    const { url } = await json<{ url: string }>(await call(token, 'PUT', apiPaths.templatePublicLink(id)))
    const match = /\/t\/([^/?#]+)$/.exec(url)
    expect(match, url).not.toBeNull()
    return match?.[1] ?? ''
  }

  /** A visitor asks for a code: the visit's id and the code mailed to them. */
  async function askCode(link: string, email: string, title: string, language?: string) {
    const seen = await api.mailIds()
    const { visitId } = await json<{ visitId: string }>(
      await call(undefined, 'POST', apiPaths.publicTemplateVisits(link), { email, language }),
      201,
    )
    const mail = await api.waitForMail(email, new RegExp(title), seen)
    const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1] ?? ''
    expect(code).toMatch(/^\d{6}$/)
    return { visitId, code }
  }
  const confirm = (link: string, visitId: string, code: string) =>
    call(undefined, 'POST', apiPaths.publicTemplateVisitConfirm(link, visitId), { code })

  it('lets a visitor confirm their e-mail and sign, and the owner gets the signed request', async () => {
    const nda = await template(admin, 'Website NDA')
    const link = await switchOn(admin, nda.id)
    // What the visitor sees: the title and pages, not who owns it.
    const read = await call(undefined, 'GET', apiPaths.publicTemplate(link))
    expect(await json(read)).toEqual({ title: 'Website NDA', pageCount: 1 })
    const { visitId, code } = await askCode(link, 'vera@visitor.example', 'Website NDA')
    const wrong = code === '000000' ? '000001' : '000000'
    await api.expectError(await confirm(link, visitId, wrong), 422, 'public_template.code_invalid', 'code')
    const { url } = await json<{ url: string }>(await confirm(link, visitId, code), 201)
    const signer = parseLink(url)
    // The code is used up.
    await api.expectError(await confirm(link, visitId, code), 422, 'public_template.code_invalid')
    // The code confirmed the e-mail: the visitor signs without a TAN.
    const signed = await fetch(`${api.server.url}${apiUrl(apiPaths.directSign(signer.token))}`, {
      method: 'POST',
      headers: {
        authorization: directAuthorization(signer.signatureId, signer.requestId),
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        signature_requests: [{ signature_request_id: signer.requestId, form_values: [] }],
        language: 'en',
      }),
    })
    expect(await json<{ results: unknown[] }>(signed)).toMatchObject({
      results: [{ result: 'complete', statusOverall: 'SIGNED' }],
    })
    const request = await api.getRequest(admin, signer.requestId)
    expect(request).toMatchObject({ title: 'Website NDA', statusOverall: 'SIGNED' })
    expect(request.signatures.map((s) => s.accountEmail)).toEqual(['vera@visitor.example'])
    // The visitor got the code's own mail and the signed documents, and no invitation to the page they were on.
    await api.waitForMail('vera@visitor.example', /“Website NDA” is signed/)
    const { mails } = toCamelCase(await (await call(undefined, 'GET', apiPaths.outbox())).json()) as {
      mails: { to: string; subject: string }[]
    }
    const subjects = mails.filter((m) => m.to === 'vera@visitor.example').map((m) => m.subject)
    expect(subjects.sort()).toEqual([
      'Confirm your e-mail address for “Website NDA”',
      '“Website NDA” is signed',
    ])
  })

  it('mails the code in the language the visitor reads, saying what it confirms', async () => {
    const nda = await template(admin, 'Sprachen NDA')
    const link = await switchOn(admin, nda.id)
    const subjects = {
      'de-ch': 'Bestätigen Sie Ihre E-Mail-Adresse für «Sprachen NDA»',
      'fr-ch': 'Confirmez votre adresse e-mail pour « Sprachen NDA »',
      it: 'Confermi il Suo indirizzo e-mail per «Sprachen NDA»',
    }
    for (const [language, subject] of Object.entries(subjects)) {
      const seen = await api.mailIds()
      await askCode(link, `${language}@visitor.example`, 'Sprachen NDA', language)
      const mail = await api.waitForMail(`${language}@visitor.example`, /Sprachen NDA/, seen)
      expect(mail.subject).toBe(subject)
      expect(mail.text).not.toMatch(/TAN/)
    }
  })

  it('lets only whoever may change the template switch its link, and only for one role', async () => {
    const shared = await template(admin, 'Shared NDA', ['Visitor'], true)
    await api.expectError(
      await call(member, 'PUT', apiPaths.templatePublicLink(shared.id)),
      403,
      'business.not_allowed',
    )
    await api.expectError(
      await call(outsider, 'PUT', apiPaths.templatePublicLink(shared.id)),
      404,
      'template.not_found',
    )
    await api.expectError(
      await call(undefined, 'PUT', apiPaths.templatePublicLink(shared.id)),
      401,
      'auth.unauthenticated',
    )
    const two = await template(admin, 'Two roles', ['Employee', 'HR'])
    await api.expectError(
      await call(admin, 'PUT', apiPaths.templatePublicLink(two.id)),
      409,
      'public_template.not_one_role',
    )
    const link = await switchOn(admin, shared.id)
    await api.expectError(
      await call(member, 'DELETE', apiPaths.templatePublicLink(shared.id)),
      403,
      'business.not_allowed',
    )
    expect((await call(admin, 'GET', apiPaths.publicTemplate(link))).status).toBe(200)
  })

  it('keeps the link of a role that must sign in or give a second factor off, and stops it when the role changes', async () => {
    const nda = await template(admin, 'Strict NDA')
    const role = (authentication: string) => ({
      roles: [
        {
          name: 'Visitor',
          authentication,
          document_signatures: [
            { document_id: nda.documents[0]?.id, page: 0, x: 40, y: 40, width: 240, height: 112 },
          ],
        },
      ],
    })
    const link = await switchOn(admin, nda.id)
    expect((await call(admin, 'PUT', apiPaths.template(nda.id), role('account_sign_in'))).status).toBe(200)
    // A visitor only confirms an address: the link answers what it cannot do, no one signs through it.
    await api.expectError(
      await call(undefined, 'GET', apiPaths.publicTemplate(link)),
      409,
      'public_template.role_authenticates',
    )
    await api.expectError(
      await call(admin, 'PUT', apiPaths.templatePublicLink(nda.id)),
      409,
      'public_template.role_authenticates',
    )
    expect((await call(admin, 'PUT', apiPaths.template(nda.id), role('tan'))).status).toBe(200)
    expect(
      (await call(undefined, 'GET', apiPaths.publicTemplate(await switchOn(admin, nda.id)))).status,
    ).toBe(200)
  })

  it('stops the link at once when it is switched off or made anew', async () => {
    const nda = await template(admin, 'Switched NDA')
    const first = await switchOn(admin, nda.id)
    const { visitId, code } = await askCode(first, 'sam@visitor.example', 'Switched NDA')
    const second = await switchOn(admin, nda.id)
    await api.expectError(
      await call(undefined, 'GET', apiPaths.publicTemplate(first)),
      404,
      'public_template.not_found',
    )
    expect((await call(undefined, 'GET', apiPaths.publicTemplate(second))).status).toBe(200)
    expect(await json<TemplateView>(await call(admin, 'GET', apiPaths.template(nda.id)))).toMatchObject({
      publicLink: true,
    })
    expect((await call(admin, 'DELETE', apiPaths.templatePublicLink(nda.id))).status).toBe(204)
    await api.expectError(
      await call(undefined, 'GET', apiPaths.publicTemplate(second)),
      404,
      'public_template.not_found',
    )
    expect(await json<TemplateView>(await call(admin, 'GET', apiPaths.template(nda.id)))).toMatchObject({
      publicLink: false,
    })
    await api.expectError(
      await call(undefined, 'POST', apiPaths.publicTemplateVisits(second), { email: 'sam@visitor.example' }),
      404,
      'public_template.not_found',
    )
    await api.expectError(await confirm(second, visitId, code), 404, 'public_template.not_found')
    await api.expectError(
      await call(undefined, 'GET', apiPaths.publicTemplate('nothing')),
      404,
      'public_template.not_found',
    )
  })

  it('refuses an expired code, locks a visit after five wrong ones, and limits the codes an address gets', async () => {
    const nda = await template(admin, 'Guarded NDA')
    const link = await switchOn(admin, nda.id)
    const late = await askCode(link, 'lea@visitor.example', 'Guarded NDA')
    api.clock.advance(10 * 60 * 1000)
    await api.expectError(
      await confirm(link, late.visitId, late.code),
      422,
      'public_template.code_expired',
      'code',
    )
    const guessed = await askCode(link, 'gus@visitor.example', 'Guarded NDA')
    const wrong = guessed.code === '000000' ? '000001' : '000000'
    for (let i = 0; i < 5; i += 1) {
      await api.expectError(await confirm(link, guessed.visitId, wrong), 422, 'public_template.code_invalid')
    }
    await api.expectError(
      await confirm(link, guessed.visitId, guessed.code),
      429,
      'public_template.code_locked',
    )
    await askCode(link, 'gus@visitor.example', 'Guarded NDA')
    await askCode(link, 'gus@visitor.example', 'Guarded NDA')
    const fourth = await call(undefined, 'POST', apiPaths.publicTemplateVisits(link), {
      email: 'gus@visitor.example',
    })
    await api.expectError(fourth, 429, 'request.rate_limited')
    // Bad input names what was wrong.
    await api.expectError(
      await call(undefined, 'POST', apiPaths.publicTemplateVisits(link), { email: 'not an address' }),
      400,
      'request.invalid',
      'email',
    )
    await api.expectError(await confirm(link, 'no-visit', '123456'), 404, 'public_template.visit_not_found')
    await api.expectError(await confirm(link, guessed.visitId, '12'), 400, 'request.invalid', 'code')
  })
})
