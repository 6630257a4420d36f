import type * as v from 'valibot'
import {
  type User,
  type updateUserSchema,
  userClearableAttributes,
  userEditableAttributes,
} from '../../contract/user.ts'
import { ApiError } from '../http/api-error.ts'
import type { AccountServices } from './account-services.ts'
import { getUser } from './get-user.ts'
import { setAttributes } from './set-attributes.ts'

const editable: ReadonlySet<string> = new Set(userEditableAttributes)
const clearable: ReadonlySet<string> = new Set(userClearableAttributes)

/**
 * PUT /v1/user: changes the names and the attributes the user may set, and empties the notices they
 * dismiss; the attributes not named stay as they are. Any other attribute refuses the whole request with 403 `user.attribute_read_only`.
 */
export async function updateUser(
  services: AccountServices,
  userId: string,
  input: v.InferOutput<typeof updateUserSchema>,
): Promise<User> {
  const attributes = input.attributes ?? {}
  const readOnly = Object.entries(attributes).find(
    ([name, values]) => !editable.has(name) && !(clearable.has(name) && values.length === 0),
  )?.[0]
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
  return getUser(services.db, userId, services.demoQualifiedSigning)
}
