import * as v from 'valibot'
import { documentSchema } from './documents.ts'
import { formFieldInputSchema, formFieldSchema, formValueMaxLength } from './form-fields.ts'
import { signatureFieldSchema } from './signature-fields.ts'
import { legislations, signatureQualities } from './signature-qualities.ts'
import {
  legislationNeedsQuality,
  remindersSchema,
  requestStandardEntries,
  sequenceSchema,
  signerAuthentications,
  signerIdentityDataSchema,
} from './signature-requests.ts'
import { emailSchema } from './user.ts'

const titleSchema = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))
const messageSchema = v.pipe(v.string(), v.maxLength(5000))
const roleNameSchema = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100))

/** Most days after its start a request from a template may expire. */
export const maxTemplateExpiryDays = 3650

/**
 * One role of a template as POST and PUT take it: its name ("Employee"), its place in the signing order, where
 * it signs and fills, on the template's documents (on POST, on the uploaded documents it copies), and how its
 * signer proves who they are (without: `tan`), which each request started from it asks of that signer.
 */
export const templateRoleInputSchema = v.pipe(
  v.object({
    name: roleNameSchema,
    sequence: v.optional(sequenceSchema),
    documentSignatures: v.optional(v.pipe(v.array(signatureFieldSchema), v.maxLength(50))),
    formFields: v.optional(v.pipe(v.array(formFieldInputSchema), v.maxLength(200))),
    authentication: v.optional(v.picklist(signerAuthentications)),
  }),
  v.check(
    (role) =>
      new Set(role.documentSignatures?.map((f) => f.documentId)).size ===
      (role.documentSignatures?.length ?? 0),
    'document_signatures: one field per document',
  ),
)

/** A role as given. */
export type TemplateRoleInput = v.InferOutput<typeof templateRoleInputSchema>

const rolesSchema = v.pipe(
  v.array(templateRoleInputSchema),
  v.minLength(1, 'a template needs a role'),
  v.maxLength(100),
  v.check(
    (roles) => new Set(roles.map((r) => r.name.toLowerCase())).size === roles.length,
    'each role name once',
  ),
)

/** What a template's requests take over: their expiry (days from the start) and automatic reminders. */
const followUpEntries = {
  expiresAfterDays: v.optional(
    v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(maxTemplateExpiryDays))),
  ),
  reminders: v.optional(v.nullable(remindersSchema)),
}

/**
 * Body of `POST /v3/templates`: a template of documents the caller uploaded (copied into it), its roles, message,
 * signature standard and follow-up. `shared: true` shares it with the caller's business (its admins only).
 */
export const createTemplateSchema = v.pipe(
  v.object({
    title: titleSchema,
    message: v.optional(messageSchema, ''),
    documents: v.pipe(
      v.array(v.object({ id: v.pipe(v.string(), v.uuid()) })),
      v.minLength(1, 'a template needs a document'),
      v.maxLength(50),
    ),
    roles: rolesSchema,
    ...requestStandardEntries,
    ...followUpEntries,
    shared: v.optional(v.boolean(), false),
  }),
  v.forward(
    v.check((body) => legislationNeedsQuality(body), 'legislation goes with quality aes or qes'),
    ['legislation'],
  ),
)

/** Input of {@link createTemplateSchema}. */
export type CreateTemplate = v.InferOutput<typeof createTemplateSchema>

/**
 * Body of `POST /v3/signature-requests/{id}/template`: the caller's request saved as a template, its signers
 * becoming roles named by `roles` (each signature's id with a name; left out: "Signer 1", "Signer 2", ... in
 * signing order). The request's original documents, fields (with the sender's values), message, standard,
 * order and reminders are copied; its expiry becomes the days it had from creation.
 */
export const saveAsTemplateSchema = v.object({
  title: v.optional(titleSchema),
  roles: v.optional(
    v.pipe(
      v.array(v.object({ signatureId: v.pipe(v.string(), v.uuid()), name: roleNameSchema })),
      v.maxLength(100),
      v.check(
        (roles) => new Set(roles.map((r) => r.name.toLowerCase())).size === roles.length,
        'each role name once',
      ),
    ),
  ),
  shared: v.optional(v.boolean(), false),
})

/** Input of {@link saveAsTemplateSchema}. */
export type SaveAsTemplate = v.InferOutput<typeof saveAsTemplateSchema>

/**
 * Body of `PUT /v3/templates/{id}`: what changes. `roles` replaces every role (fields on the template's
 * documents); `shared` shares it with the business or takes it back (admins only).
 */
export const updateTemplateSchema = v.pipe(
  v.object({
    title: v.optional(titleSchema),
    message: v.optional(messageSchema),
    roles: v.optional(rolesSchema),
    ...requestStandardEntries,
    ...followUpEntries,
    shared: v.optional(v.boolean()),
  }),
  v.check(
    (body) => Object.values(body).some((value) => value !== undefined),
    'needs title, message, roles, quality, expires_after_days, reminders or shared',
  ),
  v.forward(
    v.check((body) => legislationNeedsQuality(body), 'legislation goes with quality aes or qes'),
    ['legislation'],
  ),
)

/** Input of {@link updateTemplateSchema}. */
export type UpdateTemplate = v.InferOutput<typeof updateTemplateSchema>

/**
 * The signer named for one role when a request is started: an account's address, or identity data (a person
 * without an account signs through a direct link), as a request's signer invite takes them.
 */
