import * as v from 'valibot'
import type { Legislation, SignatureQuality } from '../../contract/signature-qualities.ts'
import type {
  CreateSignatureRequest,
  SignatureRequestView,
  SignerInvite,
} from '../../contract/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'

/** Skribble's qualities (SignatureQuality.yaml) and legislations (SignatureLegislation.yaml). */
const skribbleQualities = ['SES', 'AES', 'AES_MINIMAL', 'QES', 'DEMO'] as const
const skribbleLegislations = ['ZERTES', 'EIDAS'] as const

const text = (max: number) => v.pipe(v.string(), v.maxLength(max))

/** A position of a visual signature: `page` a string from 0, `y` from the top of the page (Skribble's way). */
export const skribblePositionSchema = v.object({
  page: v.union([v.pipe(v.string(), v.regex(/^\d{1,5}$/)), v.pipe(v.number(), v.integer(), v.minValue(0))]),
  x: v.number(),
  y: v.number(),
  width: v.number(),
  height: v.number(),
  rotation: v.optional(v.number()),
})

const documentSignatureSchema = v.object({
  document_id: v.pipe(v.string(), v.uuid()),
  visual_signature: v.optional(
    v.nullable(
      v.object({
        positions: v.optional(v.pipe(v.array(skribblePositionSchema), v.maxLength(50))),
        form_field: v.optional(text(200)),
        image: v.optional(v.unknown()),
      }),
    ),
  ),
})

const identitySchema = v.object({
  email_address: text(320),
  first_name: v.optional(text(100)),
  last_name: v.optional(text(100)),
  mobile_number: v.optional(text(40)),
  language: v.optional(v.picklist(['en', 'de', 'fr', 'it'])),
  identity_reference: v.optional(text(200)),
  identification_require_evidence: v.optional(v.boolean()),
})

/** A signer of Skribble's SignatureRecipient.yaml: a user (account and/or identity data) or a signer group. */
export const skribbleSignerSchema = v.object({
  sequence: v.optional(v.pipe(v.number(), v.integer(), v.minValue(-1), v.maxValue(100))),
  notify: v.optional(v.boolean()),
  document_signatures: v.optional(v.pipe(v.array(documentSignatureSchema), v.maxLength(50))),
  account_email: v.optional(text(320)),
  signer_identity_data: v.optional(identitySchema),
  signer_group_id: v.optional(text(100)),
})

const callbackUrl = v.optional(text(2000))

/** The fields of a request that POST and PUT share (CreateSignatureRequest.yaml, UpdateSignatureRequest.yaml). */
const requestEntries = {
  title: text(200),
  message: v.optional(text(5000)),
  legislation: v.optional(v.picklist(skribbleLegislations)),
  quality: v.optional(v.picklist(skribbleQualities)),
  signatures: v.optional(v.nullable(v.pipe(v.array(skribbleSignerSchema), v.maxLength(100)))),
  callback_success_url: callbackUrl,
  callback_error_url: callbackUrl,
  callback_update_url: callbackUrl,
  custom: v.optional(text(2000)),
  attach_on_success: v.optional(v.nullable(v.array(v.picklist(['SIGNED_DOCUMENT', 'SIGNATURE_PROTOCOL'])))),
}

/** Body of sign v3's `POST /signature-requests`. */
export const skribbleCreateSchema = v.object({
  ...requestEntries,
  documents: v.pipe(v.array(v.object({ id: v.pipe(v.string(), v.uuid()) })), v.maxLength(50)),
  creator: v.optional(v.nullable(text(320))),
  write_access: v.optional(v.nullable(v.array(text(320)))),
})

/** Body of sign v3's `PUT /signature-requests`: the request's `id` and what changes. */
export const skribbleUpdateSchema = v.object({
  ...requestEntries,
  id: v.pipe(v.string(), v.uuid()),
  title: v.optional(text(200)),
  read_access: v.optional(v.nullable(v.array(text(320)))),
  write_access: v.optional(v.nullable(v.array(text(320)))),
})

/** Page heights of the documents a request names, by id: Skribble measures `y` from the top, Signet from the bottom. */
export type PageHeights = Map<string, number[]>

/**
 * Signet's quality and legislation for Skribble's: AES_MINIMAL is Signet's aes (Signet knows one advanced
 * level); DEMO is no requirement, which outside production is what a demo key's request is (its qualified
 * signatures are demo ones); a legislation goes with aes or qes only, as in Signet, and is dropped otherwise.
 */
