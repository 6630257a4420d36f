import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  type IdentificationInfoAnswer,
  identificationInfoSchema,
  identificationPaths,
  identificationPaymentSchema,
} from '../../../contract/identification.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { signatureQualitiesDetailSchema } from '../../../contract/signing.ts'
import type { Legislation } from '../../../machines/identification/identification.types.ts'
import type { ApiClient } from '../../api/client.ts'

/** GET /v3/user/signature-qualities-detail: the standards the user may sign with now. */
export function getSignatureQualitiesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['signature-qualities'],
    queryFn: async () =>
      v.parse(signatureQualitiesDetailSchema, await api.request(apiPaths.signatureQualitiesDetail())),
  })
}

/** GET /v1/user/identification/payment/{legislation}: whether the user's business pays for identification. */
export function getIdentificationPaymentQueryOptions(api: ApiClient, legislation: Legislation) {
  return queryOptions({
    queryKey: ['identification-payment', legislation],
    queryFn: async () =>
      v.parse(identificationPaymentSchema, await api.request(identificationPaths.payment(legislation))),
  })
}

/** POST /v1/user/identification/{provider}/{mode}: starts (or answers the open) appointment. */
export async function startIdentification(
  api: ApiClient,
  provider: string,
  mode: string,
): Promise<IdentificationInfoAnswer> {
  const answer = await api.request(identificationPaths.user(provider, mode), { method: 'POST', retries: 0 })
  return v.parse(identificationInfoSchema, answer)
}
