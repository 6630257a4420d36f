import * as v from 'valibot'
import { documentSchema } from './documents.ts'
import { formFieldInputSchema, formFieldSchema } from './form-fields.ts'
import { signatureFieldSchema } from './signature-fields.ts'
import { legislations, signatureQualities } from './signature-qualities.ts'
import { signatureRequestStatuses, signerStatuses } from './signature-request-status.ts'

import { emailSchema } from './user.ts'

const optionalText = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max)))

/** A signer's position in the signing order. */
export const sequenceSchema = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))

/**
 * Observers (`cc_email_addresses`): people who sign nothing and, once everyone has signed, are mailed the
 * signed documents with a link that shows the finished request read-only. Each address once.
 */
const ccEmailAddressesSchema = v.pipe(
  v.array(emailSchema),
  v.maxLength(20),
  v.check((emails) => new Set(emails).size === emails.length, 'each address once'),
)

/** Signer groups of the sender's business that observe a request (issue 43): every member observes. */
const observerGroupIdsSchema = v.pipe(
  v.array(v.pipe(v.string(), v.uuid(), v.toLowerCase())),
  v.maxLength(20),
  v.check((ids) => new Set(ids).size === ids.length, 'each group once'),
)

/**
 * How a signer proves who they are when they sign, as the sender asks it of them (issue 42 §5):
 * - `tan` (the default, as before): a signer without an account signs through a direct link with a TAN mailed
 *   to them; one with an account signs in.
 * - `account_sign_in`: only signed in to an account with the invited address; no direct link is mailed or
 *   accepted.
 * - `second_factor`: signed in as with `account_sign_in`, and right before the signature is applied the signer
 *   confirms with a code of their second factor (their authenticator app or a recovery code).
 */
export const signerAuthentications = ['tan', 'account_sign_in', 'second_factor'] as const

/** How a signer proves who they are when they sign. */
export type SignerAuthentication = (typeof signerAuthentications)[number]

/**
 * How a signer group's members may prove who they are (issue 43): signed in to their accounts, with their second
 * factor or not. A group has no address a TAN link could be mailed to.
 */
export const groupSignerAuthentications = ['account_sign_in', 'second_factor'] as const

/** What a group's signature authenticates by when `asked` is: sign-in, unless the second factor is asked. */
export function groupSignerAuthentication(
  asked: SignerAuthentication | undefined,
): (typeof groupSignerAuthentications)[number] {
  return asked === 'second_factor' ? 'second_factor' : 'account_sign_in'
}

/** Who a signer is when the sender knows more than an address (SPEC §3 Signer invite). */
export const signerIdentityDataSchema = v.object({
  emailAddress: emailSchema,
  firstName: optionalText(100),
  lastName: optionalText(100),
  mobileNumber: optionalText(40),
  /**
   * The language of the signer's mails and of their page when they open a direct link (en-gb, de-ch, fr-ch,
   * it; counted by its two-letter prefix); without, their own or their browser's.
   */
  language: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^(en|de|fr|it)([-_][a-z]{2,3})?$/i, 'must be en-gb, de-ch, fr-ch or it'),
    ),
  ),
})

/** One invited signer: an account's address, or identity data with an address (or both, the same address). */
export const signerInviteSchema = v.pipe(
  v.object({
    accountEmail: v.optional(emailSchema),
    signerIdentityData: v.optional(signerIdentityDataSchema),
    /** Where the signer signs, one field per document; without, the app suggests where. */
    documentSignatures: v.optional(v.pipe(v.array(signatureFieldSchema), v.maxLength(50))),
    /** The fields besides the signature that the signer fills (text, date, checkbox, initials, ...). */
    formFields: v.optional(v.pipe(v.array(formFieldInputSchema), v.maxLength(200))),
    /**
     * The signer's position in the signing order: lower signs first, equal numbers sign in parallel; without,
     * 1 (all 1: everyone is asked at once). Only the signers whose turn it is are asked to sign.
     */
    sequence: v.optional(sequenceSchema),
    /** How the signer proves who they are when they sign; without, `tan` (as before). */
    authentication: v.optional(v.picklist(signerAuthentications)),
    /**
     * A signer group of the sender's business (issue 43) in place of a person: any one of its members signs,
     * signed in to their account (`authentication` `tan` counts as `account_sign_in`).
     */
    groupId: v.optional(v.pipe(v.string(), v.uuid())),
  }),
  v.check(
    (s) =>
      s.groupId === undefined
        ? s.accountEmail !== undefined || s.signerIdentityData !== undefined
        : s.accountEmail === undefined && s.signerIdentityData === undefined,
    'needs account_email or signer_identity_data, or group_id alone',
  ),
  v.check(
    (s) =>
      new Set(s.documentSignatures?.map((f) => f.documentId)).size === (s.documentSignatures?.length ?? 0),
    'document_signatures: one field per document',
  ),
)

