import { billingPaths } from '../../../contract/billing.ts'
import { directAuthorization } from '../../../contract/direct.ts'
import { identificationPaths } from '../../../contract/identification.ts'
import { apiUrl } from '../../../contract/paths.ts'
import type { Legislation } from '../../../machines/identification/identification.types.ts'

/** Who pays: an account by its token, or a direct-link signer by their link. */
export type Payer = { token: string } | { link: { signatureId: string; requestId: string; token: string } }

/**
 * Buys one identification licence of `legislation` as the app does (start the payment, the sandbox card form
 * takes 4242…, confirm): what someone no business covers does before a video, self or auto identification.
 */
export async function buyLicence(baseUrl: string, payer: Payer, legislation: Legislation): Promise<void> {
  const call = async (path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${apiUrl(path)}`, {
      method: 'POST',
      headers: {
        authorization:
          'link' in payer
            ? directAuthorization(payer.link.signatureId, payer.link.requestId)
            : `Bearer ${payer.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`)
    return (await response.json()) as Record<string, unknown>
  }
  const started = await call(
    'link' in payer
      ? identificationPaths.directPayment(legislation, payer.link.token)
      : identificationPaths.payment(legislation),
  )
  const id = String(started.id)
  const intent = started.intent as { id: string; client_secret: string }
  await call(billingPaths.sandboxConfirm(), {
    client_secret: intent.client_secret,
    card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' },
  })
  const confirmed = await call(
    'link' in payer
      ? identificationPaths.directConfirmPayment(legislation, id, payer.link.token)
      : identificationPaths.confirmPayment(legislation, id),
    { intent_id: intent.id },
  )
  if (confirmed.covered !== true) throw new Error(`the licence did not cover: ${JSON.stringify(confirmed)}`)
}
