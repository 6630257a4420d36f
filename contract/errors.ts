import * as v from 'valibot'

/** Stable codes of the password policy (SPEC §5), answered by check-password and by calls that set one. */
export const passwordErrorCodes = [
  'password.too_short',
  'password.too_long',
  'password.needs_letter',
  'password.needs_digit',
  'password.contains_email',
  'password.too_common',
] as const

/** One of {@link passwordErrorCodes}. */
export type PasswordErrorCode = (typeof passwordErrorCodes)[number]

/** Stable codes of a refused or missing document (upload, page images, deletion). */
export const documentErrorCodes = [
  /** Not a PDF at all (415). */
  'document.not_pdf',
  /** A zero-byte file (422). */
  'document.empty',
  /** An encrypted PDF, which could be neither rendered nor signed (422). */
  'document.encrypted',
  /** A truncated or broken PDF (422). */
  'document.damaged',
  /** Over the size limit of a document or of a request (413). */
  'document.too_large',
  /** More pages than the server takes (`MAX_PAGES`, 422). */
  'document.too_many_pages',
  /** A PDF that decodes to too much, or takes too long or too much memory to read (422). */
  'document.too_complex',
  /** No document with this id that the caller may see (404). */
  'document.not_found',
  /** A page number past the last page (404). */
  'document.page_not_found',
  /** The document belongs to an open or signed request and cannot be deleted (409). */
  'document.in_use',
  /** `?signed=true` for a document that has no signed version the caller may see (404). */
  'document.not_signed',
] as const

/** Stable codes of the signature request calls; the 409s are the lifecycle machine's refusals. */
export const signatureRequestErrorCodes = [
  /** No request with this id that the caller owns or signs (404, also for someone else's request). */
  'signature_request.not_found',
  'signature_request.not_draft',
  'signature_request.not_open',
  /** Its expiry passed before it ended: nothing more can be signed, declined, reminded or delegated. */
  'signature_request.expired',
  'signature_request.ended',
  'signature_request.not_ended',
  'signature_request.not_a_participant',
  'signature_request.not_owner',
  'signature_request.not_a_signer',
  'signature_request.already_a_signer',
  'signature_request.already_signed',
  'signature_request.signer_not_open',
  'signature_request.not_your_turn',
  'signature_request.signers_locked',
  'signature_request.standard_locked',
  'signature_request.no_signers',
  /** The signers were reminded less than an hour ago; see the Retry-After header (429). */
  'signature_request.remind_too_soon',
  /** No template with this id that the caller owns or their business shares (404). */
  'template.not_found',
  /** No public link with this secret, or one switched off (404). */
  'public_template.not_found',
  /** A public link of a template with no role or more than one: a visitor signs alone (409). */
  'public_template.not_one_role',
  /** A public link of a template whose role must sign in or give a second factor: a visitor only confirms an address (409). */
  'public_template.role_authenticates',
  /** No visit with this id of this link (404). */
  'public_template.visit_not_found',
  /** Not the code mailed for this visit, or one used already (422, `field` code). */
  'public_template.code_invalid',
  /** The visit's code is older than 10 minutes (422, `field` code). */
  'public_template.code_expired',
  /** Five wrong codes: the visit takes no more; a new code starts a new one (429). */
  'public_template.code_locked',
  /** No bulk send with this id of the caller's (404). */
  'bulk_send.not_found',
  /** A bulk send's file over its size limit (413), or an XLSX that unpacks past its bound. */
  'bulk_send.file_too_large',
  /** A bulk send's file that is neither CSV nor XLSX (415). */
  'bulk_send.unsupported_file',
  /** A bulk send's file that cannot be read as CSV (UTF-8) or XLSX (422). */
  'bulk_send.unreadable_file',
  /** More rows than one bulk send takes (422). */
  'bulk_send.too_many_rows',
  /** A header column the template has no column for; `field` names it (422). */
  'bulk_send.unknown_column',
  /** A role's e-mail column missing from the header; `field` names it (422). */
  'bulk_send.missing_column',
  /** A header column named twice; `field` names it (422). */
  'bulk_send.column_twice',
  /** A file without rows under its header (422). */
  'bulk_send.no_rows',
  /** A file none of whose rows can be sent (422). */
  'bulk_send.no_valid_rows',
  /** No attachment with this id on this request (404). */
  'attachment.not_found',
  /** An attachment over the document size limit (413). */
  'attachment.too_large',
  /** A zero-byte attachment (422). */
  'attachment.empty',
] as const