/**
 * Body of `PUT /v3/signature-requests/{id}/signatures/{signatureId}`: the signer's signature fields, at most one
 * per document, and when given their fields besides the signature, which replace the ones they had.
 */
export const placeSignatureFieldsSchema = v.object({
  documentSignatures: v.pipe(
    v.array(signatureFieldSchema),
    v.maxLength(50),
    v.check(
      (fields) => new Set(fields.map((f) => f.documentId)).size === fields.length,
      'one field per document',
    ),
  ),
  formFields: v.optional(v.pipe(v.array(formFieldInputSchema), v.maxLength(200))),
})

/** Input of {@link placeSignatureFieldsSchema}. */
export type PlaceSignatureFields = v.InferOutput<typeof placeSignatureFieldsSchema>

const callbackUrlSchema = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(2000),
    v.url(),
    v.regex(/^https?:\/\//i, 'must be an http or https URL'),
  ),
)

/**
 * The signature standard a request asks of its signers: the least quality (`ses` asks nothing beyond a
 * simple signature) and, for aes or qes, the legislation it must be valid under (left out: either).
 */
export const requestStandardEntries = {
  quality: v.optional(v.picklist(signatureQualities)),
  legislation: v.optional(v.picklist(legislations)),
}

/** Most days between two automatic reminders, and most automatic reminders of one request. */
export const reminderLimits = { everyDays: 90, atMost: 20 } as const

/** Automatic reminders of an open request (issue 40 §3): every `everyDays` days, at most `atMost` times. */
export const remindersSchema = v.object({
  everyDays: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(reminderLimits.everyDays)),
  atMost: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(reminderLimits.atMost)),
})

/** Automatic reminders of a request. */
export type Reminders = v.InferOutput<typeof remindersSchema>

/**
 * When a request expires and how it reminds its signers, as POST and PUT take them: `expires_at` an ISO
 * timestamp (null: never), `reminders` null for none. Left out on POST, the business's defaults apply.
 */
const followUpEntries = {
  expiresAt: v.optional(v.nullable(v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 timestamp')))),
  reminders: v.optional(v.nullable(remindersSchema)),
}

/** A legislation is asked for only with an advanced or qualified signature. */
export const legislationNeedsQuality = (body: { quality?: string; legislation?: string }) =>
  body.legislation === undefined || body.quality === 'aes' || body.quality === 'qes'

/**
 * Body of `POST /v3/signature-requests`: a draft with the caller's own uploaded documents. An API user may
 * name callback URLs: `callback_update_url` hears of every change, `callback_success_url` of the last
 * signature, `callback_error_url` of a decline, withdrawal or expiry.
 */
export const createSignatureRequestSchema = v.pipe(
  v.object({
    title: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
    message: v.optional(v.pipe(v.string(), v.maxLength(5000)), ''),
    signatures: v.optional(v.pipe(v.array(signerInviteSchema), v.maxLength(100)), []),
    documents: v.optional(
      v.pipe(v.array(v.object({ id: v.pipe(v.string(), v.uuid()) })), v.maxLength(50)),
      [],
    ),
    ...requestStandardEntries,
    ...followUpEntries,
    ccEmailAddresses: v.optional(ccEmailAddressesSchema, []),
    observerGroupIds: v.optional(observerGroupIdsSchema),
    callbackSuccessUrl: callbackUrlSchema,
    callbackErrorUrl: callbackUrlSchema,
    callbackUpdateUrl: callbackUrlSchema,
  }),
  v.forward(
    v.check((body) => legislationNeedsQuality(body), 'legislation goes with quality aes or qes'),
    ['legislation'],
  ),
)

/** Input of {@link createSignatureRequestSchema}. */
export type CreateSignatureRequest = v.InferOutput<typeof createSignatureRequestSchema>

/** Body of `POST .../withdraw` and `POST .../decline`: why, shown to the others. */
export const requestMessageSchema = v.object({
  message: v.optional(v.pipe(v.string(), v.maxLength(2000)), ''),
})

/**
 * Body of `PUT /v3/signature-requests/{id}`: a new title, message, expiry, reminders and/or observers while the
 * request is a draft or open (an open request's expiry extended, say); its signature standard (quality, with
 * legislation or without: either) and the signing order (`signatures`: each signer's `sequence` by signature id;
 * one left out signs at 1) only while it is a draft.
 */
export const updateSignatureRequestSchema = v.pipe(
  v.object({
    title: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))),
    message: v.optional(v.pipe(v.string(), v.maxLength(5000))),
    ...requestStandardEntries,
    ...followUpEntries,
    signatures: v.optional(
      v.pipe(
        v.array(
          v.object({
            id: v.pipe(v.string(), v.uuid()),
            sequence: sequenceSchema,
            authentication: v.optional(v.picklist(signerAuthentications)),
          }),
        ),
        v.maxLength(100),
      ),
    ),
    ccEmailAddresses: v.optional(ccEmailAddressesSchema),
    observerGroupIds: v.optional(observerGroupIdsSchema),
  }),
  v.check(
    (body) =>
      body.title !== undefined ||
      body.message !== undefined ||
      body.quality !== undefined ||
      body.expiresAt !== undefined ||
      body.reminders !== undefined ||
      body.signatures !== undefined ||
      body.ccEmailAddresses !== undefined ||
      body.observerGroupIds !== undefined,
    'needs title, message, quality, expires_at, reminders, signatures, cc_email_addresses or observer_group_ids',
  ),
  v.forward(
    v.check((body) => legislationNeedsQuality(body), 'legislation goes with quality aes or qes'),
    ['legislation'],
  ),
)

