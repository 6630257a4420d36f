import type { ErrorCode } from '../errors.ts'
import { identificationModes, identificationProviders } from '../identification.ts'
import { legislations } from '../signature-qualities.ts'

/**
 * The form of a path parameter: `uuid` a row id, `page` a page number from 0 to {@link maxPage}, `text` any
 * text a person could type (no NUL, no lone surrogate), one of a list of words, or one of a list of words or
 * a row id (`orUuid`).
 */
export type PathParameterFormat = 'uuid' | 'page' | 'text' | readonly string[] | WordsOrUuid

/** One of `words`, or a row id: a legislation, or the signature request that stands for its legislation. */
type WordsOrUuid = { words: readonly string[]; orUuid: true }

/** A path parameter of the API: what it names, its form, and the answer to a value not of that form. */
export type PathParameter = {
  /** What the parameter names, as the reference says it (`The business’s id`). */
  subject: string
  format: PathParameterFormat
  /** The answer to a value of another form: the one a value of the right form that names nothing gets. */
  refusal: { status: 400 | 404 | 422; code: ErrorCode }
}

/** The highest page number a path may name: six digits, far beyond the pages of any PDF. */
export const maxPage = 999_999

const notFound = (code: ErrorCode) => ({ status: 404, code }) as const

/**
 * Every path parameter of the API, by the path segment before it and its name (`businesses/{id}`): the
 * reference describes it, and the server refuses a value not of its form before any handler runs
 * (server/http/check-path-parameters.ts).
 */
const pathParameters: Readonly<Record<string, PathParameter>> = {
  'signature-requests/{id}': {
    subject: 'The signature request’s id',
    format: 'uuid',
    refusal: notFound('signature_request.not_found'),
  },
  'sessions/{id}': { subject: 'The session’s id', format: 'uuid', refusal: notFound('session.not_found') },
  'passkeys/{id}': { subject: 'The passkey’s id', format: 'uuid', refusal: notFound('passkey.not_found') },
  'templates/{id}': { subject: 'The template’s id', format: 'uuid', refusal: notFound('template.not_found') },
  'public-templates/{token}': {
    subject: 'The secret of the template’s public link',
    format: 'text',
    refusal: notFound('public_template.not_found'),
  },
  'visits/{visitId}': {
    subject: 'The visit’s id, answered when its code was mailed',
    format: 'uuid',
    refusal: notFound('public_template.visit_not_found'),
  },
  'bulk-sends/{id}': {
    subject: 'The bulk send’s id',
    format: 'uuid',
    refusal: notFound('bulk_send.not_found'),
  },
  'documents/{id}': { subject: 'The document’s id', format: 'uuid', refusal: notFound('document.not_found') },
  'documents/{documentId}': {
    subject: 'The document’s id',
    format: 'uuid',
    refusal: notFound('document.not_found'),
  },
  'pages/{page}': {
    subject: 'The page, counting from 0',
    format: 'page',
    refusal: notFound('document.page_not_found'),
  },
  'businesses/{id}': {
    subject: 'The business’s id',
    format: 'uuid',
    refusal: notFound('business.not_found'),
  },
  'sendto/{id}': {
    subject: 'The signature id of the direct link',
    format: 'uuid',
    refusal: notFound('signature_request.not_found'),
  },
  'signatures/{signatureId}': {
    subject: 'The signature’s id (one signer of the request)',
    format: 'uuid',
    refusal: notFound('signature_request.not_found'),
  },
  'attachments/{aid}': {
    subject: 'The attachment’s id',
    format: 'uuid',
    refusal: notFound('attachment.not_found'),
  },
  'invitations/{inviteId}': {
    subject: 'The invitation’s id',
    format: 'uuid',
    refusal: notFound('business.invitation_not_found'),
  },
  // An intent the provider does not know is a missing payment method, not a missing thing.
  'setup-intent/{intentId}': {
    subject: 'The setup intent the payment method was collected with',
    format: 'text',
    refusal: { status: 422, code: 'billing.payment_method_missing' },
  },
  'invoices/{invoiceId}': {
    subject: 'The invoice’s id',
    format: 'text',
    refusal: notFound('billing.invoice_not_found'),
  },
  'seals/{name}': { subject: 'The seal’s account name', format: 'text', refusal: notFound('seal.not_found') },
  'groups/{groupId}': {
    subject: 'The signer group’s id',
    format: 'uuid',
    refusal: notFound('signer_group.not_found'),
  },
  'members/{userId}': {
    subject: 'The id of the member’s account',
    format: 'uuid',
    refusal: notFound('signer_group.not_found'),
  },
  'apis/{username}': {
    subject: 'The API user’s username',
    format: 'text',
    refusal: notFound('api_user.not_found'),
  },
  'visual-signatures/{id}': {
    subject: 'The visual signature’s id',
    format: 'uuid',
    refusal: notFound('visual_signature.not_found'),
  },
  'signature/{id}': {
    subject: 'The visual signature’s id',
    format: 'uuid',
    refusal: notFound('visual_signature.not_found'),
  },
  'identification/{provider}': {
    subject: 'The identification provider',
    format: identificationProviders,
    refusal: notFound('identification.not_found'),
  },
  '{provider}/{mode}': {
    subject: 'The identification method of the provider',
    format: identificationModes,
    refusal: notFound('identification.not_found'),
  },
  'payment/{id}': {
    subject:
      'The legislation the identification licence is for; for the coverage (GET), also a signature request’s id, standing for its legislation',
    format: { words: legislations, orUuid: true },
    refusal: notFound('identification.not_found'),
  },
  '{id}/{paymentId}': {
    subject: 'The identification payment’s id',
    format: 'uuid',
    refusal: notFound('identification.not_found'),
  },
  'v3/{provider}': {
    subject: 'The mobile signing provider',
    format: 'text',
    refusal: notFound('mobile_signing.not_found'),
  },
  'direct/{provider}': {
    subject: 'The mobile signing provider',
    format: 'text',
    refusal: notFound('mobile_signing.not_found'),
  },
  'ocsp/{request}': {
    subject: 'The DER OCSP request in base64, URL-encoded (RFC 6960 appendix A.1)',
    format: 'text',
    refusal: { status: 400, code: 'pki.ocsp_request_malformed' },
  },
  'crl/{file}': {
    subject:
      'The CRL of one of the platform’s CAs: `root.crl`, `issuing.crl`, or `issuing-{serial}.crl` for an issuing CA that came later',
    format: 'text',
    refusal: notFound('pki.ca_not_found'),
  },
  'ca/{file}': {
    subject:
      'The certificate of one of the platform’s CAs: `root.cer`, `issuing.cer`, or `issuing-{serial}.cer` for an issuing CA that came later',
    format: 'text',
    refusal: notFound('pki.ca_not_found'),
  },
  ...Object.fromEntries(
    ['proceed', 'resend', 'respond', 'cancel'].map((segment) => [
      `${segment}/{id}`,
      { subject: 'The mobile signing’s id', format: 'uuid', refusal: notFound('mobile_signing.not_found') },
    ]),
  ),
}

/** The `{name}` parameters of an operation's path, with their place among the path's segments. */
export function pathParametersOf(path: string): { name: string; index: number; parameter: PathParameter }[] {
  const segments = path.split('/')
  return segments.flatMap((segment, index) => {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1]
    if (name === undefined) return []
    const key = `${segments[index - 1] ?? ''}/${segment}`
    const parameter = Object.hasOwn(pathParameters, key) ? pathParameters[key] : undefined
    if (parameter === undefined) throw new Error(`${path}: the path parameter ${key} is not described`)
    return [{ name, index, parameter }]
  })
}