export function signetStandard(
  quality: (typeof skribbleQualities)[number] | undefined,
  legislation: (typeof skribbleLegislations)[number] | undefined,
  production: boolean,
): { quality?: SignatureQuality; legislation?: Legislation } {
  if (quality === 'DEMO' && production) {
    throw new ApiError(400, 'request.invalid', 'quality: DEMO is for demo API keys', { field: 'quality' })
  }
  const mapped: SignatureQuality | undefined =
    quality === 'SES'
      ? 'ses'
      : quality === 'QES'
        ? 'qes'
        : quality === 'AES' || quality === 'AES_MINIMAL'
          ? 'aes'
          : undefined
  if (mapped !== 'aes' && mapped !== 'qes') return mapped === undefined ? {} : { quality: mapped }
  return {
    quality: mapped,
    ...(legislation === undefined ? {} : { legislation: legislation === 'ZERTES' ? 'zertes' : 'eidas' }),
  }
}

/** Signet's invite for one of Skribble's signers; `at` is its wire path for errors. */
export function signetInvite(
  signer: v.InferOutput<typeof skribbleSignerSchema>,
  at: string,
  heights: PageHeights,
): SignerInvite {
  const identity = signer.signer_identity_data
  if (
    signer.signer_group_id !== undefined &&
    (signer.account_email !== undefined || identity !== undefined)
  ) {
    throw new ApiError(
      400,
      'request.invalid',
      `${at}.signer_group_id: a group signer has no account_email or signer_identity_data`,
      { field: `${at}.signer_group_id` },
    )
  }
  if (signer.signer_group_id === undefined && signer.account_email === undefined && identity === undefined) {
    throw new ApiError(400, 'request.invalid', `${at}: needs account_email or signer_identity_data`, {
      field: at,
    })
  }
  const documentSignatures = (signer.document_signatures ?? []).flatMap((entry, index) => {
    const fieldAt = `${at}.document_signatures.${index}.visual_signature`
    const visual = entry.visual_signature
    if (visual?.form_field !== undefined) {
      throw new ApiError(400, 'request.invalid', `${fieldAt}.form_field: place the signature by positions`, {
        field: `${fieldAt}.form_field`,
      })
    }
    // Signet places one signature per document: the first position.
    const position = visual?.positions?.[0]
    if (position === undefined) return []
    const page = Number(position.page)
    const height = heights.get(entry.document_id)?.[page]
    if (height === undefined) {
      throw new ApiError(
        400,
        'request.invalid',
        `${fieldAt}.positions.0.page: no such page of the document`,
        {
          field: `${fieldAt}.positions.0.page`,
        },
      )
    }
    return [
      {
        documentId: entry.document_id,
        page,
        x: position.x,
        y: Math.max(0, height - position.y - position.height),
        width: position.width,
        height: position.height,
      },
    ]
  })
  return {
    ...(signer.signer_group_id === undefined
      ? {}
      : { groupId: signetGroupId(signer.signer_group_id, `${at}.signer_group_id`) }),
    ...(signer.account_email === undefined
      ? {}
      : { accountEmail: signer.account_email.trim().toLowerCase() }),
    ...(identity === undefined
      ? {}
      : {
          signerIdentityData: {
            emailAddress: identity.email_address.trim().toLowerCase(),
            ...(identity.first_name === undefined ? {} : { firstName: identity.first_name }),
            ...(identity.last_name === undefined ? {} : { lastName: identity.last_name }),
            ...(identity.mobile_number === undefined ? {} : { mobileNumber: identity.mobile_number }),
            ...(identity.language === undefined ? {} : { language: identity.language }),
          },
        }),
    ...(documentSignatures.length === 0 ? {} : { documentSignatures }),
    ...(signer.sequence === undefined || signer.sequence < 1 ? {} : { sequence: signer.sequence }),
  }
}

/**
 * Signet's id of a signer group Skribble's way (`gr_` and 32 hexadecimal digits, as Skribble writes its group ids)
 * or Signet's (a UUID, as the business members screen shows it); anything else names no group: 404
 * `signer_group.not_found` naming `field`.
 */
