import type { QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { directUserSchema, tanResendIntervalMs } from '../../../contract/direct.ts'
import type { FormValue } from '../../../contract/form-fields.ts'
import { mobileSigningPaths, mobileSigningResendIntervalMs } from '../../../contract/mobile-signing.ts'
import { apiPaths } from '../../../contract/paths.ts'
import type { SignatureField } from '../../../contract/signature-fields.ts'
import {
  type SignatureQualitiesDetail,
  signAnswerSchema,
  signatureQualitiesDetailSchema,
} from '../../../contract/signing.ts'
import { attributesCase } from '../../../contract/user.ts'
import type { DirectSignSession } from '../../../machines/session/session.types.ts'
import type {
  MobileSigning,
  Part11Confirmation,
  SignOutcome,
} from '../../../machines/signing/signing.types.ts'
import { type ApiClient, ApiError } from '../../api/client.ts'
import { getUserQueryOptions, userAttribute } from '../../api/user.ts'
import { mobileIdLogic } from './mobile-id-calls.ts'

/** Who signs, as the signing dialogs need them. */
export interface Signer {
  id: string
  /** The name their signature shows, once they chose one (user attribute visual_signature_name). */
  signatureName: string | undefined
  /** A first guess at that name: their first and last name, or their address. */
  suggestedName: string
  /** Whether the account is on a free plan, with its free_signatures_remaining (SPEC §6). */
  isFreeUser: boolean
  freeSignaturesRemaining: number
  /** The quality they want to sign with (user attribute default_quality), if they set one. */
  defaultQuality: string | undefined
  /**
   * Whether they accepted the general terms, which cover signing, at sign-up (user attribute accepted_gtc):
   * they are not asked again before signing. A direct-link signer has no account and is asked.
   */
  acceptedTerms: boolean
}

/** What one sign call needs besides the request: the signature name, the language and a TAN. */
export interface SignInput {
  requestId: string
  signingName: string
  language: string
  tan?: string
  /** Where the signature goes on each document, as the signer saw it on the page. */
  documentSignatures?: SignatureField[]
  /** The signer's values of their fields besides the signature. */
  formValues?: FormValue[]
  /** Seal with this seal of the signer's business instead of signing in their own name (accounts only). */
  sealAccountName?: string
  /** The signer's Part 11 confirmation, when the request asked for one (a direct-link signer's has no password). */
  part11?: Part11Confirmation
  /** A code of the signer's second factor, when the sender asked for one at signing (accounts only). */
  secondFactorCode?: string
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ')

/**
 * The calls of signing for one signer: an account (POST /v3/sign) or a direct-link signer
 * (POST /v3/direct/sign after a confirmed TAN, with the link's token).
 */
export function signingCalls(
  api: ApiClient,
  queryClient: QueryClient,
  direct: { session: DirectSignSession; token: string } | null,
) {
  async function loadSigner(): Promise<Signer> {
    if (direct) {
      const user = v.parse(
        directUserSchema,
        await api.request(apiPaths.directUser(direct.token), { caseOptions: attributesCase }),
      )
      return {
        id: user.id,
        signatureName: user.attributes.visual_signature_name?.[0],
        suggestedName: fullName(user.firstName, user.lastName) || user.email,
        isFreeUser: false,
        freeSignaturesRemaining: 0,
        defaultQuality: undefined,
        acceptedTerms: false,
      }
    }
    const user = await queryClient.fetchQuery(getUserQueryOptions(api))
    const remaining = userAttribute(user, 'free_signatures_remaining')
    return {
      id: user.id,
      signatureName: userAttribute(user, 'visual_signature_name'),
      suggestedName: fullName(user.firstName, user.lastName) || user.email,
      // An account outside a business is free; it has its whole allowance until its first signature
      // sets the counter, which the sign call keeps.
      isFreeUser: user.business === null && remaining !== undefined,
      freeSignaturesRemaining: Number(remaining ?? 0) || 0,
      defaultQuality: userAttribute(user, 'default_quality'),
      acceptedTerms: userAttribute(user, 'accepted_gtc') !== undefined,
    }
  }

  async function saveSignatureName(name: string): Promise<void> {
    const body = { attributes: { visual_signature_name: [name] } }
    if (direct) {
      await api.request(apiPaths.directUser(direct.token), {
        method: 'PUT',
        body,
        caseOptions: attributesCase,
      })
      return
    }
    await api.request(apiPaths.user(), { method: 'PUT', body, caseOptions: attributesCase })
    await queryClient.invalidateQueries({ queryKey: getUserQueryOptions(api).queryKey })
  }

  /** The qualities the signer may sign with; for `requestId`, what that request allows too (AES for business). */
  async function loadQualities(requestId?: string): Promise<SignatureQualitiesDetail | null> {
    if (direct) return null
    const query = requestId === undefined ? {} : { query: { signature_request_id: requestId } }
    return v.parse(
      signatureQualitiesDetailSchema,
      await api.request(apiPaths.signatureQualitiesDetail(), query),
    )
  }

  async function sign(input: SignInput): Promise<SignOutcome> {
    const body = {
      signatureRequests: [
        {
          signatureRequestId: input.requestId,
          signingName: input.signingName,
          ...(input.documentSignatures?.length ? { documentSignatures: input.documentSignatures } : {}),
          ...(input.formValues?.length ? { formValues: input.formValues } : {}),
        },
      ],
      language: input.language,
      // A direct-link signer's TAN is checked by the sign call, which says how many tries are left.
      ...(direct && input.tan !== undefined ? { tan: input.tan } : {}),
      ...(!direct && input.sealAccountName !== undefined ? { sealAccountName: input.sealAccountName } : {}),
      ...(input.part11 !== undefined ? { part11: input.part11 } : {}),
      ...(!direct && input.secondFactorCode !== undefined
        ? { secondFactorCode: input.secondFactorCode }
        : {}),
    }
    const answer = v.parse(
      signAnswerSchema,
      await api.request(direct ? apiPaths.directSign(direct.token) : apiPaths.sign(), {
        method: 'POST',
        body,
        // A sign is not repeated behind the user's back: the answer says what happened.
        retries: 0,
      }),
    )
    return outcomeFor(answer, input.requestId)
  }

  /**
   * Confirms a qualified signing with the one-time password of its SMS (POST /v3/{provider}/proceed/{id}, or
   * the direct variant): answers the outcome, `tan_invalid` with the tries left while the password is wrong.
   */
  async function proceedMobile(
    mobile: MobileSigning,
    requestId: string,
    pwdotp: string,
  ): Promise<SignOutcome> {
    const path = direct
      ? mobileSigningPaths.directProceed(mobile.provider, mobile.id, direct.token)
      : mobileSigningPaths.proceed(mobile.provider, mobile.id)
    const answer = v.parse(
      signAnswerSchema,
      await api.request(path, { method: 'POST', body: { pwdotp }, retries: 0 }),
    )
    const { result, tanTriesLeft } = outcomeFor(answer, requestId)
    return tanTriesLeft === undefined ? { result } : { result, tanTriesLeft }
  }

  /** A new SMS for the mobile signing; answers when another may be asked for (ms since the epoch). */
  async function resendMobile(mobile: MobileSigning): Promise<number> {
    const after = (ms: number) => Date.now() + ms
    try {
      await api.request(mobileSigningPaths.resend(mobile.id, direct?.token), { method: 'POST', retries: 0 })
      return after(mobileSigningResendIntervalMs)
    } catch (error) {
      if (error instanceof ApiError && error.code === 'tan.resend_too_soon')
        return after((error.retryAfterSeconds ?? mobileSigningResendIntervalMs / 1000) * 1000)
      throw error
    }
  }

  /** Cancels the mobile signing: nothing is signed. */
  async function cancelMobile(mobile: MobileSigning): Promise<void> {
    await api.request(mobileSigningPaths.cancel(mobile.id, direct?.token), { method: 'POST', retries: 0 })
  }

  /**
   * Mails a new TAN; answers when another may be asked for (ms since the epoch). Within a minute of the last
   * mail its TAN still stands: nothing is mailed, and the server says how long until a new one may be.
   */
  async function resendTan(): Promise<number> {
    const after = (ms: number) => Date.now() + ms
    if (!direct) return after(tanResendIntervalMs)
    try {
      await api.request(apiPaths.tanResend(direct.token), { method: 'POST', body: {}, retries: 0 })
      return after(tanResendIntervalMs)
    } catch (error) {
      if (error instanceof ApiError && error.code === 'tan.resend_too_soon')
        return after((error.retryAfterSeconds ?? tanResendIntervalMs / 1000) * 1000)
      throw error
    }
  }

  return {
    direct: direct !== null,
    /** Where a signer who must identify for this request goes (account or direct-link signer). */
    identificationPath: (requestId: string) =>
      direct
        ? `/direct-sign/identification/${requestId}/${direct.session.userId}`
        : `/profile/signature-standards/legislation?signatureRequestId=${encodeURIComponent(requestId)}`,
    /** Registers an account's mobile number, the step of its first qualified signing (machines/mobile-id). */
    mobileId: mobileIdLogic(api, queryClient),
    loadSigner,
    saveSignatureName,
    loadQualities,
    sign,
    resendTan,
    proceedMobile,
    resendMobile,
    cancelMobile,
  }
}

/** The answer's result for `requestId`, with the mobile signing it started if any (`mobile_aes` always names one). */
function outcomeFor(answer: v.InferOutput<typeof signAnswerSchema>, requestId: string): SignOutcome {
  const found = answer.results.find((r) => r.signatureRequestId === requestId)
  if (!found) throw new ApiError(0, 'signing.failed', 'The sign call did not answer for this request')
  if (found.result === 'mobile_aes' && found.mobileSigningId === undefined)
    throw new ApiError(0, 'signing.failed', 'The sign call started a signing on the phone without naming it')
  return {
    result: found.result,
    ...(found.tanTriesLeft === undefined ? {} : { tanTriesLeft: found.tanTriesLeft }),
    ...(found.mobileSigningId === undefined
      ? {}
      : {
          mobileSigning: {
            id: found.mobileSigningId,
            provider: found.mobileProvider ?? '',
            maskedMobile: found.maskedMobile ?? '',
          },
        }),
  }
}

/** The signing calls of one signer. */
export type SigningCalls = ReturnType<typeof signingCalls>
