import * as v from 'valibot'
import { currencies, subscriptionSchema } from './price-plans.ts'
import { retentionSchema, retentionTerminalStates } from './retention.ts'
import { remindersSchema } from './signature-requests.ts'
import { emailSchema, paymentMethodStates } from './user.ts'

/** A business's place for its people: an admin runs it, a member signs on its account (SPEC §4 roles). */
export const businessRoles = ['admin', 'member'] as const
export type BusinessRole = (typeof businessRoles)[number]

/** How long a new business tries the product before it needs a payment method (SPEC §4 TRIALING). */
export const trialDays = 14
/** How long a scheduled deletion waits, during which the admins may take it back. */
export const deletionGraceDays = 30

/** SPEC §5: an optional plus, then at least 6 digits, spaces or dashes. */
export const phonePattern = /^\+?[0-9 -]{6,}$/

/** SPEC §5: a hostname with a dot and a top-level part of 2 or more letters, or a bracketed IPv4 address. */
export const domainPattern =
  /^(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}|\[(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)\])$/

const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max))
const requiredText = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max))

/** A phone number as SPEC §5 writes it, or empty. */
export const phoneSchema = v.union([
  v.literal(''),
  v.pipe(v.string(), v.trim(), v.regex(phonePattern), v.maxLength(40)),
])

/** SPEC §3 Business billing address (PUT /v2/businesses/{id}/billing). */
export const billingAddressSchema = v.object({
  address1: requiredText(200),
  address2: v.optional(text(200), ''),
  city: requiredText(100),
  postalCode: requiredText(20),
  /** ISO 3166-1 alpha-2. */
  country: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'Invalid country code')),
  vat: v.optional(text(40), ''),
})
export type BillingAddress = v.InferOutput<typeof billingAddressSchema>

/** POST /v2/businesses (SPEC §7 business data): the caller becomes its first admin. */
export const createBusinessSchema = v.object({
  name: requiredText(120),
  email: emailSchema,
  phone: v.optional(phoneSchema, ''),
  billing: billingAddressSchema,
})
export type CreateBusiness = v.InferOutput<typeof createBusinessSchema>

/** PUT /v1/businesses/{id}: the support contact signers and members see. */
export const supportContactSchema = v.object({
  email: v.union([v.literal(''), emailSchema]),
  phone: phoneSchema,
})
export type SupportContact = v.InferOutput<typeof supportContactSchema>

const switchSchema = v.object({ enabled: v.boolean() })
const attachmentSetting = v.object({ enabled: v.boolean(), customisable: v.boolean() })

/** How long an ended request of a business with retention on is kept, from the day it ended. */
export const retentionDays = 30
/** How long before the deletion its participants are told (the deletion waits at least this long). */
export const retentionNoticeDays = 7

/** Most days a business's requests may run before they expire. */
export const maxExpiryDays = 365

/** The business's default reminders of its new requests (issue 40 §3); off: none. */
const remindersSettingSchema = v.object({ enabled: v.boolean(), ...remindersSchema.entries })

/** The business's default expiry of its new requests: `days` after they are created; off: never. */
const expirySettingSchema = v.object({
  enabled: v.boolean(),
  days: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(maxExpiryDays)),
})

const requestSettingsEntries = { part11: switchSchema, retention: retentionSchema }

/** SPEC §3 Business settings (GET, PUT /v1/businesses/{id}/settings). */
export const businessSettingsSchema = v.object({
  supportContact: supportContactSchema,
  signatureRequests: v.object({
    ...requestSettingsEntries,
    reminders: remindersSettingSchema,
    expiry: expirySettingSchema,
  }),
  companyBranding: v.object({
    logo: v.nullable(v.object({ height: v.number(), width: v.number(), url: v.string() })),
  }),
  mailService: v.object({
    attachments: v.object({ signedDocument: attachmentSetting, signatureProtocol: attachmentSetting }),
  }),
  userPilot: switchSchema,
  /** Every member must sign in with a second factor; those without one set it up before anything else. */
  secondFactor: v.object({ required: v.boolean() }),
})
export type BusinessSettings = v.InferOutput<typeof businessSettingsSchema>

/**
 * SPEC §3 aes4biz ("AES for business"): the business vouches for the people of its domains, who then sign
 * its requests with an advanced signature. The representative answers for it; the register entry names it.
 */
export const aes4bizSchema = v.object({
  enabled: v.boolean(),
  representativeName: text(200),
  representativeEmail: v.union([v.literal(''), emailSchema]),
  commercialRegister: text(200),
  domains: v.pipe(
    v.array(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.regex(domainPattern, 'Invalid domain'))),
    v.maxLength(50),
  ),
})
export type Aes4Biz = v.InferOutput<typeof aes4bizSchema>