/** Stable codes of the business calls (SPEC §7 Businesses). */
export const businessErrorCodes = [
  /** No business with this id that the caller belongs to (404, also for another business). */
  'business.not_found',
  /** The caller is not an admin of the business (403); SPEC §6's message id. */
  'business.not_allowed',
  /** The caller already belongs to a business: a user belongs to at most one (409). */
  'business.already_member',
  /** The change would leave the business without an admin (409). */
  'business.last_admin',
  /** No open invitation with this id for the caller or the business (404). */
  'business.invitation_not_found',
  /** The domain belongs to another business already (409). */
  'business.domain_taken',
  /** AES for business names a domain that is not one of the business's own (422, naming it). */
  'business.domain_unknown',
  /** A branding logo that is not a PNG, JPEG or SVG image (422), or over 1 MB (413). */
  'business.logo_invalid',
  /** A plan that is not offered in the app, or unknown (422). */
  'billing.plan_unavailable',
  /** More or fewer seats than the plan allows, or fewer than the business's people (422). */
  'billing.seats_out_of_range',
  /** An order in another currency than the one the business's first payment fixed (422). */
  'billing.currency_fixed',
  /** A promo or referral code that is not known (422). */
  'billing.code_unknown',
  /** A promo code past its end, or not for the chosen plan (422). */
  'billing.code_not_applicable',
  /** A business in the EU subscribing without its VAT number, which its invoices need (422). */
  'billing.vat_required',
  /** A price asked for with neither a billing country nor a billing address to read it from (422). */
  'billing.country_required',
  /** No confirmed payment method for the subscription (422). */
  'billing.payment_method_missing',
  /** The card or the SEPA debit was declined; nothing changed (402). */
  'billing.card_declined',
  /** The seats preview is too old or the subscription changed since: preview again (409). */
  'billing.preview_stale',
  /** Billing is not set up on this server (no provider in production) (503). */
  'billing.unavailable',
  /** A provider's webhook whose signature or timestamp does not check out (400). */
  'billing.webhook_invalid',
  /** The invoice is not the business's, or unknown (404). */
  'billing.invoice_not_found',
  /** The business payment machine does not take this change from the business's state, named (409). */
  'business.transition_refused',
  /** The business has no API user of this name (404). */
  'api_user.not_found',
  /** Another API user has this username already (409). */
  'api_user.username_taken',
  /** The API key only reads: it may not create, change or sign (403). */
  'api_user.read_only',
  /** No signer group with this id in the business (404, also for another business's group). */
  'signer_group.not_found',
  /** Another group of the business has this name already (409). */
  'signer_group.name_taken',
  /** A request waits for the group's signature: it cannot be deleted yet (409). */
  'signer_group.in_use',
] as const

/** Stable codes of the seal calls (SPEC §7 Seals) and of sealing (`POST /v3/sign` with `sealAccountName`). */
export const sealErrorCodes = [
  /** No seal with this account name in the caller's business (404, also for another business's seal). */
  'seal.not_found',
  /** The account name belongs to another business's seal (409). */
  'seal.name_taken',
  /** The caller is not allowed to seal with this seal (403). */
  'seal.not_allowed',
  /** A `members` entry that is not a person or API user of the business (422, naming it). */
  'seal.member_invalid',
  /** A seal image that is not a PNG or JPEG (415), over 1 MB (413), or broken (422). */
  'seal.image_invalid',
  /** The seal has no image (404). */
  'seal.image_not_found',
  /**
   * A qualified seal the QTSP would hold, but the QTSP holds no seal credential of the business, or the business
   * has no country and VAT number to be known by there (409).
   */
  'seal.qtsp_credential_missing',
] as const