const roleSignerSchema = v.pipe(
  v.object({
    role: roleNameSchema,
    accountEmail: v.optional(emailSchema),
    signerIdentityData: v.optional(signerIdentityDataSchema),
  }),
  v.check(
    (s) => s.accountEmail !== undefined || s.signerIdentityData !== undefined,
    'needs account_email or signer_identity_data',
  ),
)

/**
 * Body of `POST /v3/templates/{id}/signature-requests`: a signer for each role, values given beforehand for some
 * of the roles' fields (by the field's id in the template), and a title or message of its own. The request is a
 * draft of the caller's with copies of the template's documents, or sent at once with `send: true`.
 */
export const startFromTemplateSchema = v.object({
  title: v.optional(titleSchema),
  message: v.optional(messageSchema),
  signers: v.pipe(v.array(roleSignerSchema), v.maxLength(100)),
  prefill: v.optional(
    v.pipe(
      v.array(
        v.object({
          fieldId: v.pipe(v.string(), v.uuid()),
          value: v.pipe(v.string(), v.maxLength(formValueMaxLength.text)),
        }),
      ),
      v.maxLength(500),
    ),
    [],
  ),
  send: v.optional(v.boolean(), false),
})

/** Input of {@link startFromTemplateSchema}. */
export type StartFromTemplate = v.InferOutput<typeof startFromTemplateSchema>

/** One role of a template as answered. */
export const templateRoleSchema = v.object({
  name: v.string(),
  sequence: v.number(),
  documentSignatures: v.array(signatureFieldSchema),
  formFields: v.array(formFieldSchema),
  authentication: v.picklist(signerAuthentications),
})

/** A template as `GET /v3/templates/{id}` and the list answer it. */
export const templateSchema = v.object({
  id: v.string(),
  title: v.string(),
  message: v.string(),
  ownerEmail: v.string(),
  /** Whether the caller owns it. */
  isOwner: v.boolean(),
  /** Whether the owner's business shares it with its members. */
  shared: v.boolean(),
  /** Whether the caller may change and delete it: its owner, or an admin of the business that shares it. */
  mayEdit: v.boolean(),
  /** Whether its public link is switched on: anyone with the link may sign it. */
  publicLink: v.boolean(),
  documents: v.array(documentSchema),
  /** In their order. */
  roles: v.array(templateRoleSchema),
  quality: v.nullable(v.picklist(signatureQualities)),
  legislation: v.nullable(v.picklist(legislations)),
  /** A request started from it expires this many days later; null: never. */
  expiresAfterDays: v.nullable(v.number()),
  reminders: v.nullable(remindersSchema),
  createdAt: v.string(),
  updatedAt: v.string(),
})

/** A template as answered. */
export type TemplateView = v.InferOutput<typeof templateSchema>

/** Answer of `GET /v3/templates`: one page, most recently changed first. */
export const templatePageSchema = v.object({
  items: v.array(templateSchema),
  page: v.number(),
  size: v.number(),
  total: v.number(),
})

/** Answer of `GET /v3/templates`. */
export type TemplatePage = v.InferOutput<typeof templatePageSchema>

const intParam = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, 'must be an integer'),
    v.transform(Number),
    v.minValue(min),
    v.maxValue(max),
  )

/** Query of `GET /v3/templates` (wire names): the caller's own and those their business shares. */
export const templateListQuerySchema = v.object({
  /** Part of the title, in any case. */
  title: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))),
  page: v.optional(intParam(0, 1_000_000), '0'),
  size: v.optional(intParam(1, 100), '20'),
})

/** A parsed list query. */
export type TemplateListParams = v.InferOutput<typeof templateListQuerySchema>

/** Answer of switching a template's public link on: the link anyone may open to sign the template. */
export const publicLinkSchema = v.object({ url: v.string() })

/** What a public link shows a visitor of its template: nothing of its owner's. */
export const publicTemplateSchema = v.object({
  title: v.string(),
  /** Pages of all its documents. */
  pageCount: v.number(),
})

/** Type of {@link publicTemplateSchema}. */
export type PublicTemplateView = v.InferOutput<typeof publicTemplateSchema>

/** Body of `POST /v3/public-templates/{token}/visits`: the visitor's e-mail, where their code goes. */
export const publicVisitInputSchema = v.object({
  email: emailSchema,
  /** The language of the code's mail (en-gb, de-ch, fr-ch, it); without, English. */
  language: v.optional(v.pipe(v.string(), v.maxLength(10))),
})

/** A visit of a public link waiting for its code, and until when the code counts. */
export const publicVisitSchema = v.object({ visitId: v.string(), expiresAt: v.string() })

/** Type of {@link publicVisitSchema}. */
export type PublicVisit = v.InferOutput<typeof publicVisitSchema>

/** Body of `POST /v3/public-templates/{token}/visits/{id}/confirm`: the six digits of the mail. */
export const publicVisitCodeSchema = v.object({
  code: v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, 'must be the 6 digits of the mail')),
})

/** Answer of a right code: the direct signing link of the visitor's request. */
export const publicSigningSchema = v.object({ url: v.string() })

/** How long a public link's code may be entered. */
export const publicCodeLifetimeMs = 10 * 60 * 1000

/** Wrong codes a visit takes before it locks. */
export const publicCodeMaxFailedAttempts = 5
