import { ApiError } from '../http/api-error.ts'

export const apiUserNotFound = () =>
  new ApiError(404, 'api_user.not_found', 'The business has no API user of this name', { field: 'username' })

export const apiUsernameTaken = () =>
  new ApiError(409, 'api_user.username_taken', 'This username is taken: choose another', {
    field: 'username',
  })