/** Stable codes of the direct-link signer's calls (SPEC §7 direct versions and TAN). */
export const directErrorCodes = [
  /**
   * The direct-link credentials (Basic signature id and request id, `token` query) do not belong together:
   * a wrong, replaced or claimed token, or one of another signer or request (401).
   */
  'direct.invalid_token',
  /** The TAN does not match, or none is waiting to be entered (422). */
  'tan.invalid',
  /** The TAN is past its 10 minutes (410); mail a new one. */
  'tan.expired',
  /** Five wrong TANs were entered (423); mailing a new one unlocks. */
  'tan.locked',
  /** A TAN was mailed less than a minute ago; see the Retry-After header (429). */
  'tan.resend_too_soon',
  /** A signing URL is asked for by a caller that is not an API user (403). */
  'embed.api_user_only',
  /** The signer named for a signing URL is not a signer of the request (404). */
  'embed.signer_not_found',
  /** The signer named for a signing URL has an account: they sign in the app, not through a link (409). */
  'embed.not_direct_signer',
  /** The API user allows no origin to frame its signing pages: set its embed origins first (409). */
  'embed.no_origins',
  /** The API user allows several origins and the body names none of them, or one it does not allow (400). */
  'embed.origin_invalid',
  /** No signing URL of this token (404). */
  'embed.unknown_link',
  /** The signing URL's 5 minutes passed (410): ask for a new one. */
  'embed.link_expired',
  /** The signing URL was opened already (410): ask for a new one. */
  'embed.link_used',
] as const

/** Stable codes of the identification calls and the providers' webhooks (SPEC §7 Identification). */
export const identificationErrorCodes = [
  /** No such provider, mode or provider and mode together, or no appointment of the caller's (404). */
  'identification.not_found',
  /** A webhook whose signature or timestamp does not verify, or whose body cannot be read (400). */
  'identification.webhook_invalid',
  /** A licence is bought for an identification that a business or a paid licence covers already (409). */
  'identification.covered',
  /** A licence is bought again while the one paid before is still processing at the bank (409). */
  'identification.payment_processing',
  /** A method that needs a licence, started by someone no business or paid licence covers (402). */
  'identification.payment_required',
  /** The coverage of a licence is asked for a signature request that names no legislation (422). */
  'identification.legislation_required',
] as const

/**
 * The lists of codes as one. Not spread in an array literal: bundlers keep a spread (it might run code), and with it
 * every list, on pages that use one list only (the password policy's, on /login).
 */
/* @__NO_SIDE_EFFECTS__ */
function codeList<const Lists extends readonly (readonly string[])[]>(
  ...lists: Lists
): Lists[number][number][] {
  return lists.flat()
}