export function signetGroupId(id: string, field: string): string {
  const hex = /^gr_([0-9a-f]{32})$/i.exec(id.trim())?.[1]
  const uuid =
    hex === undefined
      ? id.trim()
      : `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uuid)) {
    throw new ApiError(404, 'signer_group.not_found', `${field}: no such signer group in your business`, {
      field,
    })
  }
  return uuid.toLowerCase()
}

/** Signet's body of `POST /v3/signature-requests` for Skribble's. */
export function signetCreate(
  body: v.InferOutput<typeof skribbleCreateSchema>,
  heights: PageHeights,
  production: boolean,
): CreateSignatureRequest {
  return {
    title: body.title,
    message: body.message ?? '',
    documents: body.documents,
    signatures: (body.signatures ?? []).map((signer, index) =>
      signetInvite(signer, `signatures.${index}`, heights),
    ),
    ...signetStandard(body.quality, body.legislation, production),
    ccEmailAddresses: [],
    ...(body.callback_success_url === undefined ? {} : { callbackSuccessUrl: body.callback_success_url }),
    ...(body.callback_error_url === undefined ? {} : { callbackErrorUrl: body.callback_error_url }),
    ...(body.callback_update_url === undefined ? {} : { callbackUpdateUrl: body.callback_update_url }),
  }
}

/** Page heights of a request's documents, from Signet's view of it. */
export function pageHeightsOf(view: Pick<SignatureRequestView, 'documents'>): PageHeights {
  return new Map(view.documents.map((d) => [d.id, d.pageSizes.map((size) => size.height)]))
}

/** Skribble's status of a request: Signet's EXPIRED has no counterpart and ends like a withdrawal. */
export const skribbleStatus = (status: SignatureRequestView['statusOverall']) =>
  status === 'EXPIRED' ? 'WITHDRAWN' : status

/** Skribble's quality of a request (no requirement: DEMO outside production). */
function skribbleQuality(view: SignatureRequestView, production: boolean) {
  if (view.quality !== null) return { quality: view.quality.toUpperCase() }
  return production ? {} : { quality: 'DEMO' }
}

/** Skribble's SignatureResponse_v3 of Signet's view of a request; `owner` is how Skribble names its sender. */
export function skribbleRequest(
  view: SignatureRequestView,
  { publicUrl, production, owner }: { publicUrl: string; production: boolean; owner: string },
) {
  const heights = pageHeightsOf(view)
  return {
    id: view.id,
    title: view.title,
    message: view.message,
    documents: view.documents.map((d) => ({ id: d.id, name: d.title })),
    ...(view.legislation === null ? {} : { legislation: view.legislation.toUpperCase() }),
    ...skribbleQuality(view, production),
    signing_url: `${publicUrl}/view/${view.id}`,
    status_overall: skribbleStatus(view.statusOverall),
    signatures: view.signatures.map((s) => ({
      sid: s.id,
      // A group's signature has its signer's address once a member signed it.
      ...(s.accountEmail === '' ? {} : { account_email: s.accountEmail }),
      ...(s.group === null ? {} : { signer_group_id: s.group.id }),
      document_signatures: s.documentSignatures.map((field) => ({
        document_id: field.documentId,
        visual_signature: {
          positions: [
            {
              page: String(field.page),
              x: field.x,
              y: Math.max(0, (heights.get(field.documentId)?.[field.page] ?? 0) - field.y - field.height),
              width: field.width,
              height: field.height,
            },
          ],
        },
      })),
      ...(s.signerIdentityData === null
        ? {}
        : {
            signer_identity_data: {
              email_address: s.signerIdentityData.emailAddress,
              ...(s.signerIdentityData.firstName === undefined
                ? {}
                : { first_name: s.signerIdentityData.firstName }),
              ...(s.signerIdentityData.lastName === undefined
                ? {}
                : { last_name: s.signerIdentityData.lastName }),
              ...(s.signerIdentityData.mobileNumber === undefined
                ? {}
                : { mobile_number: s.signerIdentityData.mobileNumber }),
              ...(s.signerIdentityData.language === undefined
                ? {}
                : { language: s.signerIdentityData.language.slice(0, 2).toLowerCase() }),
            },
          }),
      sequence: s.sequence,
      status_code: s.status,
      notify: true,
      invited_by: owner,
    })),
    origin: 'API',
    observers: skribbleObservers(view, owner),
    ...(view.expiresAt === null ? {} : { expiration_date: view.expiresAt.slice(0, 10) }),
    attachments: view.attachments.map((a) => ({ attachment_id: a.id, filename: a.title })),
    owner,
    read_access: [owner, ...view.signatures.flatMap((s) => (s.accountEmail === '' ? [] : [s.accountEmail]))],
    write_access: [owner],
    created_at: view.createdAt,
    updated_at: view.updatedAt,
  }
}

/**
 * Skribble's observer (a user observer; Signet's observers are addresses, so the address is its id too). It was
 * invited when the request was last changed, as far as Signet keeps it.
 */
export function skribbleObserver(
  view: Pick<SignatureRequestView, 'updatedAt'>,
  email: string,
  owner: string,
) {
  return {
    id: email,
    type: 'USER' as const,
    invited_at: view.updatedAt,
    invited_by: owner,
    user_info: { id: email, email },
  }
}

/**
 * Skribble's group observer of a signer group observing the request (every member observes): its id is the
 * group's; Signet keeps no versions of a group, so its `version_id` is the group's id too.
 */
export function skribbleGroupObserver(group: SignatureRequestView['observerGroups'][number], owner: string) {
  return {
    id: group.id,
    type: 'GROUP' as const,
    invited_at: group.addedAt,
    invited_by: owner,
    group_info: { id: group.id, name: group.name, version_id: group.id },
  }
}

/** Every observer of the request Skribble's way: the addresses, then the signer groups. */
export function skribbleObservers(
  view: Pick<SignatureRequestView, 'updatedAt' | 'ccEmailAddresses' | 'observerGroups'>,
  owner: string,
) {
  return [
    ...view.ccEmailAddresses.map((email) => skribbleObserver(view, email, owner)),
    ...view.observerGroups.map((group) => skribbleGroupObserver(group, owner)),
  ]
}

/** A signer of sign v2's SignatureRecipient.yaml: one document, so one visual signature. */
export const skribbleSignerV2Schema = v.object({
  sequence: v.optional(v.pipe(v.number(), v.integer(), v.minValue(-1), v.maxValue(100))),
  notify: v.optional(v.boolean()),
  language: v.optional(v.picklist(['en', 'de', 'fr', 'it'])),
  account_email: v.optional(text(320)),
  signer_identity_data: v.optional(identitySchema),
  visual_signature: v.optional(
    v.nullable(
      v.object({
        position: v.optional(skribblePositionSchema),
        positions: v.optional(v.pipe(v.array(skribblePositionSchema), v.maxLength(50))),
        form_field: v.optional(text(200)),
        image: v.optional(v.unknown()),
      }),
    ),
  ),
})

/** The v3 signer of a v2 signer of the request's one document. */
export function signerOfV2(
  signer: v.InferOutput<typeof skribbleSignerV2Schema>,
  documentId: string | undefined,
): v.InferOutput<typeof skribbleSignerSchema> {
  const { visual_signature: visual, language: _, ...rest } = signer
  if (visual === undefined || visual === null || documentId === undefined) return rest
  const positions = visual.position === undefined ? visual.positions : [visual.position]
  return {
    ...rest,
    document_signatures: [
      {
        document_id: documentId,
        visual_signature: {
          ...(positions === undefined ? {} : { positions }),
          ...(visual.form_field === undefined ? {} : { form_field: visual.form_field }),
        },
      },
    ],
  }
}

/** Body of sign v2's `POST /signature-requests`: one document, as content, a URL or an uploaded one's id. */
export const skribbleCreateV2Schema = v.object({
  ...requestEntries,
  signatures: v.optional(v.nullable(v.pipe(v.array(skribbleSignerV2Schema), v.maxLength(100)))),
  cc_email_addresses: v.optional(v.nullable(v.pipe(v.array(text(320)), v.maxLength(20)))),
  content: v.optional(v.pipe(v.string(), v.minLength(1), v.base64('must be base64'))),
  content_type: v.optional(text(100)),
  file_url: v.optional(v.pipe(text(2000), v.url(), v.regex(/^https?:\/\//i, 'must be an http or https URL'))),
  document_id: v.optional(v.pipe(v.string(), v.uuid())),
})

/** Skribble's v2 SignatureResponse of Signet's view: one `document_id`, observers as `cc_email_addresses`. */
export function skribbleRequestV2(
  view: SignatureRequestView,
  options: Parameters<typeof skribbleRequest>[1],
) {
  const { documents, observers: _, ...rest } = skribbleRequest(view, options)
  return {
    ...rest,
    ...(documents[0] === undefined ? {} : { document_id: documents[0].id }),
    cc_email_addresses: view.ccEmailAddresses,
  }
}
