import { eq } from 'drizzle-orm'
import type { Part11Confirmation, SignAnswer, SignBody } from '../../contract/signing.ts'
import { hasSigningCredit } from '../../machines/signing/has-signing-credit.ts'
import type { SignResultCode } from '../../machines/signing/signing.types.ts'
import { displayName } from '../accounts/display-name.ts'
import { vouchingBusiness } from '../businesses/aes4biz.ts'
import { businessOfAccount } from '../businesses/business-of-account.ts'
import { isPaidByBusiness } from '../businesses/payment-state.ts'
import { users } from '../db/schema/accounts.ts'
import { ApiError } from '../http/api-error.ts'
import { startMobileSigning } from '../mobile-signing/start-mobile-signing.ts'
import { sealNotAllowed } from '../seals/seal-errors.ts'
import { type SealSigning, sealForSigner } from '../seals/seal-for-signer.ts'
import type { Caller } from '../signature-requests/request-services.ts'
import { renderSigningVisualSignature } from '../visual-signatures/default-visual-signature.ts'
import { authenticateSigner } from './authenticate-signer.ts'
import { findSignableRequest, type SignableRequest } from './find-signable-request.ts'
import { freeSignaturesRemaining } from './free-signatures.ts'
import { nameMismatch } from './name-mismatch.ts'
import { confirmPart11, underPart11 } from './part11.ts'
import { requestQuality } from './request-quality.ts'
import { type SigningIdentity, signRequestDocuments } from './sign-request-documents.ts'
import { allowedQualities } from './signature-qualities.ts'
import type { PlatformSigning, SigningServices } from './signing-services.ts'
import { signingVerifications } from './signing-verifications.ts'

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
 * signed. Once something is to be signed, what the sender asked of the signer (a second factor at signing:
 * `authenticateSigner`) is checked. Then each is signed in turn and answers `complete`, `exhausted` (no free signature left:
 * nothing signed), `locked` (another signing of it held on too long), `identification_required` (the request
 * asks for a quality the signer does not hold) or `serial_mismatch`. A qualified signature is not made yet:
 * those requests answer `mobile_aes` with one mobile signing (server/mobile-signing) that the signer confirms
 * with the SMS password, which signs them (`options.mobileConfirmed`); no mobile number is 409 before
 * anything is signed.
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
  options: SignOptions = {},
): Promise<SignAnswer> {
  const platform = services.platform
  if (platform === undefined) throw new ApiError(503, 'server.unavailable', 'Signing is not available')
  const ids = body.signatureRequests.map((item) => item.signatureRequestId.toLowerCase())
  const repeated = ids.findIndex((id, index) => ids.indexOf(id) !== index)
  if (repeated >= 0) {
    const field = `signature_requests.${repeated}.signature_request_id`
    throw new ApiError(400, 'request.invalid', `${field}: listed twice`, { field })
  }
  const seal = await sealOf(services, platform, signer, body.sealAccountName)
  const signables: SignableRequest[] = []
  for (const [index, item] of body.signatureRequests.entries()) {
    signables.push(await findSignableRequest(services.db, signer, item, index))
  }
  // First what each request needs, so that a refusal (no mobile number for a qualified signature) comes
  // before anything is signed.
  const planned: Planned[] = []
  // One Part 11 confirmation serves every request of the call that asks for it.
  let part11: 'part11_required' | 'part11_invalid' | Part11Meaning | undefined = options.part11
  for (const signable of signables) {
    const { request } = signable
    let confirmed: Part11Meaning | undefined
    if (!seal && (await underPart11(services.db, request.ownerId))) {
      // A direct-link signer's meaning came with the TAN that confirmed it (sign-direct.ts, `options.part11`).
      part11 ??=
        signer.kind === 'account'
          ? await confirmPart11(services.db, signer.caller, body.part11, services.now())
          : 'part11_required'
      if (typeof part11 === 'string') {
        planned.push({ signable, result: part11 })
        continue
      }
      confirmed = part11Meaning(part11)
    }
    const identity = seal ? sealIdentity(signer, seal, signable) : await identify(services, signer, signable)
    if (typeof identity !== 'string' && identity.quality === 'qes' && !seal && !services.qualifiedSigning)
      throw new ApiError(
        503,
        'server.unavailable',
        'Qualified signatures are not available on this server: no qualified trust service provider (CSC_BASE_URL) is configured',
      )
    if (typeof identity === 'string') planned.push({ signable, result: identity })
    else if (identity.quality === 'qes' && !seal && options.mobileConfirmed === undefined)
      planned.push({ signable, defer: true, part11: confirmed })
    else {
      const verifications = await signingVerifications(services.db, signer, identity, {
        part11: confirmed !== undefined,
        mobile: options.mobileConfirmed?.mobile,
      })
      const confirmedBy = options.mobileConfirmed?.oneTimePassword
      const signed = {
        ...identity,
        verifications,
        ...(confirmedBy === undefined ? {} : { oneTimePassword: confirmedBy }),
      }
      planned.push({ signable, identity: confirmed ? { ...signed, ...confirmed, part11: true } : signed })
    }
  }
  // What the sender asked of the signer, once something is to be signed (a code is not spent on a call that only
  // asks for more); a qualified signing confirmed on the phone was authenticated when it started, and its trail
  // names the second factor that did it.
  let secondFactor = options.mobileConfirmed?.secondFactor
  if (options.mobileConfirmed === undefined && planned.some((plan) => !('result' in plan)))
    secondFactor = await authenticateSigner(services, signer, signables, body.secondFactorCode)
  if (secondFactor !== undefined) {
    for (const plan of planned)
      if ('identity' in plan)
        plan.identity.verifications.push({ method: 'second_factor', kind: secondFactor })
  }
  const deferred = planned.filter((plan) => 'defer' in plan)
  const mobile =
    deferred.length === 0
      ? undefined
      : await startMobileSigning(services, signer, {
          signatureRequests: deferred.map((plan) => plan.signable.item),
          language: body.language,
          part11: deferred.find((plan) => plan.part11 !== undefined)?.part11,
          secondFactor,
          titles: deferred.map((plan) => plan.signable.request.title),
        })
  const results: SignAnswer['results'] = []
  for (const plan of planned) {
    const { request } = plan.signable
    const statusOverall = request.statusOverall
    if ('result' in plan) results.push({ signatureRequestId: request.id, result: plan.result, statusOverall })
    else if ('defer' in plan)
      results.push({ signatureRequestId: request.id, result: 'mobile_aes', statusOverall, ...mobile })
    else
      results.push({
        signatureRequestId: request.id,
        ...(await signRequestDocuments(services, platform, plan.signable, plan.identity, body.language)),
      })
  }
  return { results }
}

