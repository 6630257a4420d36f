import type {
  IdentificationMode,
  IdentificationProvider as ProviderName,
} from '../../../contract/identification.ts'
import { type IdentificationProvider, WebhookRejected } from './identification-provider.ts'

/**
 * The identification providers of a deployment as one: each method (provider and mode) goes to the first of
 * `members` that offers it, so the real providers come first and the sandbox, outside production, takes what
 * none of them runs; a webhook goes to the first member that verifies it as its own (the others reject it
 * without asking anyone), and is rejected naming every member's reason when none does.
 */
export function composeIdentificationProviders(
  members: readonly IdentificationProvider[],
): IdentificationProvider {
  const memberOf = (provider: ProviderName, mode: IdentificationMode) =>
    members.find((member) => member.offers(provider, mode))
  return {
    offers: (provider, mode) => memberOf(provider, mode) !== undefined,
    async start(input) {
      const member = memberOf(input.provider, input.mode)
      if (member === undefined)
        throw new Error(`No provider identifies by ${input.mode} under ${input.provider}`)
      return member.start(input)
    },
    async cancel(appointment) {
      await memberOf(appointment.provider, appointment.mode)?.cancel(appointment)
    },
    async verifyWebhook(body, headers, now) {
      const reasons: string[] = []
      for (const member of members) {
        try {
          return await member.verifyWebhook(body, headers, now)
        } catch (error) {
          if (!(error instanceof WebhookRejected)) throw error
          reasons.push(error.message)
        }
      }
      throw new WebhookRejected(reasons.join('; ') || 'No identification provider takes webhooks here')
    },
  }
}
