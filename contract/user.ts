import * as v from 'valibot'
import { passwordErrorCodes } from './errors.ts'
import { retentionSchema } from './retention.ts'
import { signatureQualities, userSignatureQualitiesSchema } from './signature-qualities.ts'

/** SPEC §5: a standard e-mail address, as the login query and every form accept it. */
export const emailSchema = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email(), v.maxLength(254))

/**
 * The domain of the addresses of API users' accounts, which read no mail (`.invalid` is reserved). Here, with the
 * accounts, so the pages that only tell an API user's requests apart need none of the API users' contract.
 */
export const apiUserEmailDomain = 'api.invalid'

/** SPEC §4 Business payment: the payment method states of a business. */
export const paymentMethodStates = [
  'TRIALING',
  'NEEDS_PAYMENT_METHOD',
  'BLOCKED',
  'MANUAL',
  'STRIPE',
  'CHARGEBEE',
] as const
export type PaymentMethodStateName = (typeof paymentMethodStates)[number]

/** SPEC §3 user attributes: every attribute is a list of strings. */
export const userAttributeNames = [
  'lang',
  'accepted_gtc',
  'accepted_business_invite',
  'removed_from_business',
  'business_deleted',
  'weak_password',
  'free_signatures_remaining',
  'free_account_type',
  'immutable_eid_fields',
  'mobile',
  'signer_identity_email',
  'p11_signing_name',
  'p11_signing_reason',
  'email_notification_level',
  'default_legislation',
  'default_quality',
  'cello_ucc',
  'visual_signature_name',
  'frontend_version',
  'accepted_provider_terms',
] as const
export type UserAttributeName = (typeof userAttributeNames)[number]

/** Attributes a user may set with PUT /v1/user; the rest are the server's. */
export const userEditableAttributes = [
  'lang',
  'email_notification_level',
  'default_legislation',
  'default_quality',
  'visual_signature_name',
  'p11_signing_name',
  'p11_signing_reason',
  'frontend_version',
] as const satisfies readonly UserAttributeName[]

/** Notices the server sets that the user dismisses by setting them empty with PUT /v1/user (the downgrade dialog). */
export const userClearableAttributes = [
  'removed_from_business',
  'business_deleted',
] as const satisfies readonly UserAttributeName[]

/** Attributes keep their snake_case names in code too: they are data keys, not field names. */
export const attributesCase = { preserveKeysOf: ['attributes'] } as const

/** The flags of a visual signature a user's permissions govern (SPEC §3 User permissions.visualSignatures). */
export const visualSignaturePermissionKeys = ['claim', 'date', 'std'] as const
export type VisualSignaturePermissionKey = (typeof visualSignaturePermissionKeys)[number]

/** Whether the user may change one flag, and the value it takes when they may not (or starts with). */
export const visualSignaturePermissionSchema = v.object({ canUpdate: v.boolean(), defaultValue: v.boolean() })

/** SPEC §3 User permissions.visualSignatures: the claim, date and standards flags. */
export const visualSignaturePermissionsSchema = v.object({
  claim: visualSignaturePermissionSchema,
  date: visualSignaturePermissionSchema,
  std: visualSignaturePermissionSchema,
})
export type VisualSignaturePermissions = v.InferOutput<typeof visualSignaturePermissionsSchema>

const attributeValues = v.array(v.pipe(v.string(), v.maxLength(500)))

