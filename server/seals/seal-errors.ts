import { ApiError } from '../http/api-error.ts'

/** 404 for a seal that does not exist or is another business's: the two look the same. */
export const sealNotFound = () => new ApiError(404, 'seal.not_found', 'No such seal')

/** 403 for a caller who may not seal with this seal. */
export const sealNotAllowed = () =>
  new ApiError(403, 'seal.not_allowed', 'You are not allowed to use this seal: ask an admin of your business')
