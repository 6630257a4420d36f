import { ApiError } from '../http/api-error.ts'

/** 404 for a business that does not exist or that the caller does not belong to: the two look the same. */
export const businessNotFound = () => new ApiError(404, 'business.not_found', 'No such business')

/** 409 for a user who belongs to a business already: a user belongs to at most one. */
export const alreadyMember = () =>
  new ApiError(409, 'business.already_member', 'You belong to a business already: leave it first')
