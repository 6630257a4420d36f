import { eq } from 'drizzle-orm'
import { identifications } from '../db/schema/identification.ts'
import type {
  IdAustriaIdentificationProvider,
  IdAustriaReturn,
} from '../providers/identification/id-austria-identification-provider.ts'
import {
  type IdentificationWebhook,
  ProviderUnavailable,
} from '../providers/identification/identification-provider.ts'
import { applyIdentificationWebhook } from './apply-identification-webhook.ts'
import type { IdentificationServices } from './identification-services.ts'
import type { ReturnRefusal } from './return-failed-page.ts'
import { identificationReturnPath } from './return-path.ts'

/** Where the browser goes from its return from ID Austria, or why it cannot go on (and where it may go instead). */
export type IdAustriaReturnOutcome = { location: string } | { refused: ReturnRefusal; back?: string }

/**
 * GET /api/identification/austria/callback: the browser's return from ID Austria. Its state names the open
 * Austrian eID appointment; the outcome ID Austria answered (see
 * {@link IdAustriaIdentificationProvider.finish}) is applied as a webhook's is, and the browser goes back to its
 * place in the app. A state that names no appointment (unknown, forged) or one ended already (as by a replayed
 * return) is refused with 400 and changes nothing; ID Austria out of reach is 503 and leaves the appointment
 * open, so the return can be tried again.
 */
export async function finishIdAustria(
  services: Pick<IdentificationServices, 'db' | 'now'>,
  idAustria: IdAustriaIdentificationProvider,
  query: IdAustriaReturn & { state?: string | undefined },
): Promise<IdAustriaReturnOutcome> {
  const state = query.state ?? ''
  const [row] =
    state === '' || state.length > 200
      ? []
      : await services.db.select().from(identifications).where(eq(identifications.providerRef, state))
  if (row === undefined || row.provider !== 'austria') return { refused: 'unknown' }
  const back = identificationReturnPath(row)
  if (row.status !== 'initialized' && row.status !== 'inprogress') return { refused: 'ended', back }
  let event: IdentificationWebhook
  try {
    event = await idAustria.finish(
      row.providerRef,
      { code: query.code, error: query.error, iss: query.iss },
      services.now(),
    )
  } catch (error) {
    if (error instanceof ProviderUnavailable) return { refused: 'unavailable' }
    throw error
  }
  await applyIdentificationWebhook(services, 'austria', event)
  return { location: back }
}