/** The signed-in user (GET /v1/user), SPEC §3. */
export const userSchema = v.object({
  id: v.string(),
  username: v.string(),
  email: v.string(),
  emailVerified: v.boolean(),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  hasSso: v.boolean(),
  /** The retention setting of the user's business (SPEC §3 settings signatureRequests.retention); null without one. */
  retention: v.nullable(retentionSchema),
  /** The qualities the user may not sign with (not held), lowest first. */
  disabledQualities: v.array(v.picklist(signatureQualities)),
  /** The qualities the user holds, their own and their seals' (SPEC §3). */
  signatureQualities: userSignatureQualitiesSchema,
  attributes: v.record(v.string(), attributeValues),
  /** SPEC §3 permissions: which visual signature flags the user may change, and their default values. */
  permissions: v.object({ visualSignatures: visualSignaturePermissionsSchema }),
  /**
   * The second factor: whether it is on, and whether the user's business requires it (never of a
   * single-sign-on account); required and off, the app leads the user to set it up first.
   */
  secondFactor: v.object({ enabled: v.boolean(), required: v.boolean() }),
  /**
   * The user's business; while an invitation waits for the user to accept it (SPEC §6: through a dialog),
   * the inviting business with `invitationId` set.
   */
  business: v.nullable(
    v.object({
      id: v.string(),
      name: v.string(),
      role: v.picklist(['admin', 'member']),
      invitationId: v.nullable(v.string()),
      /** SPEC §4 payment method state of the business (the route guards read it); TRIALING for an invitation. */
      paymentMethod: v.picklist(paymentMethodStates),
    }),
  ),
})
export type User = v.InferOutput<typeof userSchema>

/**
 * PUT /v1/user: names and attributes. Any known attribute name passes the schema; the server refuses those
 * not in {@link userEditableAttributes} with 403 `user.attribute_read_only`.
 */
export const updateUserSchema = v.object({
  firstName: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100))),
  lastName: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100))),
  attributes: v.optional(v.record(v.picklist(userAttributeNames), attributeValues)),
})

/** How many hours a mailed link lasts: confirming an address, resetting a password. Screens and mails say so. */
export const mailedLinkHours = { confirmation: 24, reset: 1 } as const

/** What confirmation mails are for; `eidplus` is the sign-up that goes straight on to identification. */
export const confirmationFlows = ['signup', 'business_signup', 'change_email', 'eidplus'] as const

/** POST /v1/request-confirmation: mails a confirmation link to `email`. */
export const requestConfirmationSchema = v.object({
  email: emailSchema,
  flow: v.picklist(confirmationFlows),
  lang: v.optional(v.pipe(v.string(), v.maxLength(20))),
  /** The app path the link opens (e.g. `/signup/confirm`); the server adds the token. */
  confirm: v.optional(v.pipe(v.string(), v.startsWith('/'), v.maxLength(200))),
})

/** POST /v1/valid-confirmation: is this link's token still good? */
export const validConfirmationSchema = v.object({
  token: v.pipe(v.string(), v.minLength(1)),
  language: v.optional(v.pipe(v.string(), v.maxLength(20))),
})
export const validConfirmationAnswerSchema = v.object({
  valid: v.boolean(),
  email: v.nullable(v.string()),
  flow: v.nullable(v.picklist(confirmationFlows)),
})

/** POST /v1/register (SPEC §3 Registration payload). */
export const registerSchema = v.object({
  firstName: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
  lastName: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
  password: v.string(),
  token: v.pipe(v.string(), v.minLength(1)),
  gtc: v.literal(true),
  lang: v.optional(v.pipe(v.string(), v.maxLength(20))),
  mobile: v.optional(v.pipe(v.string(), v.regex(/^\+?[0-9 -]{6,}$/))),
  avatar: v.optional(v.pipe(v.string(), v.maxLength(200_000))),
  celloUcc: v.optional(v.pipe(v.string(), v.maxLength(100))),
})

/** POST /v1/login. */
export const loginSchema = v.object({
  email: emailSchema,
  password: v.pipe(v.string(), v.minLength(1), v.maxLength(1024)),
  firstLogin: v.optional(v.boolean()),
  rememberMe: v.optional(v.boolean()),
})

/** The answer of login and register: an opaque token for `Authorization: Bearer <token>`. */
export const tokenAnswerSchema = v.object({
  token: v.string(),
  tokenType: v.literal('Bearer'),
  expiresAt: v.string(),
})
export type TokenAnswer = v.InferOutput<typeof tokenAnswerSchema>

/** The second factors an account can have: an authenticator app's codes, and passkeys. */
export const secondFactorKinds = ['totp', 'passkey'] as const
export type SecondFactorKind = (typeof secondFactorKinds)[number]

/**
 * The answer of login when the account has a second factor: the password was right, and `challenge` is traded
 * for a token with a code at POST /v1/login/second-factor before `expiresAt`.
 */
