import type { Logger } from 'pino'
import type { MailProvider, OutgoingMail } from './mail-provider.ts'

/** Sends mail after the request that caused it has been answered. */
export type MailQueue = {
  /** Starts sending; a failure is logged, never thrown at the caller. */
  post(mail: OutgoingMail): void
  /** Resolves once every mail posted so far is sent or has failed. */
  drain(): Promise<void>
}

/**
 * Wraps a provider so that calls answer before their mail is out: the answer then takes as long whether
 * a mail was sent or not, so its timing does not tell whether an address has an account.
 */
export function createMailQueue(provider: MailProvider, logger: Logger): MailQueue {
  const pending = new Set<Promise<void>>()
  return {
    post(mail) {
      const sending = provider
        .send(mail)
        .catch((error: unknown) => logger.error({ err: error }, 'mail could not be sent'))
        .finally(() => pending.delete(sending))
      pending.add(sending)
    },
    async drain() {
      await Promise.all([...pending])
    },
  }
}
