import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { dayMs } from '../../contract/datetime.ts'
import { type FormFieldInput, formValueProblem } from '../../contract/form-fields.ts'
import type { SignatureRequestView, SignerInvite } from '../../contract/signature-requests.ts'
import type { StartFromTemplate } from '../../contract/templates.ts'
import { documents } from '../db/schema/documents.ts'
import { templates } from '../db/schema/templates.ts'
import { ApiError } from '../http/api-error.ts'
import { insertSignatureRequest } from '../signature-requests/create-signature-request.ts'
import { initiateSignatureRequest } from '../signature-requests/initiate-signature-request.ts'
import { inviteEmail } from '../signature-requests/invite-email.ts'
import { loadRequestViews, type Queryable } from '../signature-requests/load-requests.ts'
import type { Caller, RequestServices } from '../signature-requests/request-services.ts'
import { moveRole } from './check-roles.ts'
import { findTemplate, type TemplateRow, templateNotFound } from './find-template.ts'
import {
  type TemplateDocumentRow,
  type TemplateRoleRow,
  templateDocumentsOf,
  templateRolesOf,
} from './load-templates.ts'

const invalid = (field: string, why: string) =>
  new ApiError(400, 'request.invalid', `${field}: ${why}`, { field })

/**
 * POST /v3/templates/{id}/signature-requests: a request of the caller's from a template they may use, with a
 * copy of each of its documents (theirs, the template keeps its own), a signer for each role (400 naming a role
 * the template does not have, one named twice, a role left without a signer, or one person for two roles),
 * and the roles' fields with the values given beforehand (400 naming a field the template does not have or a
 * value the field does not take). A draft, or sent at once with `send`.
 */
export async function startFromTemplate(
  services: RequestServices,
  caller: Caller,
  id: string,
  input: StartFromTemplate,
): Promise<SignatureRequestView> {
  const requestId = await draftFromTemplate(services, caller, id, input)
  if (input.send) return initiateSignatureRequest(services, caller, requestId)
  const [view] = await loadRequestViews(services.db, caller, [requestId])
  if (view === undefined) throw new Error('created request not found')
  return view
}

/** A template as a caller may use it: its row, documents and roles. */
export type UsableTemplate = {
  template: TemplateRow
  held: TemplateDocumentRow[]
  roles: TemplateRoleRow[]
}

/** The template `id` with its documents and roles if the caller may use it, else 404 `template.not_found`. */
export async function usableTemplate(
  services: Pick<RequestServices, 'db'>,
  caller: Pick<Caller, 'userId'>,
  id: string,
): Promise<UsableTemplate> {
  const { template } = await findTemplate(services.db, caller.userId, id)
  const [held, roles] = await Promise.all([
    templateDocumentsOf(services.db, id),
    templateRolesOf(services.db, id),
  ])
  return { template, held, roles }
}

/**
 * The draft {@link startFromTemplate} makes (whatever `send` says), answering its id without reading it back (a
 * bulk send's row, which nobody reads meanwhile). `requestId` gives the request its id; `usable` is the template
 * as read before for the caller (a bulk send's rows share it), else it is read now.
 */
export async function draftFromTemplate(
  services: RequestServices,
  caller: Caller,
  id: string,
  input: StartFromTemplate,
  { requestId, usable }: { requestId?: string; usable?: UsableTemplate } = {},
): Promise<string> {
  const { template, held, roles } = usable ?? (await usableTemplate(services, caller, id))
  const roleNames = roles.map((r) => `"${r.name}"`).join(', ')
  const invites = new Map<number, SignerInvite>()
  const emails = new Map<string, string>()
  for (const [index, signer] of input.signers.entries()) {
    const at = roles.findIndex((r) => r.name.toLowerCase() === signer.role.toLowerCase())
    if (at < 0)
      throw invalid(`signers.${index}.role`, `no role "${signer.role}" in this template (${roleNames})`)
    if (invites.has(at)) throw invalid(`signers.${index}.role`, `role "${signer.role}" is named twice`)
    const invite = { accountEmail: signer.accountEmail, signerIdentityData: signer.signerIdentityData }
    const email = inviteEmail(invite, `signers.${index}.`)
    const other = emails.get(email)
    if (other !== undefined) {
      throw invalid(
        `signers.${index}.${signer.accountEmail === undefined ? 'signer_identity_data.email_address' : 'account_email'}`,
        `${email} signs as "${other}" already`,
      )
    }
    emails.set(email, roles[at]?.name ?? signer.role)
    invites.set(at, invite)
  }
  const missing = roles.find((_, at) => !invites.has(at))
  if (missing !== undefined) throw invalid('signers', `no signer for role "${missing.name}"`)
  const fields = roles.flatMap((role) => role.formFields)
  const values = new Map<string, string>()
  for (const [index, { fieldId, value }] of input.prefill.entries()) {
    const field = fields.find((f) => f.id === fieldId)
    if (field === undefined) throw invalid(`prefill.${index}.field_id`, 'not a field of this template')
    const problem = formValueProblem(field.kind, value)
    if (problem !== undefined) throw invalid(`prefill.${index}.value`, problem)
    values.set(fieldId, value)
  }
  const now = services.now()
  // The request's own documents: the same stored files under new rows of the caller's, written in the request's
  // transaction, so that a request refused leaves none behind (their files stay the template's).
  const copies = new Map(held.map((d) => [d.id, randomUUID()]))
  const copyDocuments = async (tx: Queryable) => {
    if (held.length === 0) return
    // Under the template's lock: its deletion waits, so the stored files these rows share stay.
    const [still] = await tx
      .select({ id: templates.id })
      .from(templates)
      .where(eq(templates.id, id))
      .for('share')
    if (still === undefined) throw templateNotFound()
    await tx.insert(documents).values(
      held.map((d) => ({
        id: copies.get(d.id) ?? randomUUID(),
        sha256: d.sha256,
        title: d.title,
        size: d.size,
        contentType: d.contentType,
        pageCount: d.pageCount,
        pageSizes: d.pageSizes,
        freeAreas: d.freeAreas,
        ownerId: caller.userId,
        createdAt: now,
      })),
    )
  }
  return insertSignatureRequest(
    services,
    caller,
    {
      title: input.title ?? template.title,
      message: input.message ?? template.message,
      documents: [...copies.values()].map((documentId) => ({ id: documentId })),
      signatures: roles.map((stored, at) => {
        const role = moveRole(stored, copies)
        return {
          ...invites.get(at),
          sequence: role.sequence,
          authentication: role.authentication,
          documentSignatures: role.documentSignatures,
          formFields: role.formFields.map(
            ({ id: fieldId, value, filledBy: _, ...field }): FormFieldInput => ({
              ...field,
              value: values.get(fieldId) ?? value ?? undefined,
              everyPage: false,
            }),
          ),
        }
      }),
      quality: template.quality ?? undefined,
      legislation: template.legislation ?? undefined,
      expiresAt:
        template.expiresAfterDays === null
          ? null
          : new Date(now.getTime() + template.expiresAfterDays * dayMs).toISOString(),
      reminders:
        template.remindEveryDays === null || template.remindAtMost === null
          ? null
          : { everyDays: template.remindEveryDays, atMost: template.remindAtMost },
      ccEmailAddresses: [],
    },
    { id: requestId, first: copyDocuments },
  )
}