/** Input of {@link updateSignatureRequestSchema}. */
export type UpdateSignatureRequest = v.InferOutput<typeof updateSignatureRequestSchema>

/** One signer invite, as `POST .../signatures` and {@link delegateSignatureRequestSchema} take it. */
export type SignerInvite = v.InferOutput<typeof signerInviteSchema>

/** Body of `POST .../delegate`: who takes over the caller's open signature, and a word for them. */
export const delegateSignatureRequestSchema = v.pipe(
  v.object({
    accountEmail: v.optional(emailSchema),
    signerIdentityData: v.optional(signerIdentityDataSchema),
    message: v.optional(v.pipe(v.string(), v.maxLength(2000)), ''),
  }),
  v.check(
    (s) => s.accountEmail !== undefined || s.signerIdentityData !== undefined,
    'needs account_email or signer_identity_data',
  ),
)

/** Input of {@link delegateSignatureRequestSchema}. */
export type DelegateSignatureRequest = v.InferOutput<typeof delegateSignatureRequestSchema>

/** A file attached to a request (SPEC §3 attachments); its bytes at `GET .../attachments/{aid}/content`. */
export const attachmentSchema = v.object({
  id: v.string(),
  title: v.string(),
  size: v.number(),
  contentType: v.string(),
  createdAt: v.string(),
})

/** An attachment as answered. */
export type AttachmentInfo = v.InferOutput<typeof attachmentSchema>

/** Answer of `GET .../lock-status`: whether a signing of the request is in progress right now. */
export const lockStatusSchema = v.object({ locked: v.boolean() })

/** One signer of a request as answered. */
export const signatureSchema = v.object({
  id: v.string(),
  accountEmail: v.string(),
  signerIdentityData: v.nullable(signerIdentityDataSchema),
  status: v.picklist(signerStatuses),
  signedAt: v.nullable(v.string()),
  /** Where the signer signs each document (where they signed, once signed). */
  documentSignatures: v.array(signatureFieldSchema),
  /** Whether the sender placed every field; false when some are the app's suggestion. */
  fieldsPlaced: v.boolean(),
  /** The fields besides the signature the signer fills, with their values once given. */
  formFields: v.array(formFieldSchema),
  /** The signer's position in the signing order (equal: in parallel; all 1: everyone at once). */
  sequence: v.number(),
  /** How the signer proves who they are when they sign. */
  authentication: v.picklist(signerAuthentications),
  /**
   * The signer group asked to sign (issue 43), whose members may each sign; once one has, `accountEmail` is
   * theirs. Null for a signer in person.
   */
  group: v.nullable(v.object({ id: v.string(), name: v.string() })),
})