/** How a sign call is made beyond its body. */
export type SignOptions = {
  /**
   * The signer confirmed on their phone (a mobile signing's proceed) with the one-time password sent to the
   * (masked) `mobile`: qualified signatures are made now, the password authorising them at the QTSP.
   */
  mobileConfirmed?: { mobile: string; oneTimePassword: string; secondFactor?: SecondFactorKind }
  /** The Part 11 name and meaning confirmed (with the password) when the mobile signing started. */
  part11?: Part11Meaning
}

/** The second factor that confirmed a signing: a code of the authenticator app, or a recovery code. */
export type SecondFactorKind = 'totp' | 'recovery'

/** The printed name and meaning of a Part 11 signature. */
export type Part11Meaning = Pick<Part11Confirmation, 'signingName' | 'signingReason'>

/** What a sign call does with one request: answer a result, sign it, or wait for the signer's phone. */
type Planned =
  | { signable: SignableRequest; result: Exclude<SignResultCode, 'complete' | 'mobile_aes'> }
  | { signable: SignableRequest; identity: SigningIdentity }
  | { signable: SignableRequest; defer: true; part11: Part11Meaning | undefined }

/** The printed name and the meaning a Part 11 signature carries. */
function part11Meaning({ signingName, signingReason }: Part11Meaning): Part11Meaning {
  return { signingName, signingReason }
}

async function sealOf(
  services: SigningServices,
  platform: PlatformSigning,
  signer: RequestSigner,
  accountName: string | undefined,
): Promise<SealSigning | undefined> {
  if (accountName === undefined) return undefined
  if (signer.kind === 'direct') throw sealNotAllowed()
  return sealForSigner(services, platform.pki, signer.caller.userId, accountName)
}

/** A sealing's identity: the seal names the signature; the caller stays the audit trail's actor. */
function sealIdentity(
  signer: RequestSigner,
  seal: SealSigning,
  { item }: SignableRequest,
): Omit<SigningIdentity, 'verifications'> | 'exhausted' {
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
 * The signing name, quality and audit actor of one signature. An account needs a free signature left
 * (SPEC §6) and signs at the request's quality when it asks for one (`identification_required` while
 * they do not hold it), else with the quality its record allows (or aes when the request's business
 * vouches for it). A direct-link signer signs simply unless the request asks for more, which their
 * identification for this signature must have unlocked. A qualified signature of an account whose name no
 * longer matches its identification answers `serial_mismatch`.
 */
async function identify(
  services: SigningServices,
  signer: RequestSigner,
  { request, signature, item }: SignableRequest,
): Promise<
  Omit<SigningIdentity, 'verifications'> | 'exhausted' | 'identification_required' | 'serial_mismatch'
> {
  const signingReason =
    item.signingReason === undefined || item.signingReason === '' ? undefined : item.signingReason
  if (signer.kind === 'direct') {
    const quality = requestQuality(signature.directAttributes, request, false, 'ses')
    if (quality === 'identification_required') return quality
    const data = signature.signerIdentityData
    const name = displayName(data, signature.accountEmail)
    return {
      name,
      signingName: item.signingName ?? name,
      signingReason,
      email: signature.accountEmail,
      quality,
      caller: {
        userId: signature.id,
        email: signature.accountEmail,
        ip: signer.ip,
        signatureId: signature.id,
        groupIds: [],
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
  const name = displayName(user, user.email)
  const vouching = await vouchingBusiness(services.db, request.ownerId, user)
  const quality = requestQuality(user.attributes, request, vouching !== null)
  if (quality === 'identification_required') return quality
  if (quality === 'qes' && (await nameMismatch(services.db, user))) return 'serial_mismatch'
  // The business's word makes a signature advanced only when the signer's own record does not.
  const vouchedBy =
    vouching !== null && quality === 'aes' && !allowedQualities(user.attributes).includes('aes')
      ? vouching
      : undefined
  const visualSignature = await renderSigningVisualSignature(services, user.id, quality, services.now())
  const company = signature.formFields.some((field) => field.kind === 'company')
    ? ((await businessOfAccount(services.db, user.id))?.name ?? '')
    : ''
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
    company,
  }
}