const requiredWhenEnabled = (key: 'representativeName' | 'representativeEmail' | 'commercialRegister') =>
  v.forward(
    v.check((input: Aes4Biz) => !input.enabled || input[key] !== '', 'Required while AES for business is on'),
    [key],
  )

/**
 * PUT /v1/businesses/{id}/aes4biz: switched on, it needs its representative, register entry and at least one
 * domain. That each domain is one of the business's own only the server knows (422 `business.domain_unknown`).
 */
export const updateAes4bizSchema = v.pipe(
  aes4bizSchema,
  requiredWhenEnabled('representativeName'),
  requiredWhenEnabled('representativeEmail'),
  requiredWhenEnabled('commercialRegister'),
  v.forward(
    v.check((input: Aes4Biz) => !input.enabled || input.domains.length > 0, 'Choose at least one domain'),
    ['domains'],
  ),
)

/** Query of GET /v1/businesses/{id}/settings/retention: the terminal state the admin is about to choose. */
export const retentionPreviewQuerySchema = v.object({
  terminal_state: v.optional(v.picklist(retentionTerminalStates), 'ANY'),
})

/**
 * GET /v1/businesses/{id}/settings/retention, the dry run of turning retention on: how many ended requests
 * it would delete now (each after the notice to its participants).
 */
export const retentionPreviewSchema = v.object({ requests: v.number() })

/**
 * PUT /v1/businesses/{id}/settings: the branding logo is uploaded on its own and not set here; the reminders and
 * expiry of new requests (issue 40), left out, stay as they are, so a client written before them keeps working.
 */
export const updateBusinessSettingsSchema = v.object({
  ...v.omit(businessSettingsSchema, ['companyBranding']).entries,
  signatureRequests: v.object({
    ...requestSettingsEntries,
    reminders: v.optional(remindersSettingSchema),
    expiry: v.optional(expirySettingSchema),
  }),
  /** Left out, it stays as it is (API callers from before the setting). */
  secondFactor: v.optional(businessSettingsSchema.entries.secondFactor),
})

/** A person of the business as the admin pages list them. */
export const businessPersonSchema = v.object({
  id: v.string(),
  email: v.string(),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  role: v.picklist(businessRoles),
  joinedAt: v.string(),
})
export type BusinessPerson = v.InferOutput<typeof businessPersonSchema>

/** An address invited to the business that has not joined yet. */
export const businessInvitationSchema = v.object({
  id: v.string(),
  email: v.string(),
  createdAt: v.string(),
})
export type BusinessInvitation = v.InferOutput<typeof businessInvitationSchema>

/** Billing status strings of SPEC §4 Business payment. */
export const billingStatuses = ['trialing', 'needs_payment_method', 'manual', 'stripe'] as const

const planBaseSchema = v.object({
  /** The plan's cycle (`MONTHLY`, `YEARLY`), or `CANCELED`. */
  type: v.string(),
  startAt: v.nullable(v.string()),
  endAt: v.nullable(v.string()),
})

/** SPEC §3 Business pricePlan, as the payment machine reads it. */
export const businessPricePlanSchema = v.object({
  name: v.string(),
  current: v.nullable(v.object({ base: v.nullable(planBaseSchema) })),
  next: v.nullable(v.object({ base: v.nullable(planBaseSchema) })),
  discounts: v.array(
    v.object({
      promoCode: v.string(),
      type: v.string(),
      expiresAt: v.nullable(v.string()),
      status: v.picklist(['ACTIVE', 'USED_UP']),
    }),
  ),
  activePricePlanId: v.nullable(v.string()),
  planStart: v.nullable(v.string()),
})
export type BusinessPricePlan = v.InferOutput<typeof businessPricePlanSchema>

/**
 * SPEC §3 Business as GET /v1/businesses/{id} answers it. A member sees the business's name, branding and
 * support contact; an admin sees all of it.
 */
