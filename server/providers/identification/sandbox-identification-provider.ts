import { randomBytes, randomUUID } from 'node:crypto'
import * as v from 'valibot'
import { identificationPaths } from '../../../contract/identification.ts'
import { apiBase } from '../../../contract/paths.ts'
import { signWebhook } from '../../http/webhook-signature.ts'
import {
  type IdentificationProvider,
  type IdentificationWebhook,
  WebhookRejected,
} from './identification-provider.ts'
import { signatureHeader, verifyWebhookSignature } from './webhook-signature.ts'

/** A sandbox webhook's body, as the real provider's carries the same facts. */
const sandboxEventSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  ref: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  status: v.picklist(['inprogress', 'success', 'failure', 'cancelled']),
  result: v.nullable(v.record(v.string(), v.pipe(v.string(), v.maxLength(200)))),
})

/** The sandbox provider, and what its page needs to call us back as the real provider would. */
export type SandboxIdentificationProvider = IdentificationProvider & {
  /** The signed webhook the sandbox sends for an outcome of `providerRef`. */
  webhook(
    providerRef: string,
    status: IdentificationWebhook['status'],
    result: Record<string, string> | null,
    now: Date,
  ): { body: string; headers: Record<string, string> }
}

/**
 * The identification provider outside production: an appointment is a page of our own server
 * (`/api/sandbox/identification/{ref}`) where the tester completes, fails or abandons it; the outcome comes
 * back as a webhook signed with `secret` (random per process unless given), through the same route and
 * checks as a real provider's.
 */
export function createSandboxIdentificationProvider(options: {
  publicUrl: string
  secret?: string
}): SandboxIdentificationProvider {
  const secret = options.secret ?? randomBytes(32).toString('hex')
  return {
    async start() {
      const providerRef = `sbx_${randomUUID()}`
      return {
        providerRef,
        identUrl: `${options.publicUrl}${apiBase}${identificationPaths.sandboxPage(providerRef)}`,
      }
    },
    offers: () => true,
    async cancel() {},
    async verifyWebhook(body, headers, now) {
      verifyWebhookSignature(secret, body, headers.get(signatureHeader), now)
      let json: unknown
      try {
        json = JSON.parse(body)
      } catch {
        throw new WebhookRejected('The webhook body is not JSON')
      }
      const event = v.safeParse(sandboxEventSchema, json)
      if (!event.success) throw new WebhookRejected('The webhook body is not an identification event')
      const { id, ref, status, result } = event.output
      return { eventId: id, providerRef: ref, status, result }
    },
    webhook(providerRef, status, result, now) {
      const body = JSON.stringify({ id: `evt_${randomUUID()}`, ref: providerRef, status, result })
      return {
        body,
        headers: { 'content-type': 'application/json', [signatureHeader]: signWebhook(secret, body, now) },
      }
    },
  }
}
