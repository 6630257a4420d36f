import { and, eq } from 'drizzle-orm'
import type * as v from 'valibot'
import type { Aes4Biz, updateAes4bizSchema } from '../../contract/businesses.ts'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema/accounts.ts'
import { businessDomains, businesses } from '../db/schema/businesses.ts'
import { ApiError } from '../http/api-error.ts'
import { findRequest } from '../signature-requests/find-request.ts'
import type { Caller } from '../signature-requests/request-services.ts'
import { businessNotFound } from './business-errors.ts'
import { businessOfAccount } from './business-of-account.ts'

/** What AES for business is until the business's admins first set it: off, and empty. */
const defaultAes4Biz: Aes4Biz = {
  enabled: false,
  representativeName: '',
  representativeEmail: '',
  commercialRegister: '',
  domains: [],
}

async function ownDomains(db: Pick<Database, 'select'>, businessId: string): Promise<Set<string>> {
  const rows = await db
    .select({ domain: businessDomains.domain })
    .from(businessDomains)
    .where(eq(businessDomains.businessId, businessId))
  return new Set(rows.map((row) => row.domain))
}

/**
 * GET /v1/businesses/{id}/aes4biz: as its admins set it, else {@link defaultAes4Biz}. A domain the business
 * has let go since is left out: the business vouches only for the people of its own domains.
 */
export async function getAes4Biz(db: Pick<Database, 'select'>, businessId: string): Promise<Aes4Biz> {
  const [row] = await db
    .select({ aes4biz: businesses.aes4biz })
    .from(businesses)
    .where(eq(businesses.id, businessId))
  if (row === undefined) throw businessNotFound()
  if (row.aes4biz === null) return defaultAes4Biz
  const own = await ownDomains(db, businessId)
  return { ...row.aes4biz, domains: row.aes4biz.domains.filter((domain) => own.has(domain)) }
}

/**
 * PUT /v1/businesses/{id}/aes4biz: every domain must be one of the business's own (SPEC §5 domains), else
 * 422 `business.domain_unknown` naming it (`domains.N`); the contract checks the rest. Answers what is kept.
 */
export async function updateAes4Biz(
  db: Database,
  businessId: string,
  input: v.InferOutput<typeof updateAes4bizSchema>,
): Promise<Aes4Biz> {
  const own = await ownDomains(db, businessId)
  const unknown = input.domains.findIndex((domain) => !own.has(domain))
  if (unknown >= 0) {
    const field = `domains.${unknown}`
    throw new ApiError(422, 'business.domain_unknown', `${field}: not one of the business's domains`, {
      field,
    })
  }
  const aes4biz: Aes4Biz = { ...input, domains: [...new Set(input.domains)].sort() }
  const updated = await db
    .update(businesses)
    .set({ aes4biz })
    .where(eq(businesses.id, businessId))
    .returning({ id: businesses.id })
  if (updated.length === 0) throw businessNotFound()
  return aes4biz
}

/** A business that vouches for a signer: its name goes into their certificate (O) and the audit trail. */
export type VouchingBusiness = { id: string; name: string }

/** The account that signs, as far as AES for business asks about it. */
type SigningAccount = { email: string; emailVerified: boolean; attributes: Record<string, string[]> }

/**
 * The business that vouches for `signer` on a request sent by `ownerId`, or null: the sender acts for a
 * business (a member, an admin or one of its API users) that has AES for business on, and the signer's
 * confirmed account address is at one of the domains it chose that is still its own.
 */
export async function vouchingBusiness(
  db: Pick<Database, 'select'>,
  ownerId: string,
  signer: Pick<SigningAccount, 'email' | 'emailVerified'>,
): Promise<VouchingBusiness | null> {
  if (!signer.emailVerified) return null
  const business = await businessOfAccount(db, ownerId)
  if (business === null || business.aes4biz?.enabled !== true) return null
  const domain = signer.email.slice(signer.email.lastIndexOf('@') + 1).toLowerCase()
  if (!business.aes4biz.domains.includes(domain)) return null
  const [own] = await db
    .select({ domain: businessDomains.domain })
    .from(businessDomains)
    .where(and(eq(businessDomains.domain, domain), eq(businessDomains.businessId, business.id)))
  return own === undefined ? null : { id: business.id, name: business.name }
}

/**
 * Whether a business vouches for the caller on request `requestId` (GET
 * /v3/user/signature-qualities-detail?signature_request_id=): 404 for a request the caller may not see.
 */
export async function isVouchedOnRequest(db: Database, caller: Caller, requestId: string): Promise<boolean> {
  const { request } = await findRequest(db, caller, requestId)
  const [user] = await db
    .select({ email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, caller.userId))
  return user !== undefined && (await vouchingBusiness(db, request.ownerId, user)) !== null
}
