import { Hono } from 'hono'
import { created, noContent, ok, unknownRequest, unknownTemplate } from '../../contract/openapi/operation.ts'
import { signatureRequestSchema } from '../../contract/signature-requests.ts'
import {
  createTemplateSchema,
  publicLinkSchema,
  publicSigningSchema,
  publicTemplateSchema,
  publicVisitCodeSchema,
  publicVisitInputSchema,
  publicVisitSchema,
  saveAsTemplateSchema,
  startFromTemplateSchema,
  templateListQuerySchema,
  templatePageSchema,
  templateSchema,
  updateTemplateSchema,
} from '../../contract/templates.ts'
import { type ApiKeyMode, type AuthEnv, authenticate } from '../http/authenticate.ts'
import { clientAddress } from '../http/client-address.ts'
import { describeRoute } from '../http/describe-route.ts'
import { jsonBody } from '../http/json-body.ts'
import { queryParams } from '../http/query-params.ts'
import { countRequest } from '../http/rate-limit.ts'
import { sendJson } from '../http/send-json.ts'
import { callerOf } from '../signature-requests/caller-of.ts'
import type { RequestServices } from '../signature-requests/request-services.ts'
import { confirmPublicCode } from '../templates/confirm-public-code.ts'
import { createTemplate } from '../templates/create-template.ts'
import { deleteTemplate } from '../templates/delete-template.ts'
import { findPublicTemplate } from '../templates/find-public-template.ts'
import { findTemplate } from '../templates/find-template.ts'
import { listTemplates } from '../templates/list-templates.ts'
import { loadTemplateView } from '../templates/load-templates.ts'
import { mailPublicCode } from '../templates/mail-public-code.ts'
import { readPublicTemplate } from '../templates/read-public-template.ts'
import { saveRequestAsTemplate } from '../templates/save-request-as-template.ts'
import { startFromTemplate } from '../templates/start-from-template.ts'
import { switchPublicLink } from '../templates/switch-public-link.ts'
import { updateTemplate } from '../templates/update-template.ts'

const base = '/v3/templates'

/** Refusals of a call that changes a template: unknown to the caller, or shared and the caller no admin. */
const editErrors = { ...unknownTemplate, 403: ['business.not_allowed'] } as const

const publicBase = '/v3/public-templates/:token'
/** Refusals of every public call: a link that is not there or switched off, a template changed to more roles. */
const publicErrors = { 404: ['public_template.not_found'], 409: ['public_template.not_one_role'] } as const
const hourMs = 60 * 60 * 1000
/** Codes one public link mails in an hour, and one address in ten minutes. */
const codesPerLink = 30
const codesPerAddress = 3

/**
 * Issue 41 §1 templates: list, create, read, change, delete, save a request as one, and start a request from
 * one. Every call needs a session; a template the caller neither owns nor is shared with is 404 on every call.
 */