/** A signature request as `GET /v3/signature-requests/{id}` and the list answer it. */
export const signatureRequestSchema = v.object({
  id: v.string(),
  title: v.string(),
  message: v.string(),
  ownerEmail: v.string(),
  /** Whether the caller is the sender. */
  isOwner: v.boolean(),
  statusOverall: v.picklist(signatureRequestStatuses),
  /** The caller's own signature status, or null when the caller does not sign. */
  signatureStatus: v.nullable(v.picklist(signerStatuses)),
  signaturesCount: v.number(),
  documents: v.array(documentSchema),
  /** In signing order. */
  signatures: v.array(signatureSchema),
  /** The observers, who get the signed documents; only the sender sees them (empty for anyone else). */
  ccEmailAddresses: v.array(v.string()),
  /** The signer groups observing (issue 43), every member of which gets the signed documents; only the sender sees them. */
  observerGroups: v.array(v.object({ id: v.string(), name: v.string(), addedAt: v.string() })),
  attachments: v.array(attachmentSchema),
  createdAt: v.string(),
  updatedAt: v.string(),
  lastRemindedAt: v.nullable(v.string()),
  /** When it expires if still open then; null: never. */
  expiresAt: v.nullable(v.string()),
  /** Its automatic reminders; null: none. */
  reminders: v.nullable(remindersSchema),
  /** How many automatic reminders were sent. */
  remindersSent: v.number(),
  /** The least quality its signers sign with; null: each signs with what they hold. */
  quality: v.nullable(v.picklist(signatureQualities)),
  /** The legislation its advanced or qualified signatures must be valid under; null: either. */
  legislation: v.nullable(v.picklist(legislations)),
  /**
   * The business the request is sent for (its sender is a member or one of its API users), whose name and
   * logo its pages show; null for a sender of their own.
   */
  business: v.nullable(v.object({ name: v.string(), logoUrl: v.nullable(v.string()) })),
})

/** A signature request as answered. */
export type SignatureRequestView = v.InferOutput<typeof signatureRequestSchema>

/**
 * A finished request as an observer's read-only link shows it: who sent it, who signed when, and its documents
 * to download signed; not its message, attachments or audit trail (addresses it was sent from).
 */
export const observedRequestSchema = v.object({
  id: v.string(),
  title: v.string(),
  ownerEmail: v.string(),
  statusOverall: v.picklist(signatureRequestStatuses),
  signatures: v.array(
    v.object({
      accountEmail: v.string(),
      name: v.nullable(v.string()),
      status: v.picklist(signerStatuses),
      signedAt: v.nullable(v.string()),
      sequence: v.number(),
    }),
  ),
  documents: v.array(v.object({ id: v.string(), title: v.string(), pageCount: v.number() })),
  business: signatureRequestSchema.entries.business,
})

/** Answer of `GET /v3/observe/signature-requests/{id}`. */
export type ObservedRequest = v.InferOutput<typeof observedRequestSchema>

/** Answer of `GET /v3/signature-requests`: one page. */
export const signatureRequestPageSchema = v.object({
  items: v.array(signatureRequestSchema),
  page: v.number(),
  size: v.number(),
  total: v.number(),
})

/** One entry of the audit trail (`GET .../events`). */
export const signatureRequestEventSchema = v.object({
  id: v.string(),
  type: v.string(),
  actorEmail: v.nullable(v.string()),
  detail: v.record(v.string(), v.unknown()),
  ip: v.nullable(v.string()),
  createdAt: v.string(),
})

/** Answer of `GET .../events`, oldest first. */
export const signatureRequestEventsSchema = v.object({ events: v.array(signatureRequestEventSchema) })

/** Query of `DELETE .../documents`: the ids of the documents to take out of the draft, comma-separated. */
export const removeDocumentsQuerySchema = v.object({
  document_ids: v.pipe(
    v.string(),
    v.transform((s) => s.split(',').map((part) => part.trim())),
    v.array(v.pipe(v.string(), v.uuid())),
    v.minLength(1),
    v.maxLength(50),
  ),
})

/** Query of `DELETE .../signatures`: the signature of the signer to remove. */
export const removeSignerQuerySchema = v.object({ signature_id: v.pipe(v.string(), v.uuid()) })

/** Kinds of `GET .../report?type=`. */
export const reportTypes = ['json', 'pdf'] as const

/** Query of `GET .../report`. */
export const reportQuerySchema = v.object({
  type: v.picklist(reportTypes),
  /** Language of the PDF report (en-gb, de-ch, fr-ch, it; a two-letter prefix will do); English otherwise. */
  lang: v.optional(v.pipe(v.string(), v.maxLength(10))),
})

