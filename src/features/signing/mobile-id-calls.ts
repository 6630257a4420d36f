import type { QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { fromPromise } from 'xstate'
import {
  mobileConfirmedSchema,
  mobileSigningPaths,
  mobileSigningResendIntervalMs,
  mobileSigningSentSchema,
} from '../../../contract/mobile-signing.ts'
import { mobileIdMachine } from '../../../machines/mobile-id/mobile-id.machine.ts'
import type {
  MobileCodeSent,
  MobileIdErrorCode,
  MobileIdFailure,
  SendCodeInput,
} from '../../../machines/mobile-id/mobile-id.types.ts'
import { type ApiClient, ApiError } from '../../api/client.ts'
import { getUserQueryOptions } from '../../api/user.ts'

const codes: Record<string, MobileIdErrorCode> = {
  'request.invalid': 'mobile_id.number_invalid',
  'mobile_signing.number_invalid': 'mobile_id.number_invalid',
  'mobile_signing.mobile_invalid': 'mobile_id.number_unreachable',
  'tan.resend_too_soon': 'mobile_id.too_soon',
  'tan.invalid': 'mobile_id.code_invalid',
  'tan.expired': 'mobile_id.code_expired',
  'tan.locked': 'mobile_id.code_locked',
}

/** The machine's failure for a refused call; anything else keeps the step's own code. */
function failure(error: unknown, fallback: MobileIdErrorCode): MobileIdFailure {
  if (!(error instanceof ApiError)) return { code: fallback }
  return { code: codes[error.code] ?? fallback, ...(error.field ? { field: error.field } : {}) }
}

/** POST /v1/user/mobile: an SMS with a code to the number; rejects with a {@link MobileIdFailure}. */
async function sendMobileCode(api: ApiClient, { mobile, country }: SendCodeInput): Promise<MobileCodeSent> {
  try {
    const sent = v.parse(
      mobileSigningSentSchema,
      await api.request(mobileSigningPaths.registerMobile(), {
        method: 'POST',
        body: { mobile, country },
        retries: 0,
      }),
    )
    return {
      id: sent.id,
      maskedMobile: sent.maskedMobile,
      nextAt: Date.now() + mobileSigningResendIntervalMs,
    }
  } catch (error) {
    throw failure(error, 'mobile_id.send_failed')
  }
}

/** POST /v1/user/mobile/confirm: the code back; answers the registered number. */
async function confirmMobileCode(api: ApiClient, id: string, secret: string): Promise<{ mobile: string }> {
  try {
    return v.parse(
      mobileConfirmedSchema,
      await api.request(mobileSigningPaths.confirmMobile(), {
        method: 'POST',
        body: { id, secret },
        retries: 0,
      }),
    )
  } catch (error) {
    throw failure(error, 'mobile_id.confirm_failed')
  }
}

/**
 * The mobile-id machine with its calls: the profile's registration screen runs it, and the signing machine
 * invokes it as the step of a first qualified signing. A registered number refreshes the user.
 */
export function mobileIdLogic(api: ApiClient, queryClient: QueryClient) {
  return mobileIdMachine.provide({
    actors: {
      sendCode: fromPromise(({ input }) => sendMobileCode(api, input)),
      confirmCode: fromPromise(async ({ input }) => {
        const registered = await confirmMobileCode(api, input.id, input.secret)
        await queryClient.invalidateQueries({ queryKey: getUserQueryOptions(api).queryKey })
        return registered
      }),
    },
  })
}
