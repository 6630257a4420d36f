import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type * as v from 'valibot'
import type { registerSchema, TokenAnswer } from '../../contract/user.ts'
import { checkPassword } from '../../machines/password/password-policy.ts'
import { inviteByDomain } from '../businesses/business-domains.ts'
import { users } from '../db/schema/accounts.ts'
import { ApiError } from '../http/api-error.ts'
import { pickMailLocale } from '../mail/mail-locale.ts'
import type { AccountServices } from './account-services.ts'
import { findOneTimeToken } from './find-one-time-token.ts'
import { hashPassword } from './hash-password.ts'
import { isUniqueViolation } from './is-unique-violation.ts'
import { issueToken } from './issue-token.ts'

const signupFlows: readonly (string | null)[] = ['signup', 'business_signup', 'eidplus']

/**
 * POST /v1/register: consumes a signup confirmation token and creates the account for its address, with
 * the address verified and the current terms accepted, then signs in. All or nothing: a refused request
 * leaves the token usable and creates nothing.
 */
export async function registerUser(
  services: AccountServices,
  input: v.InferOutput<typeof registerSchema>,
): Promise<TokenAnswer> {
  const lookup = { token: input.token, purpose: 'confirmation', now: services.now(), field: 'token' } as const
  const confirmation = await findOneTimeToken(services.db, { ...lookup, consume: false })
  if (!signupFlows.includes(confirmation.flow)) {
    throw new ApiError(400, 'token.invalid', 'This link is not for a signup', { field: 'token' })
  }
  const policyError = checkPassword(input.password, confirmation.email)
  if (policyError !== null) {
    throw new ApiError(400, policyError, 'The password does not meet the password rules', {
      field: 'password',
    })
  }
  const passwordHash = await hashPassword(input.password)
  const attributes: Record<string, string[]> = { accepted_gtc: [services.termsVersion] }
  if (input.lang !== undefined) attributes.lang = [pickMailLocale(input.lang)]
  if (input.mobile !== undefined) attributes.mobile = [input.mobile]
  if (input.celloUcc !== undefined) attributes.cello_ucc = [input.celloUcc]

  const alreadyExists = () =>
    new ApiError(409, 'user.already_exists', 'This address already has an account: sign in instead')
  const create = services.db.transaction(async (tx) => {
    const { email } = await findOneTimeToken(tx, { ...lookup, consume: true })
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email))
    if (existing !== undefined) throw alreadyExists()
    const id = randomUUID()
    await tx.insert(users).values({
      id,
      username: id,
      email,
      emailVerified: true,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
      attributes,
      createdAt: services.now(),
    })
    await inviteByDomain(tx, email, services.now())
    return issueToken(tx, id, false, services.now())
  })
  // Two signups of one address racing: the database's unique address decides, and the loser gets the same 409.
  return create.catch((error: unknown) => {
    throw isUniqueViolation(error) ? alreadyExists() : error
  })
}