/**
 * The JSON report of a request (`GET .../report?type=json`): the request, its signers, its documents with
 * the SHA-256 of the original and of the latest signed version, its attachments and its audit trail.
 */
export const signatureRequestReportSchema = v.object({
  id: v.string(),
  title: v.string(),
  message: v.string(),
  ownerEmail: v.string(),
  statusOverall: v.picklist(signatureRequestStatuses),
  createdAt: v.string(),
  updatedAt: v.string(),
  signers: v.array(
    v.object({
      accountEmail: v.string(),
      name: v.nullable(v.string()),
      status: v.picklist(signerStatuses),
      signedAt: v.nullable(v.string()),
      quality: v.nullable(v.string()),
      /** The printed name and the meaning (reason) the signature carries (21 CFR 11.50). */
      signingName: v.nullable(v.string()),
      signingReason: v.nullable(v.string()),
      /** How the sender asked the signer to prove who they are when they sign. */
      authentication: v.picklist(signerAuthentications),
      /** The signer's fields besides the signature that hold a value, and who gave it. */
      formFields: v.array(formFieldSchema),
    }),
  ),
  documents: v.array(
    v.object({
      id: v.string(),
      title: v.string(),
      pageCount: v.number(),
      sha256: v.string(),
      size: v.number(),
      signedSha256: v.nullable(v.string()),
      signedSize: v.nullable(v.number()),
    }),
  ),
  attachments: v.array(v.object({ ...attachmentSchema.entries, sha256: v.string() })),
  events: v.array(signatureRequestEventSchema),
  generatedAt: v.string(),
})

/** Answer of `GET .../report?type=json`. */
export type SignatureRequestReport = v.InferOutput<typeof signatureRequestReportSchema>

/** Sort orders of the list: a field and a direction, `created_at,desc` by default. */
export const signatureRequestSorts = [
  'created_at,desc',
  'created_at,asc',
  'updated_at,desc',
  'updated_at,asc',
  'title,asc',
  'title,desc',
] as const

/** Most items one list page answers. */
export const maxSignatureRequestPageSize = 100

const intParam = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, 'must be an integer'),
    v.transform(Number),
    v.minValue(min),
    v.maxValue(max),
  )

/**
 * Query of `GET /v3/signature-requests` (wire names). `status_overall` is comma-separated. `signature_status`
 * is the status of the signature of `account_email`, or of the caller's own one without it.
 * `signatures_count=672` is the pending filter (SPEC §4): open requests the caller owns in which someone
 * other than the caller still has to sign; any other count matches requests with exactly that many signers.
 * `api_users_of` lists a business's API requests for its admins.
 */
export const signatureRequestListQuerySchema = v.object({
  status_overall: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => s.split(',').map((part) => part.trim())),
      v.array(v.picklist(signatureRequestStatuses)),
    ),
  ),
  signature_status: v.optional(v.picklist(signerStatuses)),
  account_email: v.optional(emailSchema),
  /** `true`: only requests in which that signature's turn in the signing order has come (the dashboard's To sign). */
  in_turn: v.optional(
    v.pipe(
      v.picklist(['true', 'false']),
      v.transform((s) => s === 'true'),
    ),
  ),
  signatures_count: v.optional(intParam(0, 100_000)),
  /**
   * A business's id: the requests its API users sent, instead of the caller's own. Only the business's admins
   * may ask (a member gets 403 `business.not_allowed`, anyone else 404 `business.not_found`).
   */
  api_users_of: v.optional(v.pipe(v.string(), v.uuid('must be a business id'))),
  /** Part of the title, in any case: the dashboard's search. */
  title: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))),
  page: v.optional(intParam(0, 1_000_000), '0'),
  size: v.optional(intParam(1, maxSignatureRequestPageSize), '20'),
  sort: v.optional(v.picklist(signatureRequestSorts), 'created_at,desc'),
})

/** A parsed list query. */
export type SignatureRequestListParams = v.InferOutput<typeof signatureRequestListQuerySchema>

/** Answer of `GET .../events`. */
export type SignatureRequestEventList = v.InferOutput<typeof signatureRequestEventsSchema>

/** Answer of `GET /v3/signature-requests`. */
export type SignatureRequestPage = v.InferOutput<typeof signatureRequestPageSchema>
