import type { Outbox } from '../mail/outbox.ts'
import { composeSms } from './compose-sms.ts'
import type { MobileSigningProvider } from './mobile-signing-provider.ts'

/**
 * The sandbox mobile signing provider: each SMS becomes an entry of the development outbox (`/dev/outbox`),
 * addressed to `<number>@sms.invalid` with the subject `SMS to <number>`, so people and tests read the
 * one-time password there as they read mails.
 */
export function createSandboxMobileSigningProvider(outbox: Pick<Outbox, 'write'>): MobileSigningProvider {
  return {
    name: 'mobileid',
    async send(mobile, message, ref) {
      const sms = await composeSms(mobile, message, new Date())
      await outbox.write(sms)
      return `sandbox-${ref}-${sms.id}`
    },
  }
}