export const businessSchema = v.object({
  id: v.string(),
  name: v.string(),
  /** The caller's own place in it. */
  role: v.picklist(businessRoles),
  /**
   * Its trial ended without a payment method, or it is blocked (SPEC §4): it pays for no signatures, its
   * admins are held on the members page and its members see the locked dialog.
   */
  locked: v.boolean(),
  supportContact: supportContactSchema,
  companyBranding: businessSettingsSchema.entries.companyBranding,
  /** The setting userPilot.enabled: the in-app guidance is shown to its people (SPEC §4). */
  userPilot: businessSettingsSchema.entries.userPilot,
  /** Its active price plan and since when (SPEC §7: the in-app guidance is told both); null on a trial. */
  activePricePlanId: v.nullable(v.string()),
  planStart: v.nullable(v.string()),
  /**
   * The currency its prices are shown in to every member, whatever their UI language: the one its first
   * payment fixed, before it its billing country's (`billingCurrency`).
   */
  billingCurrency: v.picklist(currencies),
  admin: v.nullable(
    v.object({
      email: v.string(),
      phone: v.string(),
      createdAt: v.string(),
      billing: billingAddressSchema,
      /**
       * The currency every price, preview and invoice of the business is in: chosen at its first payment and
       * kept; null before it (then its billing country's applies, see `billingCurrency`).
       */
      currency: v.nullable(v.picklist(currencies)),
      paymentMethod: v.picklist(paymentMethodStates),
      billingStatus: v.picklist(billingStatuses),
      trialEndsAt: v.nullable(v.string()),
      /** When the business will be deleted; null unless a deletion is scheduled. */
      deletionScheduledAt: v.nullable(v.string()),
      domains: v.array(v.string()),
      pricePlan: businessPricePlanSchema,
      /** The subscription as the provider last reported it; null before the first one. */
      subscription: v.nullable(subscriptionSchema),
      /** Since when a renewal is unpaid: past the grace period the business is blocked. */
      paymentIssueSince: v.nullable(v.string()),
    }),
  ),
})
export type Business = v.InferOutput<typeof businessSchema>

/** GET /v1/businesses/{id}/members and /admins. */
export const businessPeopleSchema = v.object({ people: v.array(businessPersonSchema) })

/**
 * A signer group of a business (issue 43): a named set of its members. Asked to sign, any one member signs for
 * it; asked to observe, every member observes.
 */
export const signerGroupSchema = v.object({
  id: v.string(),
  name: v.string(),
  /** Its members, by their address. */
  members: v.array(v.object({ id: v.string(), email: v.string() })),
  createdAt: v.string(),
})
export type SignerGroup = v.InferOutput<typeof signerGroupSchema>

/** GET /v1/businesses/{id}/groups: by name. */
export const signerGroupsSchema = v.object({ groups: v.array(signerGroupSchema) })

/** POST /v1/businesses/{id}/groups and PUT .../groups/{groupId}: the group's name, unique in the business. */
export const signerGroupNameSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(1, 'Give the group a name'), v.maxLength(100)),
})

/** POST /v1/businesses/{id}/groups/{groupId}/members: a member of the business joins the group. */
export const addSignerGroupMemberSchema = v.object({ userId: v.pipe(v.string(), v.uuid()) })

/** GET /v2/businesses/{id}/invitations. */
export const businessInvitationsSchema = v.object({ invitations: v.array(businessInvitationSchema) })

/**
 * GET /v1/invitations/{inviteId}: what the page an invitation link opens tells anyone holding the link, and no
 * more: who invites (their name, else their address; null once their account is gone), to which business,
 * and the address invited.
 */
export const invitationPreviewSchema = v.object({
  inviter: v.nullable(v.string()),
  business: v.string(),
  email: v.string(),
})
export type InvitationPreview = v.InferOutput<typeof invitationPreviewSchema>

/** Most addresses one invitation call takes. */
export const maxInvitesPerCall = 50

/** POST /v1/businesses/{id}/members: invites addresses; the answer lists the open invitations. */
export const inviteMembersSchema = v.object({
  users: v.pipe(v.array(emailSchema), v.minLength(1), v.maxLength(maxInvitesPerCall)),
})

/** POST .../change-to-admins, .../change-to-members, .../remove-members. */
export const userIdsSchema = v.object({
  userIds: v.pipe(v.array(v.pipe(v.string(), v.uuid())), v.minLength(1), v.maxLength(500)),
})

/** POST, DELETE /v1/businesses/{id}/domains; the answer lists the business's domains. */
export const domainSchema = v.object({
  domain: v.pipe(
    v.string(),
    v.trim(),
    v.toLowerCase(),
    v.maxLength(253),
    v.regex(domainPattern, 'Invalid domain'),
  ),
})
export const domainsSchema = v.object({ domains: v.array(v.string()) })

/** GET /v2/businesses/{id}/statistics: the business's people and its use this calendar month. */
export const businessStatisticsSchema = v.object({
  admins: v.number(),
  members: v.number(),
  openInvitations: v.number(),
  requestsThisMonth: v.number(),
  signaturesThisMonth: v.number(),
})
export type BusinessStatistics = v.InferOutput<typeof businessStatisticsSchema>

