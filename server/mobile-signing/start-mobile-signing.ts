import { randomUUID } from 'node:crypto'
import { maskMobile, mobileSigningLifetimeMs, mobileSigningMaxTries } from '../../contract/mobile-signing.ts'
import type { SignRequestItem } from '../../contract/signing.ts'
import { findPerson } from '../accounts/find-person.ts'
import { mobileSignings } from '../db/schema/mobile-signing.ts'
import { ApiError } from '../http/api-error.ts'
import type { Part11Meaning, RequestSigner, SecondFactorKind } from '../signing/sign-requests.ts'
import type { SigningServices } from '../signing/signing-services.ts'
import type { MobileSigningBody } from './mobile-signing-body.ts'
import { hashOneTimePassword, newOneTimePassword } from './one-time-password.ts'
import { sendSms } from './send-sms.ts'
import { signingSms } from './signing-sms.ts'

/** The qualified part of a sign call, kept until the signer confirms it on their phone. */
export type DeferredSigning = {
  signatureRequests: SignRequestItem[]
  language: string
  part11: Part11Meaning | undefined
  titles: string[]
  /** The second factor the sender asked for, spent when the signing started. */
  secondFactor: SecondFactorKind | undefined
}

/** What the sign answer tells about a started mobile signing (contract/signing.ts sign result). */
export type StartedMobileSigning = { mobileSigningId: string; mobileProvider: string; maskedMobile: string }

/** The provider, or 503 while none is configured. */
export function mobileProviderOf(services: Pick<SigningServices, 'mobileSigning'>) {
  if (services.mobileSigning === undefined)
    throw new ApiError(503, 'server.unavailable', 'Qualified signing on the phone is not available')
  return services.mobileSigning
}

/**
 * Starts the phone confirmation of a qualified signing: stores the sign call with the hash of a new 6-digit
 * one-time password (5 tries, 5 minutes by the server's clock) and sends the password by SMS to the
 * signer's mobile number: an account's `mobile` attribute, a direct-link signer's number from their
 * signature (the sender's identity data, else their own `mobile`). Without a number: 409
 * `mobile_signing.mobile_missing` naming `mobile`, and nothing is signed.
 */
export async function startMobileSigning(
  services: SigningServices,
  signer: RequestSigner,
  deferred: DeferredSigning,
): Promise<StartedMobileSigning> {
  const provider = mobileProviderOf(services)
  const mobile = await mobileOf(services, signer)
  if (mobile === undefined)
    throw new ApiError(
      409,
      'mobile_signing.mobile_missing',
      'mobile: a qualified signature is confirmed by SMS; register a mobile number first',
      { field: 'mobile' },
    )
  const id = randomUUID()
  const password = newOneTimePassword()
  const now = services.now()
  const body: MobileSigningBody = {
    purpose: 'sign',
    signatureRequests: deferred.signatureRequests,
    language: deferred.language,
    titles: deferred.titles,
    ...(deferred.part11 === undefined ? {} : { part11: deferred.part11 }),
    ...(deferred.secondFactor === undefined ? {} : { secondFactor: deferred.secondFactor }),
  }
  const providerRef = await sendSms(
    provider,
    mobile,
    signingSms(deferred.language, password, deferred.titles),
    id,
  )
  await services.db.insert(mobileSignings).values({
    id,
    ...(signer.kind === 'account' ? { userId: signer.caller.userId } : { signatureId: signer.signatureId }),
    provider: provider.name,
    providerRef,
    mobile,
    body,
    secretHash: hashOneTimePassword(id, password),
    status: 'pending',
    triesLeft: mobileSigningMaxTries,
    sentCount: 1,
    lastSentAt: now,
    expiresAt: new Date(now.getTime() + mobileSigningLifetimeMs),
    createdAt: now,
  })
  return { mobileSigningId: id, mobileProvider: provider.name, maskedMobile: maskMobile(mobile) }
}

async function mobileOf(services: SigningServices, signer: RequestSigner): Promise<string | undefined> {
  const person = await findPerson(
    services.db,
    signer.kind === 'account' ? { userId: signer.caller.userId } : signer,
  )
  return nonEmpty(person?.identity?.mobileNumber) ?? nonEmpty(person?.attributes.mobile?.[0])
}

const nonEmpty = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? undefined : value.trim()
