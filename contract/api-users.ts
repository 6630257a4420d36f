import * as v from 'valibot'
import { embedOriginsSchema } from './embedding.ts'

/** What an API user's key may do: `read` only reads (GET), `sign` also creates, sends and signs requests. */
export const apiKeyScopes = ['read', 'sign'] as const
export type ApiKeyScope = (typeof apiKeyScopes)[number]

/** An API user's username: 3 to 60 lower-case letters, digits, dots, dashes and underscores. */
export const apiUsernamePattern = /^[a-z0-9][a-z0-9._-]{2,59}$/

const usernameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.regex(apiUsernamePattern, 'Use 3 to 60 letters, digits, dots, dashes or underscores'),
)
const descriptionSchema = v.pipe(v.string(), v.trim(), v.maxLength(200))

/** SPEC §3 Business apiUsers: one API user as its business's admins see it (never its key). */
export const apiUserSchema = v.object({
  username: v.string(),
  description: v.string(),
  scope: v.picklist(apiKeyScopes),
  createdAt: v.string(),
  /** When its current key was made (at creation or the last reset). */
  keyIssuedAt: v.string(),
  /** When its key was last used, to the minute; null when never. */
  lastUsedAt: v.nullable(v.string()),
  /** The origins whose pages may frame its signers' embedded signing page (issue 41 §3). */
  embedOrigins: v.array(v.string()),
})
export type ApiUser = v.InferOutput<typeof apiUserSchema>

/** GET /v1/businesses/{id}/apis. */
export const apiUsersSchema = v.object({ apiUsers: v.array(apiUserSchema) })

/** POST /v1/businesses/{id}/apis: a new API user of the business. */
export const createApiUserSchema = v.object({
  username: usernameSchema,
  description: v.optional(descriptionSchema, ''),
  scope: v.optional(v.picklist(apiKeyScopes), 'sign'),
})

/** PUT /v1/businesses/{id}/apis/{username}: its description, scope and embed origins (all of them). */
export const updateApiUserSchema = v.object({
  description: v.optional(descriptionSchema),
  scope: v.optional(v.picklist(apiKeyScopes)),
  embedOrigins: v.optional(embedOriginsSchema),
})

/**
 * The answer of creating an API user and of resetting its key: the key, shown this once (only its hash is
 * kept), and the secret its request callbacks are signed with (new at each reset too). Keys made outside
 * production start with `demo_`, in production with `live_`.
 */
export const apiUserKeySchema = v.object({
  apiUser: apiUserSchema,
  apiKey: v.string(),
  callbackSecret: v.string(),
})
export type ApiUserKey = v.InferOutput<typeof apiUserKeySchema>

/** POST /v2/access/login: an API user trades its username and key for a bearer token. */
export const accessLoginSchema = v.object({
  username: v.pipe(v.string(), v.maxLength(60)),
  apiKey: v.pipe(v.string(), v.maxLength(200)),
})

/** Where a request an API user sends posts its changes (`callback_*_url` of `POST /v3/signature-requests`). */
export type RequestCallbacks = { success?: string; error?: string; update?: string }

/**
 * What a callback posts (JSON, snake_case on the wire), signed in the `Signet-Signature` header:
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed by the API user's callback secret>`.
 */
export const requestCallbackSchema = v.object({
  /**
   * The audit trail's entry this tells of: the same in every try and at every URL it goes to, so a
   * receiver that hears of it twice (delivery is at least once) can tell.
   */
  eventId: v.string(),
  signatureRequestId: v.string(),
  /** The audit trail's name of what happened (`signed`, `declined`, `withdrawn`, ...). */
  event: v.string(),
  statusOverall: v.string(),
  /** When it happened, by the server's clock. */
  occurredAt: v.string(),
})
export type RequestCallback = v.InferOutput<typeof requestCallbackSchema>

/** Path builders of the API user calls (SPEC §7 Businesses), relative to `apiBase`. */
export const apiUserPaths = {
  /** `GET` lists the business's API users, `POST` makes one (its key in the answer). */
  apiUsers: (businessId: string) => `/v1/businesses/${encodeURIComponent(businessId)}/apis`,
  /** `PUT` changes its description or scope, `DELETE` removes it (its key stops working at once). */
  apiUser: (businessId: string, username: string) =>
    `/v1/businesses/${encodeURIComponent(businessId)}/apis/${encodeURIComponent(username)}`,
  /** `PUT` issues a new key (in the answer); the old one stops working at once. */
  resetApiUserKey: (businessId: string, username: string) =>
    `/v1/businesses/${encodeURIComponent(businessId)}/apis/${encodeURIComponent(username)}/reset`,
  /** `POST` username and key for a token (no sign-in needed). */
  accessLogin: () => '/v2/access/login',
} as const
