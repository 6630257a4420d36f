import type * as v from 'valibot'
import type { confirmationFlows, validConfirmationAnswerSchema } from '../../contract/user.ts'
import { ApiError } from '../http/api-error.ts'
import type { AccountServices } from './account-services.ts'
import { findOneTimeToken } from './find-one-time-token.ts'

/** POST /v1/valid-confirmation: whether a confirmation link can still be used, and for which address. */
export async function checkConfirmation(
  services: AccountServices,
  token: string,
): Promise<v.InferOutput<typeof validConfirmationAnswerSchema>> {
  try {
    const row = await findOneTimeToken(services.db, {
      token,
      purpose: 'confirmation',
      now: services.now(),
      consume: false,
      field: 'token',
    })
    return { valid: true, email: row.email, flow: row.flow as (typeof confirmationFlows)[number] }
  } catch (error) {
    if (error instanceof ApiError) return { valid: false, email: null, flow: null }
    throw error
  }
}
