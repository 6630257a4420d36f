import { and, eq, isNotNull } from 'drizzle-orm'
import { loginThrottle } from '../accounts/login-throttle.ts'
import { codeRefused, requireKeys, spendSecondFactorCode } from '../accounts/spend-second-factor-code.ts'
import { totpFactors } from '../db/schema/accounts.ts'
import { ApiError } from '../http/api-error.ts'
import type { SignableRequest } from './find-signable-request.ts'
import type { RequestSigner, SecondFactorKind } from './sign-requests.ts'
import type { SigningServices } from './signing-services.ts'

/**
 * Checks what the sender asked of the signer of each listed request (issue 42 §5) before anything is signed,
 * and answers the second factor that confirmed the signing, if one was asked for. Where a second factor is
 * asked for, an account without one is 403 `signing.second_factor_not_set_up`, a call without `code` 403
 * `signing.second_factor_required`, and a wrong code or one used before 400 as at sign-in
 * (`second_factor.invalid_code`, `second_factor.code_used`); wrong codes count in the sign-in throttle of the
 * account and address (429 `auth.too_many_attempts`).
 */
export async function authenticateSigner(
  services: Pick<SigningServices, 'db' | 'now' | 'keys'>,
  signer: RequestSigner,
  signables: readonly SignableRequest[],
  code: string | undefined,
): Promise<SecondFactorKind | undefined> {
  // A direct link of a signature that asks for an account opens nothing (server/direct/authenticate-direct.ts).
  if (signer.kind === 'direct') return undefined
  if (!signables.some(({ signature }) => signature.authentication === 'second_factor')) return undefined
  const { db } = services
  const { caller } = signer
  const [factor] = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, caller.userId), isNotNull(totpFactors.enabledAt)))
  if (factor === undefined) {
    throw new ApiError(
      403,
      'signing.second_factor_not_set_up',
      'The sender asks you to confirm with a second factor: set up two-step verification first',
    )
  }
  if (code === undefined) {
    throw new ApiError(
      403,
      'signing.second_factor_required',
      'The sender asks you to confirm with a code of your authenticator app',
      { field: 'second_factor_code' },
    )
  }
  const keys = requireKeys(services.keys)
  const throttled = { account: caller.email, address: caller.ip }
  await loginThrottle.check(db, throttled, services.now())
  const outcome = await spendSecondFactorCode(db, keys, { userId: caller.userId, code, now: services.now() })
  if (outcome === 'invalid' || outcome === 'used') {
    await loginThrottle.fail(db, throttled, services.now())
    throw codeRefused(outcome)
  }
  await loginThrottle.clear(db, throttled)
  return outcome
}
