import { eq } from 'drizzle-orm'
import { identifications } from '../db/schema.ts'
import { ApiError } from '../http/api-error.ts'
import type {
  IdAustriaIdentificationProvider,
  IdAustriaReturn,
} from '../providers/identification/id-austria-identification-provider.ts'
import { applyIdentificationWebhook } from './apply-identification-webhook.ts'
import type { IdentificationServices } from './identification-services.ts'
import { identificationReturnPath } from './return-path.ts'
import { providerUnavailable } from './start-identification.ts'

/**
 * GET /api/identification/austria/callback: the browser's return from ID Austria. Its state names the open
 * Austrian eID appointment; the outcome ID Austria answered (see
 * {@link IdAustriaIdentificationProvider.finish}) is applied as a webhook's is. Answers where in the app the
 * browser goes back to. A state that names no open ID Austria appointment (unknown, forged, or one ended
 * already, as by a replayed return) is 400 `identification.state_invalid` and changes nothing; ID Austria
 * out of reach is 503 and leaves the appointment open, so the return can be tried again.
 */
export async function finishIdAustria(
  services: Pick<IdentificationServices, 'db' | 'now'>,
  idAustria: IdAustriaIdentificationProvider,
  query: IdAustriaReturn & { state?: string | undefined },
): Promise<string> {
  const state = query.state ?? ''
  const [row] =
    state === '' || state.length > 200
      ? []
      : await services.db.select().from(identifications).where(eq(identifications.providerRef, state))
  if (row === undefined || row.provider !== 'austria')
    throw new ApiError(
      400,
      'identification.state_invalid',
      'This return from ID Austria names no appointment',
    )
  if (row.status !== 'initialized' && row.status !== 'inprogress')
    throw new ApiError(
      400,
      'identification.state_invalid',
      'This Austrian eID identification has ended already',
    )
  const event = await idAustria
    .finish(row.providerRef, { code: query.code, error: query.error }, services.now())
    .catch(providerUnavailable)
  await applyIdentificationWebhook(services, 'austria', event)
  return identificationReturnPath(row)
}
