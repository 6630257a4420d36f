import * as v from 'valibot'
import { apiPaths } from '../../../contract/paths.ts'
import {
  attributesCase,
  changePasswordSchema,
  deleteUserSchema,
  type User,
  updateUserSchema,
  userSchema,
  validConfirmationAnswerSchema,
  validConfirmationSchema,
} from '../../../contract/user.ts'
import type { ApiClient } from '../../api/client.ts'

/** PUT /v1/user: names and editable attributes; answers the updated user. */
export async function updateUser(
  api: ApiClient,
  input: v.InferInput<typeof updateUserSchema>,
): Promise<User> {
  const body = v.parse(updateUserSchema, input)
  const answer = await api.request(apiPaths.user(), { method: 'PUT', body, caseOptions: attributesCase })
  return v.parse(userSchema, answer)
}

/** POST /v1/change-password: the current password and the new one. */
export async function changePassword(api: ApiClient, input: v.InferInput<typeof changePasswordSchema>) {
  await api.request(apiPaths.changePassword(), {
    method: 'POST',
    body: v.parse(changePasswordSchema, input),
    retries: 0,
  })
}

/** POST /v1/user/delete: deletes the signed-in account, confirmed with its password. */
export async function deleteAccount(api: ApiClient, password: string) {
  await api.request(apiPaths.deleteUser(), {
    method: 'POST',
    body: v.parse(deleteUserSchema, { password }),
    retries: 0,
  })
}

/** POST /v1/valid-confirmation: whether a mailed confirmation link is good, and for which flow. */
export async function checkConfirmation(api: ApiClient, token: string, language: string) {
  const answer = await api.request(apiPaths.validConfirmation(), {
    method: 'POST',
    body: v.parse(validConfirmationSchema, { token, language }),
  })
  return v.parse(validConfirmationAnswerSchema, answer)
}