/**
 * Path builders of the business calls (SPEC §7 Businesses, Payments), relative to `apiBase` like
 * `apiPaths`, kept here so that they load with the business screens.
 */
export const businessPaths = {
  /** Businesses (SPEC §7): `POST` opens one with the caller as its first admin. */
  businesses: () => '/v2/businesses',
  /** `GET` the plans a business can be on, with their prices per seat (contract/price-plans.ts). */
  /** `GET` the caller's business (404 when none). */
  userBusiness: () => '/v2/businesses/user',
  /** `GET` the business (SPEC §3), `PUT` its support contact. */
  business: (id: string) => `/v1/businesses/${encodeURIComponent(id)}`,
  /** `DELETE` schedules the business's deletion. */
  deleteBusiness: (id: string) => `/v2/businesses/${encodeURIComponent(id)}`,
  revokeBusinessDeletion: (id: string) => `/v2/businesses/${encodeURIComponent(id)}/revoke_delete`,
  businessBilling: (id: string) => `/v2/businesses/${encodeURIComponent(id)}/billing`,
  businessSettings: (id: string) => `/v1/businesses/${encodeURIComponent(id)}/settings`,
  /** `GET` what turning retention on would delete now (`?terminal_state=`). */
  retentionPreview: (id: string) => `/v1/businesses/${encodeURIComponent(id)}/settings/retention`,
  /** `GET` lists the members (admins included), `POST` invites addresses. */
  businessMembers: (id: string) => `/v1/businesses/${encodeURIComponent(id)}/members`,
  businessAdmins: (id: string) => `/v1/businesses/${encodeURIComponent(id)}/admins`,
  businessInvitations: (id: string) => `/v2/businesses/${encodeURIComponent(id)}/invitations`,
  /** `DELETE` revokes an invitation (or the invited person declines it). */
  businessInvitation: (id: string, inviteId: string) =>
    `/v1/businesses/${encodeURIComponent(id)}/invitations/${encodeURIComponent(inviteId)}`,
  /** `GET` an invitation's preview, without signing in: the mailed link's id is the key. */
  invitation: (inviteId: string) => `/v1/invitations/${encodeURIComponent(inviteId)}`,
  changeToAdmins: (id: string) => `/v1/businesses/${encodeURIComponent(id)}/change-to-admins`,
  changeToMembers: (id: string) => `/v1/businesses/${encodeURIComponent(id)}/change-to-members`,
  /** `POST` removes members; a member may remove themselves (leaving the business). */
  removeMembers: (id: string) => `/v1/businesses/${encodeURIComponent(id)}/remove-members`,
  /** `POST` adds, `DELETE` removes a domain (`{ domain }`); both answer the domains. */
  businessDomains: (id: string) => `/v1/businesses/${encodeURIComponent(id)}/domains`,
  /** `POST` uploads the branding logo (multipart `file`: PNG, JPEG or SVG), `DELETE` removes it. */
  businessSettingsLogo: (id: string) => `/v1/businesses/${encodeURIComponent(id)}/settings/logo`,
  /** `GET` the branding logo as PNG (no sign-in: signers see it). */
  businessLogo: (id: string) => `/v1/businesses/${encodeURIComponent(id)}/logo`,
  /** `POST` what a plan costs the business, period by period (contract/price-plans.ts). */
  businessStatistics: (id: string) => `/v2/businesses/${encodeURIComponent(id)}/statistics`,
  /** `GET` the business's signer groups (issue 43), `POST` makes one (admins). */
  signerGroups: (id: string) => `/v1/businesses/${encodeURIComponent(id)}/groups`,
  /** `PUT` renames a signer group, `DELETE` deletes it (admins). */
  signerGroup: (id: string, groupId: string) =>
    `/v1/businesses/${encodeURIComponent(id)}/groups/${encodeURIComponent(groupId)}`,
  /** `POST` adds a member to a signer group (`{ user_id }`); `DELETE .../{userId}` removes one (admins). */
  signerGroupMembers: (id: string, groupId: string) =>
    `/v1/businesses/${encodeURIComponent(id)}/groups/${encodeURIComponent(groupId)}/members`,
  signerGroupMember: (id: string, groupId: string, userId: string) =>
    `/v1/businesses/${encodeURIComponent(id)}/groups/${encodeURIComponent(groupId)}/members/${encodeURIComponent(userId)}`,
  /** `GET` AES for business (SPEC §3 aes4biz), `PUT` changes it. */
  businessAes4biz: (id: string) => `/v1/businesses/${encodeURIComponent(id)}/aes4biz`,
} as const