/** Stable machine-readable error codes the API answers with; later issues add theirs here. */
export const errorCodes = codeList(
  [
    'route.not_found',
    'request.malformed_json',
    /** A JSON body nests arrays and objects deeper than the server reads (400). */
    'request.too_deep',
    /** A JSON body is larger than the server reads (413). */
    'request.too_large',
    'request.unsupported_media_type',
    'request.invalid',
    'server.error',
    'server.unavailable',
    /** Too much work waits already (e.g. PDFs to validate); see the Retry-After header (503). */
    'server.busy',
    /** Too many requests of one kind from the client's address; see the Retry-After header (429). */
    'request.rate_limited',
    /** No usable `Authorization: Bearer <token>`: missing, unknown or revoked. */
    'auth.unauthenticated',
    /** The bearer token was good but its lifetime is over. */
    'auth.token_expired',
    /** Sign-in with an address and password that do not match an account; never says which one was wrong. */
    'auth.invalid_credentials',
    'auth.invalid_credentials_last_try',
    /** Too many failed sign-ins for the account or the client address; see the Retry-After header. */
    'auth.too_many_attempts',
    /** The current password given to confirm a change (`old`, `password`) is wrong. */
    'auth.wrong_password',
    /** A sign-in waiting for its second factor is unknown or past its five minutes: sign in again (401). */
    'auth.sign_in_expired',
    /** A code of the authenticator app or a recovery code that is not right (400, naming `code`). */
    'second_factor.invalid_code',
    /** A code of the authenticator app accepted before: each is good once (400, naming `code`). */
    'second_factor.code_used',
    /** Setting up a second factor while one is on (409). */
    'second_factor.enabled',
    /** Switching a second factor on without a setup waiting for its first code (409). */
    'second_factor.no_setup',
    /** Switching off the second factor the user's business requires (409). */
    'second_factor.required',
    /** The server has no key ring to keep second-factor secrets with (503). */
    'second_factor.unavailable',
    /** A passkey's challenge that is unknown, answered already or past its five minutes: start again (400/401). */
    'passkey.challenge_expired',
    /** A passkey's answer that does not verify: wrong site, wrong key, a counter gone back, an unknown passkey. */
    'passkey.refused',
    /** Registering a passkey the account has already (409). */
    'passkey.exists',
    /** No passkey of the caller's with this id (404). */
    'passkey.not_found',
    /** No open session of the caller's with this id (404). */
    'session.not_found',
    /** Signing out the other sessions with an API key, which has no session of its own (400). */
    'session.none',
    /** A mailed confirmation or reset token is unknown or already used. */
    'token.invalid',
    /** A mailed confirmation or reset token is past its lifetime. */
    'token.expired',
    /** Registration for an address that already has an account. */
    'user.already_exists',
    /** PUT /v1/user tried to set an attribute that only the server sets. */
    'user.attribute_read_only',
    /** POST /v1/user/cello where the deployment has no referral service, or for a caller who cannot refer (404). */
    'referral.unavailable',
    /** An answer to a satisfaction survey that is not due: answered already, or not asked of this user (409). */
    'survey.not_due',
    /** An operator's call (GET /metrics) with a wrong operator token, or to a server that has none (403). */
    'operator.token_invalid',
    /** No mail with this id in the development outbox. */
    'outbox.mail_not_found',
    /** The status page cannot be read and no recent answer is known (GET /v1/status). */
    'status.unavailable',
    /** A PDF given to POST /v1/validate whose structure cannot be read at all (422). */
    'validation.pdf_unreadable',
    /** A PDF given to POST /v1/validate with over 500 signatures, or too slow or too big to check (422). */
    'validation.too_complex',
  ],
  businessErrorCodes,
  passwordErrorCodes,
  documentErrorCodes,
  signatureRequestErrorCodes,
  directErrorCodes,
  sealErrorCodes,
  identificationErrorCodes,
  [
    // The mobile signing calls (contract/mobile-signing.ts).
    /** No mobile signing with this id of the caller's, or no provider of this name (404). */
    'mobile_signing.not_found',
    /** A qualified signature needs the signer's mobile number (attribute `mobile`) for the SMS (409). */
    'mobile_signing.mobile_missing',
    /** The mobile signing was cancelled, or its confirmation is used up (409). */
    'mobile_signing.closed',
    /** A number to register that is not a mobile number, read for the country given (422, naming `mobile`). */
    'mobile_signing.number_invalid',
    /** The SMS gateway refused the mobile number: not a mobile, unreachable by SMS, or opted out (422). */
    'mobile_signing.mobile_invalid',
    /** An SMS gateway's delivery report whose signature does not check out (400). */
    'mobile_signing.webhook_invalid',
    /** No visual signature with this id among the caller's (404, also for another user's). */
    'visual_signature.not_found',
    /** A visual signature image that is not a PNG or JPEG (415), over 1 MB (413), or broken (422). */
    'visual_signature.image_invalid',
    /** A document of the request could not be signed (its PDF cannot take an incremental update) (422). */
    'signing.document_unsignable',
    /**
     * The signer's certificate at the qualified trust service provider is revoked, suspended or expired: no
     * qualified signature is made with it (409).
     */
    'signing.certificate_unusable',
    /** The sender asked the signer to sign in to an account with the invited address: a direct link does not sign (403). */
    'signing.account_sign_in_required',
    /** The sender asks for a code of the signer's second factor right before signing, and the call had none (403). */
    'signing.second_factor_required',
    /** The sender asks for a second factor at signing, and the signer has none set up yet (403). */
    'signing.second_factor_not_set_up',
    /** A body or path that is not a DER OCSP request (RFC 6960), or one that asks about no certificate (400). */
    'pki.ocsp_request_malformed',
    /** A CRL or certificate of a CA the platform does not have (404). */
    'pki.ca_not_found',
  ],
)

/** One of {@link errorCodes}. */
export type ErrorCode = (typeof errorCodes)[number]

/**
 * The one shape of every error the API answers with. `field` names the first wrong input (a dot path in
 * wire case, e.g. `signers.0.email_address`): `request.invalid` has it unless the body as a whole is wrong,
 * and so do the errors about one input (`password.*`, `token.*`, `auth.wrong_password`,
 * `user.attribute_read_only`).
 */
export const apiErrorSchema = v.object({
  status: v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599)),
  code: v.picklist(errorCodes),
  message: v.string(),
  path: v.string(),
  field: v.optional(v.string()),
})

/** An error answer of the API, as it is on the wire (its keys are the same in both cases). */
export type ApiErrorBody = v.InferOutput<typeof apiErrorSchema>