export function createTemplateRoutes(services: RequestServices & ApiKeyMode): Hono<AuthEnv> {
  const requireAuth = authenticate(services)
  return new Hono<AuthEnv>()
    .get(
      base,
      requireAuth,
      describeRoute({
        summary: 'List the caller’s templates and those their business shares',
        description: 'Most recently changed first; `title` matches part of the title in any case.',
        tag: 'Templates',
        auth: 'account',
        answers: [ok(templatePageSchema)],
      }),
      queryParams(templateListQuerySchema),
      async (c) => sendJson(c, await listTemplates(services, callerOf(c), c.req.valid('query'))),
    )
    .post(
      base,
      requireAuth,
      jsonBody(createTemplateSchema),
      describeRoute({
        summary: 'Create a template',
        description:
          'From documents the caller uploaded into a request, copied into it, with roles in place of signers: their signing order and fields on those documents. `shared: true` shares it with the caller’s business (admins only).',
        tag: 'Templates',
        auth: 'account',
        answers: [created(templateSchema)],
        errors: { 403: ['business.not_allowed'], 404: ['document.not_found'] },
      }),
      async (c) => sendJson(c, await createTemplate(services, callerOf(c), c.req.valid('json')), 201),
    )
    .get(
      `${base}/:id`,
      requireAuth,
      describeRoute({
        summary: 'Read a template',
        tag: 'Templates',
        auth: 'account',
        answers: [ok(templateSchema)],
        errors: unknownTemplate,
      }),
      async (c) => {
        const { userId } = callerOf(c)
        const { template, membership } = await findTemplate(services.db, userId, c.req.param('id'))
        return sendJson(c, await loadTemplateView(services.db, { userId, membership }, template.id))
      },
    )
    .put(
      `${base}/:id`,
      requireAuth,
      jsonBody(updateTemplateSchema),
      describeRoute({
        summary: 'Change a template',
        description:
          '`roles` replaces every role, their fields on the template’s documents. A shared template is changed by the business’s admins only.',
        tag: 'Templates',
        auth: 'account',
        answers: [ok(templateSchema)],
        errors: editErrors,
      }),
      async (c) =>
        sendJson(c, await updateTemplate(services, callerOf(c), c.req.param('id'), c.req.valid('json'))),
    )
    .delete(
      `${base}/:id`,
      requireAuth,
      describeRoute({
        summary: 'Delete a template',
        description:
          'Requests started from it keep their documents. A shared template is deleted by admins only.',
        tag: 'Templates',
        auth: 'account',
        answers: [noContent],
        errors: editErrors,
      }),
      async (c) => {
        await deleteTemplate(services, callerOf(c), c.req.param('id'))
        return c.body(null, 204)
      },
    )
    .post(
      `${base}/:id/signature-requests`,
      requireAuth,
      jsonBody(startFromTemplateSchema),
      describeRoute({
        summary: 'Start a request from a template',
        description:
          'Names a signer for each role (an account’s address, or identity data for a direct-link signer) and values for some of its fields by their ids; the request gets copies of the template’s documents, and the template stays as it was. A draft, or sent with `send: true`.',
        tag: 'Templates',
        auth: 'account',
        answers: [created(signatureRequestSchema)],
        errors: unknownTemplate,
      }),
      async (c) =>
        sendJson(
          c,
          await startFromTemplate(services, callerOf(c), c.req.param('id'), c.req.valid('json')),
          201,
        ),
    )
    .put(
      `${base}/:id/public-link`,
      requireAuth,
      describeRoute({
        summary: 'Switch a template’s public link on',
        description:
          'Answers a new link anyone may open to sign the template as its one role, once they confirm their e-mail; an earlier link stops working. The request goes to the template’s owner.',
        tag: 'Templates',
        auth: 'account',
        answers: [ok(publicLinkSchema)],
        errors: { ...editErrors, 409: ['public_template.not_one_role'] },
      }),
      async (c) => {
        const url = await switchPublicLink(services, callerOf(c), c.req.param('id'), true)
        return sendJson(c, { url })
      },
    )
    .delete(
      `${base}/:id/public-link`,
      requireAuth,
      describeRoute({
        summary: 'Switch a template’s public link off',
        description: 'Its link stops working at once.',
        tag: 'Templates',
        auth: 'account',
        answers: [noContent],
        errors: editErrors,
      }),
      async (c) => {
        await switchPublicLink(services, callerOf(c), c.req.param('id'), false)
        return c.body(null, 204)
      },
    )
    .get(
      publicBase,
      describeRoute({
        summary: 'Read the template of a public link',
        description: 'Its title and pages, as a visitor sees them.',
        tag: 'Templates',
        auth: 'none',
        answers: [ok(publicTemplateSchema)],
        errors: publicErrors,
      }),
      async (c) => sendJson(c, await readPublicTemplate(services.db, c.req.param('token'))),
    )
    .post(
      `${publicBase}/visits`,
      jsonBody(publicVisitInputSchema),
      describeRoute({
        summary: 'Mail a visitor of a public link a code',
        description: `The 6-digit code confirms their e-mail; it counts 10 minutes. At most ${codesPerLink} codes a link an hour, and ${codesPerAddress} an address in 10 minutes.`,
        tag: 'Templates',
        auth: 'none',
        answers: [created(publicVisitSchema)],
        errors: { ...publicErrors, 429: ['request.rate_limited'] },
      }),
      async (c) => {
        const { template } = await findPublicTemplate(services.db, c.req.param('token'))
        const input = c.req.valid('json')
        const { db, now } = services
        await countRequest(
          { db, now, key: `public-template:${template.id}`, limit: codesPerLink, windowMs: hourMs },
          'this link',
        )
        await countRequest(
          {
            db,
            now,
            key: `public-template-email:${input.email}`,
            limit: codesPerAddress,
            windowMs: hourMs / 6,
          },
          'this address',
        )
        return sendJson(c, await mailPublicCode(services, template, input), 201)
      },
    )
    .post(
      `${publicBase}/visits/:visitId/confirm`,
      jsonBody(publicVisitCodeSchema),
      describeRoute({
        summary: 'Confirm a visitor’s code and start their request',
        description:
          'The right code starts and sends a request of the template’s owner with the visitor as its direct-link signer, and answers their signing link. Five wrong codes lock the visit.',
        tag: 'Templates',
        auth: 'none',
        answers: [created(publicSigningSchema)],
        errors: {
          ...publicErrors,
          404: ['public_template.not_found', 'public_template.visit_not_found'],
          422: ['public_template.code_invalid', 'public_template.code_expired'],
          429: ['public_template.code_locked'],
        },
      }),
      async (c) => {
        const { template, role } = await findPublicTemplate(services.db, c.req.param('token'))
        const url = await confirmPublicCode(
          services,
          template,
          role,
          c.req.param('visitId'),
          c.req.valid('json').code,
          clientAddress(c),
        )
        return sendJson(c, { url }, 201)
      },
    )
    .post(
      '/v3/signature-requests/:id/template',
      requireAuth,
      jsonBody(saveAsTemplateSchema),
      describeRoute({
        summary: 'Save a request as a template',
        description:
          'Its documents, fields, message, standard, order, reminders and expiry; each signer becomes a role, named by `roles` or `Signer 1`, `Signer 2`, … in signing order.',
        tag: 'Templates',
        auth: 'account',
        answers: [created(templateSchema)],
        errors: {
          ...unknownRequest,
          403: ['business.not_allowed'],
          409: ['signature_request.not_owner', 'signature_request.no_signers'],
        },
      }),
      async (c) =>
        sendJson(
          c,
          await saveRequestAsTemplate(services, callerOf(c), c.req.param('id'), c.req.valid('json')),
          201,
        ),
    )
}
