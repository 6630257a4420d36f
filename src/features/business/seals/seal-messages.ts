import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { SealQuality } from '../../../../contract/seals.ts'
import type { ErrorCodeOf } from '../../../api/error-messages.ts'
import { businessErrorMessage } from '../business-messages.ts'

/** What the seal calls' refusals mean to the admin. */
const sealMessages: Record<ErrorCodeOf<'seal'>, MessageDescriptor> = {
  'seal.not_found': msg`This seal does not exist in your business.`,
  'seal.name_taken': msg`This account name is taken. Please choose another.`,
  'seal.not_allowed': msg`You may not seal with this seal. Ask an admin of your business to add you to its users.`,
  'seal.member_invalid': msg`Only people and API users of your business can use its seals.`,
  'seal.image_invalid': msg`The image must be a PNG or JPEG file of at most 1 MB.`,
  'seal.image_not_found': msg`This seal has no image.`,
  'seal.qtsp_credential_missing': msg`The trust service provider holds no qualified seal of your business. Check the country and VAT number in your billing details, and obtain the qualified seal certificate from the trust service provider.`,
}

/** The message for an error code of a seal call, or the business screens' own for other codes. */
export function sealErrorMessage(code: string | undefined): MessageDescriptor {
  return (code && sealMessages[code as keyof typeof sealMessages]) || businessErrorMessage(code)
}

/** The quality of a seal in words. */
export const sealQualityNames: Record<SealQuality, MessageDescriptor> = {
  aes: msg`Advanced electronic seal`,
  qes: msg`Qualified electronic seal`,
}
