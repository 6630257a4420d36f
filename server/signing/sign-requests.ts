import { eq } from 'drizzle-orm'
import type { Part11Confirmation, SignAnswer, SignBody } from '../../contract/signing.ts'
import { hasSigningCredit } from '../../machines/signing/has-signing-credit.ts'
import { requestSigningQuality } from '../businesses/aes4biz.ts'
import { isPaidByBusiness } from '../businesses/payment-state.ts'
import { users } from '../db/schema.ts'
import { ApiError } from '../http/api-error.ts'
import { sealNotAllowed } from '../seals/seal-errors.ts'
import { type SealSigning, sealForSigner } from '../seals/seal-for-signer.ts'
import type { Caller } from '../signature-requests/request-services.ts'
import { renderSigningVisualSignature } from '../visual-signatures/default-visual-signature.ts'
import { findSignableRequest, type SignableRequest } from './find-signable-request.ts'
import { freeSignaturesRemaining } from './free-signatures.ts'
import { confirmPart11, underPart11 } from './part11.ts'
import { type SigningIdentity, signRequestDocuments } from './sign-request-documents.ts'
import type { SigningServices } from './signing-services.ts'

/**
 * Who signs: a signed-in account, or a direct-link signer (nas) whose token and TAN the direct-sign
 * route has already checked; a direct session is bound to one request and one signature.
 */
export type RequestSigner =
  | { kind: 'account'; caller: Caller }
  | { kind: 'direct'; signatureId: string; requestId: string; ip: string }

/**
 * POST /v3/sign (and /v3/direct/sign): signs every listed request for the signer. Every request is
 * checked first, so a request the signer may not see (404), that the lifecycle refuses (409: not open,
 * already signed, not a signer) or a wrong placement (400) fails the whole call before anything is
 * signed. Then each is signed in turn and answers `complete`, `exhausted` (no free signature left:
 * nothing signed) or `locked` (another signing of it held on too long).
 *
 * With `sealAccountName`, a signed-in account seals instead: its own signatures are made with the seal's
 * organisation certificate and appearance, once the seal is found (404 `seal.not_found`) and the caller is
 * allowed on it (403 `seal.not_allowed`; a direct-link signer never is). The business pays for a seal:
 * while its trial has expired or it is blocked, every request answers `exhausted`.
 */
export async function signRequests(
  services: SigningServices,
  signer: RequestSigner,
  body: SignBody,
): Promise<SignAnswer> {
  const platform = services.platform
  if (platform === undefined) throw new ApiError(503, 'server.unavailable', 'Signing is not available')
  const ids = body.signatureRequests.map((item) => item.signatureRequestId.toLowerCase())
  const repeated = ids.findIndex((id, index) => ids.indexOf(id) !== index)
  if (repeated >= 0) {
    const field = `signature_requests.${repeated}.signature_request_id`
    throw new ApiError(400, 'request.invalid', `${field}: listed twice`, { field })
  }
  const seal = await sealOf(services, signer, body.sealAccountName)
  const signables: SignableRequest[] = []
  for (const [index, item] of body.signatureRequests.entries()) {
    signables.push(await findSignableRequest(services.db, signer, item, index))
  }
  const results: SignAnswer['results'] = []
  // One Part 11 confirmation serves every request of the call that asks for it.
  let part11: Awaited<ReturnType<typeof confirmPart11>> | undefined
  for (const signable of signables) {
    const { request } = signable
    let confirmed: Part11Confirmation | undefined
    if (!seal && signer.kind === 'account' && (await underPart11(services.db, request.ownerId))) {
      part11 ??= await confirmPart11(services.db, signer.caller, body.part11, services.now())
      if (typeof part11 === 'string') {
        results.push({ signatureRequestId: request.id, result: part11, statusOverall: request.statusOverall })
        continue
      }
      confirmed = part11
    }
    const identity = seal ? sealIdentity(signer, seal, signable) : await identify(services, signer, signable)
    const outcome =
      identity === 'exhausted'
        ? { result: 'exhausted' as const, statusOverall: request.statusOverall }
        : await signRequestDocuments(
            services,
            platform,
            signable,
            confirmed ? { ...identity, ...part11Meaning(confirmed) } : identity,
            body.language,
          )
    results.push({ signatureRequestId: request.id, ...outcome })
  }
  return { results }
}

/** The printed name and the meaning a Part 11 signature carries. */
function part11Meaning({ signingName, signingReason }: Part11Confirmation) {
  return { signingName, signingReason }
}

async function sealOf(
  services: SigningServices,
  signer: RequestSigner,
  accountName: string | undefined,
): Promise<SealSigning | undefined> {
  if (accountName === undefined) return undefined
  if (signer.kind === 'direct') throw sealNotAllowed()
  return sealForSigner(services, signer.caller.userId, accountName)
}

/** A sealing's identity: the seal names the signature; the caller stays the audit trail's actor. */
function sealIdentity(
  signer: RequestSigner,
  seal: SealSigning,
  { item }: SignableRequest,
): SigningIdentity | 'exhausted' {
  if (seal.locked || signer.kind !== 'account') return 'exhausted'
  return {
    name: seal.label,
    signingName: item.signingName ?? seal.label,
    signingReason:
      item.signingReason === undefined || item.signingReason === '' ? undefined : item.signingReason,
    email: seal.email,
    quality: seal.quality,
    caller: signer.caller,
    seal,
  }
}

/**
 * The signing name, quality and audit actor of one signature. An account signs with the quality its
 * record allows (or aes when the request's business vouches for it) and needs a free signature left
 * (SPEC §6); a direct-link signer signs simply, always.
 */
async function identify(
  services: SigningServices,
  signer: RequestSigner,
  { request, signature, item }: SignableRequest,
): Promise<SigningIdentity | 'exhausted'> {
  const signingReason =
    item.signingReason === undefined || item.signingReason === '' ? undefined : item.signingReason
  if (signer.kind === 'direct') {
    const data = signature.signerIdentityData
    const name = [data?.firstName, data?.lastName].filter(Boolean).join(' ') || signature.accountEmail
    return {
      name,
      signingName: item.signingName ?? name,
      signingReason,
      email: signature.accountEmail,
      quality: 'ses',
      caller: {
        userId: signature.id,
        email: signature.accountEmail,
        ip: signer.ip,
        signatureId: signature.id,
      },
    }
  }
  const { caller } = signer
  const [user] = await services.db.select().from(users).where(eq(users.id, caller.userId))
  if (user === undefined) throw new ApiError(401, 'auth.unauthenticated', 'This account no longer exists')
  // A member of a business in good standing signs on the business's account, not on free signatures.
  const paidByBusiness = await isPaidByBusiness(services.db, user.id, services.now())
  const credit = {
    isFreeUser: !paidByBusiness,
    freeSignaturesRemaining: freeSignaturesRemaining(user.attributes, services.freeSignatures),
    isDirectSign: false,
  }
  if (!hasSigningCredit(credit)) return 'exhausted'
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email
  const { quality, vouchedBy } = await requestSigningQuality(services.db, request.ownerId, user)
  const visualSignature = await renderSigningVisualSignature(services, user.id, quality, services.now())
  return {
    name,
    signingName: item.signingName ?? name,
    signingReason,
    email: user.email,
    quality,
    ...(vouchedBy === undefined ? {} : { vouchedBy: vouchedBy.name }),
    caller,
    ...(paidByBusiness ? {} : { freeAccountId: user.id }),
    ...(visualSignature === undefined ? {} : { visualSignature }),
  }
}
