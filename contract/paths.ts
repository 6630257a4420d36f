import { accountPaths, tokenQuery } from './account-paths.ts'
import { outboxPaths } from './outbox.ts'
import type { PkiCa } from './pki.ts'

/** Prefix under which the server mounts the API; the SPEC path `/v1/datetime` is `GET /api/v1/datetime`. */
export const apiBase = '/api'

/**
 * Path builders of the API, relative to {@link apiBase}, as the SPEC §7 writes them. Path parameters are
 * URI-encoded here so callers never build paths by hand. Later issues add one entry per call. The account's
 * calls are {@link accountPaths}, which the sign-in page loads without the rest.
 */
export const apiPaths = {
  ...accountPaths,
  ...outboxPaths,
  /** `POST` answers a backup archive of the whole server (`npm run backup`); for the operator only. */
  backup: () => '/operator/backup',
  /** Outside production: `POST` moves the server's clock forward (contract/dev-clock.ts). */
  devClock: () => '/dev/clock',
  /** Signature requests: `GET` lists the caller's (owned or signed), `POST` creates a draft. */
  signatureRequests: () => '/v3/signature-requests',
  /** `GET` reads a request; `PUT` edits its title and message; `DELETE` withdraws, leaves or deletes it. */
  signatureRequest: (id: string) => `/v3/signature-requests/${encodeURIComponent(id)}`,
  /** `POST` saves the caller's request as a template (issue 41 §1). */
  saveRequestAsTemplate: (id: string) => `/v3/signature-requests/${encodeURIComponent(id)}/template`,
  /** Templates: `GET` lists the caller's own and those their business shares, `POST` creates one. */
  templates: () => '/v3/templates',
  /** `GET` reads a template; `PUT` changes it; `DELETE` deletes it. */
  template: (id: string) => `/v3/templates/${encodeURIComponent(id)}`,
  /** `POST` starts a request from the template, naming a signer for each role. */
  templateSignatureRequests: (id: string) => `/v3/templates/${encodeURIComponent(id)}/signature-requests`,
  /** `PUT` switches the template's public link on (a new link); `DELETE` switches it off. */
  templatePublicLink: (id: string) => `/v3/templates/${encodeURIComponent(id)}/public-link`,
  /** `GET` reads the template of a public link, as a visitor sees it. */
  publicTemplate: (token: string) => `/v3/public-templates/${encodeURIComponent(token)}`,
  /** `POST` mails a visitor of a public link a code to confirm their e-mail. */
  publicTemplateVisits: (token: string) => `/v3/public-templates/${encodeURIComponent(token)}/visits`,
  /** `POST` confirms the visitor's code and answers their direct signing link. */
  publicTemplateVisitConfirm: (token: string, visitId: string) =>
    `/v3/public-templates/${encodeURIComponent(token)}/visits/${encodeURIComponent(visitId)}/confirm`,
  /** `POST` checks a file of rows, or sends a request per row (issue 41 §2). */
  templateBulk: (id: string) => `/v3/templates/${encodeURIComponent(id)}/bulk`,
  /** `GET` reads a bulk send: its rows sent, failed, refused and queued. */
  bulkSend: (id: string) => `/v3/bulk-sends/${encodeURIComponent(id)}`,
  /** `GET` downloads a bulk send's result as CSV. */
  bulkSendResult: (id: string) => `/v3/bulk-sends/${encodeURIComponent(id)}/result`,
  /** `POST` uploads one PDF (multipart/form-data, field `file`) into a draft. */
  signatureRequestDocuments: (id: string) => `/v3/signature-requests/${encodeURIComponent(id)}/documents`,
  initiateSignatureRequest: (id: string) => `/v3/signature-requests/${encodeURIComponent(id)}/initiate`,
  signatureRequestEvents: (id: string) => `/v3/signature-requests/${encodeURIComponent(id)}/events`,
  withdrawSignatureRequest: (id: string) => `/v3/signature-requests/${encodeURIComponent(id)}/withdraw`,
  declineSignatureRequest: (id: string) => `/v3/signature-requests/${encodeURIComponent(id)}/decline`,
  remindSignatureRequest: (id: string) => `/v3/signature-requests/${encodeURIComponent(id)}/remind`,
  /** `DELETE` removes documents from a draft: their ids in the query. */
  removeSignatureRequestDocuments: (id: string, documentIds: readonly string[]) =>
    `/v3/signature-requests/${encodeURIComponent(id)}/documents?document_ids=${documentIds.map(encodeURIComponent).join(',')}`,
  /** `GET` a ZIP of the request's documents, each in its latest signed version. */
  signatureRequestZip: (id: string) => `/v3/signature-requests/${encodeURIComponent(id)}/zip`,
  /** `GET` answers `{ locked }`: whether a signing of the request is in progress. */
  signatureRequestLockStatus: (id: string) => `/v3/signature-requests/${encodeURIComponent(id)}/lock-status`,
  /** `POST` hands the caller's open signature to someone else. */
  delegateSignatureRequest: (id: string) => `/v3/signature-requests/${encodeURIComponent(id)}/delegate`,
  /** `POST` adds a signer (a signer invite); `DELETE` with {@link apiPaths.removeSignatureRequestSigner}. */
  signatureRequestSignatures: (id: string) => `/v3/signature-requests/${encodeURIComponent(id)}/signatures`,
  signatureRequestSignature: (id: string, signatureId: string) =>
    `/v3/signature-requests/${encodeURIComponent(id)}/signatures/${encodeURIComponent(signatureId)}`,
  /** `DELETE` removes one signer, by signature id. */
  removeSignatureRequestSigner: (id: string, signatureId: string) =>
    `/v3/signature-requests/${encodeURIComponent(id)}/signatures?signature_id=${encodeURIComponent(signatureId)}`,
  /** `POST` attaches a file (multipart/form-data, field `file`, optional `title`). */
  signatureRequestAttachments: (id: string) => `/v3/signature-requests/${encodeURIComponent(id)}/attachments`,
  /** `DELETE` removes an attachment (its uploader or the sender). */
  signatureRequestAttachment: (id: string, attachmentId: string) =>
    `/v3/signature-requests/${encodeURIComponent(id)}/attachments/${encodeURIComponent(attachmentId)}`,
  /** `GET` downloads an attachment. */
  signatureRequestAttachmentContent: (id: string, attachmentId: string) =>
    `/v3/signature-requests/${encodeURIComponent(id)}/attachments/${encodeURIComponent(attachmentId)}/content`,
  /** `GET` the report of a request and its audit trail, as JSON or as a PDF in language `lang`. */
  signatureRequestReport: (id: string, type: 'pdf' | 'json', lang?: string) =>
    `/v3/signature-requests/${encodeURIComponent(id)}/report?type=${type}${lang ? `&lang=${encodeURIComponent(lang)}` : ''}`,
  /** A document's metadata (`GET`), or its deletion (`DELETE`). */
  document: (id: string) => `/v3/documents/${encodeURIComponent(id)}`,
  /** The PDF as uploaded, or with `signed` its latest signed version (404 `document.not_signed` if none). */
  documentDownload: (id: string, signed?: boolean) =>
    `/v3/documents/${encodeURIComponent(id)}/download${signed ? '?signed=true' : ''}`,
  /**
   * One page as `image/webp`, page from 0; scale 100 is full size, 20 a thumbnail; `version` the SHA-256 of
   * the file to show (the signed version's, to see the signatures), the uploaded one by default.
   */
  documentPage: (id: string, page: number, scale?: number, version?: string) =>
    `/v3/documents/${encodeURIComponent(id)}/pages/${page}${pageQuery('?', scale, version)}`,
  /** `{ text }`: one page's text in reading order, for screen readers; page from 0. */
  documentPageText: (id: string, page: number) =>
    `/v3/documents/${encodeURIComponent(id)}/pages/${page}/text`,
  /**
   * `POST` a PDF (multipart, field `file`): every signature's integrity, signer, time, quality and trust; as
   * an ETSI TS 119 102-2 XML validation report with `type` `xml`.
   */
  validate: (type?: 'xml') => `/v1/validate${type ? `?type=${type}` : ''}`,
  /**
   * Direct-link calls (SPEC §7 direct versions): each carries the link's secret as the `token` query
   * parameter and needs `Authorization: Basic` of the signature id and request id (`directAuthorization` in
   * contract/direct.ts).
   */
  directSignatureRequest: (id: string, token: string) =>
    `/v3/direct/signature-requests/${encodeURIComponent(id)}${tokenQuery(token)}`,
  directSignatureRequestEvents: (id: string, token: string) =>
    `/v3/direct/signature-requests/${encodeURIComponent(id)}/events${tokenQuery(token)}`,
  directSignatureRequestZip: (id: string, token: string) =>
    `/v3/direct/signature-requests/${encodeURIComponent(id)}/zip${tokenQuery(token)}`,
  directSignatureRequestLockStatus: (id: string, token: string) =>
    `/v3/direct/signature-requests/${encodeURIComponent(id)}/lock-status${tokenQuery(token)}`,
  directDeclineSignatureRequest: (id: string, token: string) =>
    `/v3/direct/signature-requests/${encodeURIComponent(id)}/decline${tokenQuery(token)}`,
  directDocument: (id: string, token: string) =>
    `/v3/direct/documents/${encodeURIComponent(id)}${tokenQuery(token)}`,
  /** The document's PDF; `signed` asks for its latest signed version. */
  directDocumentDownload: (id: string, token: string, signed = false) =>
    `/v3/direct/documents/${encodeURIComponent(id)}/download${tokenQuery(token)}${signed ? '&signed=true' : ''}`,
  /** One page as `image/webp`, as `documentPage`. */
  directDocumentPage: (id: string, page: number, token: string, scale?: number, version?: string) =>
    `/v3/direct/documents/${encodeURIComponent(id)}/pages/${page}${tokenQuery(token)}${pageQuery('&', scale, version)}`,
  /** One page's text, as `documentPageText`. */
  directDocumentPageText: (id: string, page: number, token: string) =>
    `/v3/direct/documents/${encodeURIComponent(id)}/pages/${page}/text${tokenQuery(token)}`,
  /**
   * An observer's read-only link (`cc_email_addresses`): the finished request, and the signed version of one
   * of its documents, with the secret mailed to the observer as the `token` query parameter.
   */
  observedSignatureRequest: (id: string, token: string) =>
    `/v3/observe/signature-requests/${encodeURIComponent(id)}${tokenQuery(token)}`,
  observedDocumentDownload: (id: string, documentId: string, token: string) =>
    `/v3/observe/signature-requests/${encodeURIComponent(id)}/documents/${encodeURIComponent(documentId)}${tokenQuery(token)}`,
  /** `POST` signs as `POST /v3/sign` does, for the direct-link signer (after a confirmed TAN). */
  directSign: (token: string) => `/v3/direct/sign${tokenQuery(token)}`,
  /** `POST` mails the direct-link signer a new 6-digit TAN. */
  tanResend: (token: string) => `/v1/direct/tan/resend${tokenQuery(token)}`,
  /** `POST` `{ tan }`: answers `{ valid: true }` or `tan.invalid`, `tan.expired`, `tan.locked`. */
  tanCheck: (token: string) => `/v1/direct/tan/check${tokenQuery(token)}`,
  /**
   * A signed-in user holding a direct link (id = its signature id, token = its secret): `GET` what it is for,
   * `POST` claim it into their account.
   */
  sendtoGetInternal: (id: string, token: string) =>
    `/v3/sendto/${encodeURIComponent(id)}/get-internal${tokenQuery(token)}`,
  sendtoClaim: (id: string, token: string) =>
    `/v3/sendto/${encodeURIComponent(id)}/claim${tokenQuery(token)}`,
  /** `POST` signs the listed requests for the caller (body and answer in contract/signing.ts). */
  sign: () => '/v3/sign',
  /** The qualities the signed-in user may sign with: `GET` answers a `SignatureQualitiesDetail`. */
  signatureQualitiesDetail: () => '/v3/user/signature-qualities-detail',
  /** The platform's root CAs still valid and its issuing CAs' certificates as PEM, for validators to trust. */
  pkiCa: () => '/pki/ca.pem',
  /**
   * The link certificates between each root and the one after it (each certifies the other's key) as PEM, so
   * that a validator that trusts either builds a path to the other's certificates.
   */
  pkiLinks: () => '/pki/links.pem',
  /** The platform CA's OCSP responder (RFC 6960): `POST` an `application/ocsp-request`. */
  pkiOcsp: () => '/pki/ocsp',
  /** The OCSP responder asked by `GET`: the DER request in base64, URL-encoded (RFC 6960 appendix A.1). */
  pkiOcspGet: (requestDer: Uint8Array) =>
    `/pki/ocsp/${encodeURIComponent(btoa(String.fromCharCode(...requestDer)))}`,
  /** The CRL of one CA of the platform (`root.crl`, `issuing.crl`), DER. */
  pkiCrl: (ca: PkiCa) => `/pki/crl/${ca}.crl`,
  /** The certificate of one CA of the platform (`root.cer`, `issuing.cer`), DER. */
  pkiCaCertificate: (ca: PkiCa) => `/pki/ca/${ca}.cer`,
  /** Liveness and database check: `GET` answers `{ status: 'ok' }`. */
  health: () => '/health',
  /** The Prometheus metrics, for the operator (`X-Operator-Token`). */
  metrics: () => '/metrics',
} as const

// A page's scale and version as query parameters, after `first` ('?' or '&').
function pageQuery(first: '?' | '&', scale: number | undefined, version: string | undefined): string {
  const query = new URLSearchParams()
  if (scale !== undefined) query.set('scale', String(scale))
  if (version !== undefined) query.set('version', version)
  const text = query.toString()
  return text === '' ? '' : `${first}${text}`
}

/** Joins {@link apiBase} and a path from {@link apiPaths}: `apiUrl(apiPaths.datetime())` is `/api/v1/datetime`. */
export function apiUrl(path: string): string {
  return `${apiBase}${path}`
}
