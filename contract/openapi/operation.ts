import type * as v from 'valibot'
import type { CaseOptions } from '../case.ts'
import type { ErrorCode } from '../errors.ts'

/** The groups the reference shows operations in, in this order. */
export const operationTags = [
  { name: 'Signature requests', description: 'Create, send, follow and end signature requests.' },
  {
    name: 'Templates',
    description: 'Requests to send again and again, with roles in place of people; shared within a business.',
  },
  { name: 'Documents', description: 'The PDFs of signature requests: metadata, downloads and page images.' },
  { name: 'Signing', description: 'Sign requests, in one’s own name or with a seal of the business.' },
  { name: 'Accounts', description: 'Sign-up, sign-in and the signed-in user.' },
  { name: 'Businesses', description: 'A business account, its people, settings and branding.' },
  { name: 'Seals', description: 'Organisation seals of a business.' },
  { name: 'API users', description: 'A business’s API users and their key sign-in.' },
  {
    name: 'Activity',
    description: 'What the people of a business sent and signed: lists, CSV and statistics.',
  },
  { name: 'Billing', description: 'Plans, subscriptions, payment methods and invoices of a business.' },
  {
    name: 'Direct link',
    description:
      'A signer without an account, through the link mailed to them: Basic `<signature id>:<request id>` and the link’s `token`.',
  },
  { name: 'Validation', description: 'Check the signatures of any PDF.' },
  { name: 'Platform', description: 'Server time, configuration, status, health and this description.' },
] as const

/** One of {@link operationTags}. */
type OperationTag = (typeof operationTags)[number]['name']

/**
 * Who may call: `account` a signed-in person or API user (Bearer token, or an API user's Basic username and
 * key), `direct` a direct-link signer, `none` anyone.
 */
type OperationAuth = 'account' | 'direct' | 'none'

/** A JSON body: a contract schema, in camelCase as the server validates it after converting the keys. */
export type JsonBody = {
  json: v.GenericSchema
  caseOptions?: CaseOptions
  /** The call may be made without a body. @default false */
  optional?: boolean
}

/** A `multipart/form-data` upload: the `file` part's accepted media types and the optional text fields. */
type UploadBody = { upload: { file: readonly string[]; fields?: readonly string[] } }

/** A body of one binary media type (`application/ocsp-request`), taken as it is. */
type BinaryBody = { binary: { media: string; description: string } }

/** A success answer: JSON of a contract schema, a file of a media type, or nothing. */
export type Answer =
  | { status: number; json: v.GenericSchema; caseOptions?: CaseOptions; description?: string }
  | { status: number; media: string; description: string }
  | { status: number; description: string }

/** The refusals of a call beyond those every call of its kind has, by status. */
export type ErrorsByStatus = Partial<Record<number, readonly ErrorCode[]>>

/** The query parameters of a call: an object schema in wire names. */
export type QuerySchema = v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>

/**
 * What a route declares of itself beside its handler (server/http/describe-route.ts): the description of its
 * call, from the contract's schemas. A JSON body validated by the route's `jsonBody` is described from there.
 */
export type RouteDescription = {
  summary: string
  description?: string
  tag: OperationTag
  auth: OperationAuth
  /** A body the handler reads itself: an upload, a binary body, or JSON it validates in place. */
  body?: JsonBody | UploadBody | BinaryBody
  /**
   * The query parameters of a handler that reads them itself (a link's token); a query the route validates
   * with `queryParams` is described from there.
   */
  query?: QuerySchema
  answers: readonly [Answer, ...Answer[]]
  errors?: ErrorsByStatus
}

/** One call of the API: a route's description, at its method and path. */
export type Operation = RouteDescription & {
  method: 'get' | 'post' | 'put' | 'delete'
  /** Relative to `/api`, with `{name}` path parameters named as the server's routes name them. */
  path: string
}

/** A JSON answer of status 200, with what it means if more than "OK". */
export const ok = (json: v.GenericSchema, description?: string): Answer => ({
  status: 200,
  json,
  ...(description === undefined ? {} : { description }),
})
/** A JSON answer of status 201. */
export const created = (json: v.GenericSchema): Answer => ({ status: 201, json })
/** An answer of status 204. */
export const noContent: Answer = { status: 204, description: 'Done; nothing to answer.' }
/** A file of one media type, answered with status 200. */
export const file = (media: string, description: string): Answer => ({ status: 200, media, description })
/** A redirect (302, 303) and where it goes. */
export const redirect = (status: number, description: string): Answer => ({ status, description })
/** An upload of one PDF. */
export const pdfUpload = { upload: { file: ['application/pdf'] } } as const

/** A signature request the caller may not see, or that is not there. */
export const unknownRequest: ErrorsByStatus = { 404: ['signature_request.not_found'] }
/** A template the caller may not use, or that is not there. */
export const unknownTemplate: ErrorsByStatus = { 404: ['template.not_found'] }
/** A document the caller may not see, or that is not there. */
export const unknownDocument: ErrorsByStatus = { 404: ['document.not_found'] }
/** A business the caller is not in, or that is not there. */
export const unknownBusiness: ErrorsByStatus = { 404: ['business.not_found'] }
/** A call of a business's admins: members are refused, another business is unknown. */
export const adminOnly: ErrorsByStatus = { 403: ['business.not_allowed'], 404: ['business.not_found'] }
/** A seal of a business, for its admins. */
export const sealOfAdmin: ErrorsByStatus = {
  403: ['business.not_allowed'],
  404: ['business.not_found', 'seal.not_found'],
}
/** A change of the business's plan or state, refused in some states. */
export const transition: ErrorsByStatus = { ...adminOnly, 409: ['business.transition_refused'] }
/** A call of the admins that asks the billing provider. */
export const billingProvider: ErrorsByStatus = { ...adminOnly, 503: ['billing.unavailable'] }
