import type * as v from 'valibot'
import { type User, type updateUserSchema, userEditableAttributes } from '../../contract/user.ts'
import { ApiError } from '../http/api-error.ts'
import type { AccountServices } from './account-services.ts'
import { getUser } from './get-user.ts'
import { setAttributes } from './set-attributes.ts'

const editable: ReadonlySet<string> = new Set(userEditableAttributes)

/**
 * PUT /v1/user: changes the names and the attributes the user may set; the attributes not named stay as
 * they are. Any other attribute refuses the whole request with 403 `user.attribute_read_only`.
 */
export async function updateUser(
  services: AccountServices,
  userId: string,
  input: v.InferOutput<typeof updateUserSchema>,
): Promise<User> {
  const attributes = input.attributes ?? {}
  const readOnly = Object.keys(attributes).find((name) => !editable.has(name))
  if (readOnly !== undefined) {
    throw new ApiError(403, 'user.attribute_read_only', `The attribute ${readOnly} cannot be changed`, {
      field: `attributes.${readOnly}`,
    })
  }
  const names = {
    ...(input.firstName === undefined ? {} : { firstName: input.firstName }),
    ...(input.lastName === undefined ? {} : { lastName: input.lastName }),
  }
  await setAttributes(services.db, userId, attributes as Record<string, string[]>, [], names)
  return getUser(services.db, userId)
}
