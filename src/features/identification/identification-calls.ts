import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { directUserSchema } from '../../../contract/direct.ts'
import {
  type IdentificationInfoAnswer,
  identificationInfoSchema,
  identificationPaths,
  identificationPaymentSchema,
  identificationPaymentStartSchema,
} from '../../../contract/identification.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { signatureRequestSchema } from '../../../contract/signature-requests.ts'
import { type SignatureQualitiesDetail, signatureQualitiesDetailSchema } from '../../../contract/signing.ts'
import { attributesCase } from '../../../contract/user.ts'
import type {
  HighestQuality,
  IdentificationInfo,
  IdentificationPaymentConfirmation,
  IdentificationPaymentIntent,
  IdentificationRequest,
  Legislation,
} from '../../../machines/identification/identification.types.ts'
import { identificationPollMs } from '../../../machines/identification/identification-constants.ts'
import { type ApiClient, ApiError } from '../../api/client.ts'
import { onlineMethodOf } from './identification-routes.ts'

/** Whose identification the calls are about: the signed-in account, or a direct-link signer by the link's token. */
export type IdentificationAccess = { kind: 'account' } | { kind: 'direct'; token: string }

/** GET /v3/user/signature-qualities-detail: the standards the user may sign with now. */
export function getSignatureQualitiesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['signature-qualities'],
    queryFn: async () =>
      v.parse(signatureQualitiesDetailSchema, await api.request(apiPaths.signatureQualitiesDetail())),
  })
}

/**
 * GET .../identification/payment/{legislation}: whether a business or a licence pays for the identification,
 * else its price, and whether a licence paid for is still processing at the bank.
 */
export function getIdentificationPaymentQueryOptions(
  api: ApiClient,
  legislation: Legislation,
  access: IdentificationAccess = { kind: 'account' },
) {
  return queryOptions({
    queryKey: ['identification-payment', access.kind, legislation],
    queryFn: async () =>
      v.parse(identificationPaymentSchema, await api.request(paymentPath(legislation, access))),
    // A licence processing at the bank is asked after until the bank answered.
    refetchInterval: (query) => (query.state.data?.processing ? identificationPollMs : false),
  })
}

function paymentPath(legislation: Legislation, access: IdentificationAccess) {
  return access.kind === 'direct'
    ? identificationPaths.directPayment(legislation, access.token)
    : identificationPaths.payment(legislation)
}

/** GET /v3/signature-requests/{id}: the request a signed-in user identifies for (its legislation). */
export function getAccountRequestQueryOptions(api: ApiClient, requestId: string) {
  return queryOptions({
    queryKey: ['signature-request', requestId],
    queryFn: async () =>
      v.parse(signatureRequestSchema, await api.request(apiPaths.signatureRequest(requestId))),
    retry: false,
  })
}

/** GET /v3/direct/signature-requests/{id}: the request a direct link is for. */
export function getDirectRequestQueryOptions(api: ApiClient, requestId: string, token: string) {
  return queryOptions({
    queryKey: ['direct-signature-request', requestId],
    queryFn: async () =>
      v.parse(signatureRequestSchema, await api.request(apiPaths.directSignatureRequest(requestId, token))),
    retry: false,
  })
}

/** The highest quality in the account's signature-qualities detail (SPEC §4; the email is verified to get it). */
export function highestOfDetail(detail: SignatureQualitiesDetail): HighestQuality {
  const qes = [detail.qes?.eidas, detail.qes?.zertes].filter((entry) => entry !== undefined)
  if (qes.length > 0) return qes.some((entry) => entry.quality !== 'demo') ? 'qes' : 'demo'
  return detail.aes === undefined ? 'ses' : 'aes'
}

/** The highest quality of a direct-link signer's `signature_qualities` attribute. */
export function highestOfAttribute(qualities: readonly string[] | undefined): HighestQuality {
  if (qualities?.some((quality) => quality.startsWith('qes_'))) return 'qes'
  return qualities?.includes('aes') ? 'aes' : 'ses'
}

function confirmPaymentPath(confirmation: IdentificationPaymentConfirmation, access: IdentificationAccess) {
  const { legislation, paymentId } = confirmation
  return access.kind === 'direct'
    ? identificationPaths.directConfirmPayment(legislation, paymentId, access.token)
    : identificationPaths.confirmPayment(legislation, paymentId)
}

function methodPath(request: IdentificationRequest, access: IdentificationAccess) {
  const online = onlineMethodOf(request.legislation, request.method)
  if (online === undefined) throw new Error(`identification: ${request.method} is not done online`)
  return access.kind === 'direct'
    ? identificationPaths.direct(online.provider, online.mode, access.token)
    : identificationPaths.user(online.provider, online.mode)
}

const toInfo = (answer: IdentificationInfoAnswer): IdentificationInfo => ({
  // The user gave up at the provider: for this attempt, that is a failure.
  appointmentStatus: answer.appointmentStatus === 'cancelled' ? 'failure' : answer.appointmentStatus,
  identUrl: answer.identUrl,
})

/** The identification machine's actors, made of the real calls of the account or the direct-link signer. */
export function identificationActorCalls(api: ApiClient, access: IdentificationAccess) {
  return {
    checkCoverage: async (request: IdentificationRequest) =>
      v.parse(identificationPaymentSchema, await api.request(paymentPath(request.legislation, access)))
        .covered,
    createPayment: async (request: IdentificationRequest): Promise<IdentificationPaymentIntent> =>
      v.parse(
        identificationPaymentStartSchema,
        await api.request(paymentPath(request.legislation, access), { method: 'POST', retries: 0 }),
      ),
    confirmPayment: async (confirmation: IdentificationPaymentConfirmation) =>
      v.parse(
        identificationPaymentSchema,
        await api.request(confirmPaymentPath(confirmation, access), {
          method: 'POST',
          body: { intentId: confirmation.intentId },
          retries: 0,
        }),
      ).covered,
    startIdentification: async (request: IdentificationRequest) => {
      const body =
        request.signatureRequestId === undefined ? {} : { signatureRequestId: request.signatureRequestId }
      const answer = await api.request(methodPath(request, access), { method: 'POST', body, retries: 0 })
      return toInfo(v.parse(identificationInfoSchema, answer))
    },
    fetchIdentification: async (request: IdentificationRequest) => {
      try {
        return toInfo(v.parse(identificationInfoSchema, await api.request(methodPath(request, access))))
      } catch (error) {
        // No appointment left (abandoned at the provider): nothing to wait for.
        if (error instanceof ApiError && error.status === 404)
          return { appointmentStatus: 'failure' as const }
        throw error
      }
    },
    fetchHighestQuality: async (): Promise<HighestQuality> => {
      if (access.kind === 'direct') {
        const user = v.parse(
          directUserSchema,
          await api.request(apiPaths.directUser(access.token), { caseOptions: attributesCase }),
        )
        return highestOfAttribute(user.attributes.signature_qualities)
      }
      return highestOfDetail(
        v.parse(signatureQualitiesDetailSchema, await api.request(apiPaths.signatureQualitiesDetail())),
      )
    },
  }
}