export const secondFactorChallengeSchema = v.object({
  /** What may be given: a code of the authenticator app (`totp`), a passkey, or either. */
  secondFactors: v.array(v.picklist(secondFactorKinds)),
  challenge: v.string(),
  expiresAt: v.string(),
})
export type SecondFactorChallenge = v.InferOutput<typeof secondFactorChallengeSchema>

/** What POST /v1/login answers: a token, or the second factor to ask for. */
export const loginAnswerSchema = v.union([tokenAnswerSchema, secondFactorChallengeSchema])

/** POST /v1/login/second-factor: the challenge and a code of the authenticator app or a recovery code. */
export const loginSecondFactorSchema = v.object({
  challenge: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  code: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64)),
})

/** The challenge of a sign-in whose password was right (secondFactorChallengeSchema's `challenge`). */
const signInChallengeSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(200))

/**
 * The WebAuthn options for the browser, as JSON text (the `PublicKeyCredentialCreationOptionsJSON` or
 * `PublicKeyCredentialRequestOptionsJSON` of the WebAuthn specification): as text, their names keep the case
 * the browser expects.
 */
export const webAuthnOptionsSchema = v.object({ options: v.string() })

/**
 * The browser's answer to WebAuthn options as JSON text (`RegistrationResponseJSON` or
 * `AuthenticationResponseJSON`, as `@simplewebauthn/browser` gives it).
 */
export const webAuthnCredentialSchema = v.pipe(v.string(), v.minLength(2), v.maxLength(64_000))

/**
 * POST /v1/login/passkey/options: without `challenge`, options for signing in with a passkey alone (the
 * browser offers the passkeys it holds for the site); with the challenge of a right password, options for a
 * passkey of that account as its second factor.
 */
export const loginPasskeyOptionsSchema = v.object({ challenge: v.optional(signInChallengeSchema) })

/** POST /v1/login/passkey: the browser's answer to those options, and the same `challenge` if one was given. */
export const loginPasskeySchema = v.object({
  credential: webAuthnCredentialSchema,
  challenge: v.optional(signInChallengeSchema),
  rememberMe: v.optional(v.boolean()),
})

/** POST /v1/check-password. */
export const checkPasswordSchema = v.object({
  password: v.pipe(v.string(), v.maxLength(1024)),
  email: v.optional(v.pipe(v.string(), v.maxLength(254))),
})
export const checkPasswordAnswerSchema = v.object({
  validPassword: v.boolean(),
  errorCode: v.nullable(v.picklist(passwordErrorCodes)),
})

/** POST /v1/change-password (SPEC §7: new, old). */
export const changePasswordSchema = v.object({
  new: v.string(),
  old: v.pipe(v.string(), v.minLength(1), v.maxLength(1024)),
})

/** POST /v1/request-reset. */
export const requestResetSchema = v.object({
  email: emailSchema,
  lang: v.optional(v.pipe(v.string(), v.maxLength(20))),
})

/** POST /v1/reset-password. */
export const resetPasswordSchema = v.object({ token: v.pipe(v.string(), v.minLength(1)), new: v.string() })

/** POST /v1/user/delete. */
export const deleteUserSchema = v.object({ password: v.pipe(v.string(), v.minLength(1), v.maxLength(1024)) })

/** POST /v1/user/accept: the general terms, a business invitation, or a provider's terms. */
export const acceptSchema = v.pipe(
  v.object({
    gtc: v.optional(v.literal(true)),
    businessInvite: v.optional(v.literal(true)),
    providerTerms: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9_-]{1,50}$/))),
  }),
  v.check(
    (accept) => accept.gtc === true || accept.businessInvite === true || accept.providerTerms !== undefined,
    'Accept at least one of gtc, business_invite, provider_terms',
  ),
)

/** POST /v1/identity_providers: the company's sign-in URL for this address, if it has one. */
export const identityProvidersSchema = v.object({ email: emailSchema })
export const identityProvidersAnswerSchema = v.object({ url: v.nullable(v.string()) })

/** GET /v1/email_input_autocomplete?input=: addresses the user has worked with. */
export const emailAutocompleteAnswerSchema = v.object({ emails: v.array(v.string()) })
