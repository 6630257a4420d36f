import type { Context } from 'hono'
import type * as v from 'valibot'
import type { accessLoginSchema } from '../../contract/api-users.ts'
import type { TokenAnswer } from '../../contract/user.ts'
import { issueToken } from '../accounts/issue-token.ts'
import type { Database } from '../db/open-database.ts'
import { ApiError } from '../http/api-error.ts'
import { findApiUserByKey, recordKeyUse } from '../http/authenticate.ts'
import { otherModeKey } from './api-user-keys.ts'

/**
 * POST /v2/access/login: an API user's username and current key for a bearer token of 24 hours, which
 * stops working when the key is reset or the API user removed. 401 `auth.invalid_credentials` otherwise,
 * never saying which of the two was wrong, only that a key was made in the other mode. The trade is a use of
 * the key, kept for the business's activity.
 */
export async function accessLogin(
  db: Database,
  c: Context,
  { username, apiKey }: v.InferOutput<typeof accessLoginSchema>,
  now: Date,
  production: boolean,
): Promise<TokenAnswer> {
  const otherMode = otherModeKey(apiKey, production)
  if (otherMode !== undefined) throw new ApiError(401, 'auth.invalid_credentials', otherMode)
  const found = await findApiUserByKey(db, username, apiKey)
  if (found === undefined) {
    throw new ApiError(401, 'auth.invalid_credentials', 'This API username and key do not match')
  }
  const token = await issueToken(db, found.user.userId, false, now)
  await recordKeyUse(db, c, found.user, 200, now)
  return token
}
