import type { AppConfig } from '../../config.ts'
import { outboxDir } from '../mail/create-mail-provider.ts'
import { createOutbox } from '../mail/outbox.ts'
import type { MobileSigningProvider } from './mobile-signing-provider.ts'
import { createSandboxMobileSigningProvider } from './sandbox-mobile-signing-provider.ts'

/**
 * The configured mobile signing provider: outside production the sandbox, which writes each SMS to the
 * development outbox. Production has no provider until a real one is configured: qualified signing and
 * mobile registration then answer 503.
 */
export function createMobileSigningProvider(
  config: Pick<AppConfig, 'appMode' | 'dataDir'>,
): MobileSigningProvider | undefined {
  if (config.appMode === 'production') return undefined
  return createSandboxMobileSigningProvider(createOutbox(outboxDir(config.dataDir)))
}
