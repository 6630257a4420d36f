import { mobileSigningPaths } from '../../../contract/mobile-signing.ts'
import { apiUrl } from '../../../contract/paths.ts'
import type { AppConfig } from '../../config.ts'
import { outboxDir } from '../mail/create-mail-provider.ts'
import { createOutbox } from '../mail/outbox.ts'
import type { MobileSigningProvider } from './mobile-signing-provider.ts'
import { createSandboxMobileSigningProvider } from './sandbox-mobile-signing-provider.ts'
import { createTwilioMobileSigningProvider } from './twilio-mobile-signing-provider.ts'

/**
 * The configured mobile signing provider: Twilio once `TWILIO_*` is set, with its delivery reports posted to
 * the public URL; otherwise outside production the sandbox, which writes each SMS to the development outbox.
 * Production without Twilio has no provider: qualified signing and mobile registration then answer 503.
 */
export function createMobileSigningProvider(
  config: Pick<AppConfig, 'appMode' | 'dataDir' | 'publicUrl' | 'twilio'>,
): MobileSigningProvider | undefined {
  if (config.twilio !== undefined)
    return createTwilioMobileSigningProvider(
      config.twilio,
      `${config.publicUrl}${apiUrl(mobileSigningPaths.twilioStatus())}`,
    )
  if (config.appMode === 'production') return undefined
  return createSandboxMobileSigningProvider(createOutbox(outboxDir(config.dataDir)))
}
