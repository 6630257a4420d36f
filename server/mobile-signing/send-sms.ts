import { maskMobile } from '../../contract/mobile-signing.ts'
import { ApiError } from '../http/api-error.ts'
import {
  MobileNumberRefused,
  MobileProviderUnavailable,
  type MobileSigningProvider,
} from '../providers/mobile-signing/mobile-signing-provider.ts'

/**
 * Sends an SMS of the mobile signing `ref` through `provider`; answers the provider's reference. A number the
 * provider refuses is 422 `mobile_signing.mobile_invalid` naming `mobile`; a provider that does not take the
 * message is 503. Callers send before they write, or inside the transaction of their write, so that a
 * failure leaves nothing behind.
 */
export async function sendSms(
  provider: MobileSigningProvider,
  mobile: string,
  message: string,
  ref: string,
): Promise<string> {
  try {
    return await provider.send(mobile, message, ref)
  } catch (error) {
    if (error instanceof MobileNumberRefused)
      throw new ApiError(
        422,
        'mobile_signing.mobile_invalid',
        `mobile: no SMS can be sent to ${maskMobile(mobile)}; use another mobile number`,
        { field: 'mobile', cause: error },
      )
    if (error instanceof MobileProviderUnavailable)
      throw new ApiError(503, 'server.unavailable', 'SMS cannot be sent right now; please try again later', {
        cause: error,
      })
    throw error
  }
}
